import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { dailyCloses, ledgerEntries, shops } from '../db/schema';
import { notFound } from '../http/errors';
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/order';
import type { CloseMethodLine, DailyClose } from '../../contract/dailyClose';
import { dayMoneySums } from './dayMoney';

export type DailyCloseRecord = typeof dailyCloses.$inferSelect;

const SHOP_MISSING = '门店不存在';

/** What the books say of one shop's day, before anything is counted. */
export interface DayBooks {
  byMethod: CloseMethodLine[];
  cardSalesFen: number;
  cashExpenseFen: number;
  openingFloatFen: number;
  expectedCashFen: number;
}

/**
 * What a non-cash method's statement should show for the day: its takings less its refunds. Expenses
 * paid with it (rent through the bank) are not on the payment platform's statement.
 */
export const takingsOf = (line: CloseMethodLine) => line.inFen - line.refundFen;

/**
 * The day's money by method (dayMoney.ts: orders' payments on their business day, hand income and
 * expenses by their method, refunds by their channel, refunds back onto stored value on the 储值卡 line,
 * outside the drawer). Every method has a line, in PAYMENT_METHODS' order.
 */
async function methodLines(db: DbOrTx, shopId: number, day: string): Promise<CloseMethodLine[]> {
  const sums = await dayMoneySums(db, shopId, day);
  const lines = PAYMENT_METHODS.map((method) => ({ method, inFen: 0, refundFen: 0, expenseFen: 0, statementFen: null }));
  for (const r of sums) {
    const line = lines.find((l) => l.method === r.method);
    if (line) line[`${r.kind}Fen` as 'inFen' | 'refundFen' | 'expenseFen'] += r.fen;
  }
  return lines;
}

/**
 * The books of a shop's day: its lines, the opening float (the cash the previous close kept in the
 * drawer), the cards sold (the day's 售卡收入) and the cash expected in the drawer: float + cash in −
 * cash refunds − cash expenses.
 */
export async function dayBooks(db: DbOrTx, shopId: number, day: string): Promise<DayBooks> {
  const byMethod = await methodLines(db, shopId, day);
  const [previous] = await db
    .select({ floatFen: dailyCloses.floatFen })
    .from(dailyCloses)
    .where(and(eq(dailyCloses.shopId, shopId), lt(dailyCloses.day, day)))
    .orderBy(desc(dailyCloses.day))
    .limit(1);
  const openingFloatFen = previous?.floatFen ?? 0;
  const [cardSales] = await db
    .select({ fen: sql<number>`coalesce(sum(${ledgerEntries.amountFen}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.shopId, shopId), eq(ledgerEntries.occurredOn, day), eq(ledgerEntries.category, 'card-sale')));
  const cash = byMethod.find((l) => l.method === 'cash')!;
  return {
    byMethod,
    cardSalesFen: cardSales.fen,
    cashExpenseFen: cash.expenseFen,
    openingFloatFen,
    expectedCashFen: openingFloatFen + takingsOf(cash) - cash.expenseFen,
  };
}

export async function shopNameOrMissing(db: DbOrTx, shopId: number): Promise<string> {
  const [shop] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw notFound(SHOP_MISSING);
  return shop.name;
}

/** A stored close as the API answers it. */
export function closeView(row: DailyCloseRecord, shopName: string): DailyClose & { id: number } {
  return {
    id: row.id,
    shopId: row.shopId,
    shopName,
    day: row.day,
    status: row.status,
    byMethod: row.byMethod,
    cardSalesFen: row.cardSalesFen,
    cashExpenseFen: row.cashExpenseFen,
    openingFloatFen: row.openingFloatFen,
    expectedCashFen: row.expectedCashFen,
    countedCashFen: row.countedCashFen,
    differenceFen: row.differenceFen,
    hasDifference: row.hasDifference,
    floatFen: row.floatFen,
    reason: row.reason,
    submittedBy: row.submittedByName,
    submittedAt: row.submittedAt,
    confirmedBy: row.confirmedByName,
    confirmedAt: row.confirmedAt,
    returnReason: row.returnReason,
  };
}

/**
 * GET daily-closes/:shopId/:day: a submitted or confirmed day as stored; an open day computed now; a
 * returned day computed now beside what was counted when it was submitted, for the manager to correct.
 */
export async function readDay(db: DbOrTx, shopId: number, day: string): Promise<DailyClose> {
  const shopName = await shopNameOrMissing(db, shopId);
  const [row] = await db
    .select()
    .from(dailyCloses)
    .where(and(eq(dailyCloses.shopId, shopId), eq(dailyCloses.day, day)));
  if (row && row.status !== 'returned') return closeView(row, shopName);
  const books = await dayBooks(db, shopId, day);
  if (row) {
    const stated = (m: PaymentMethod) => row.byMethod.find((l) => l.method === m)?.statementFen ?? null;
    return {
      ...closeView(row, shopName),
      ...books,
      byMethod: books.byMethod.map((l) => ({ ...l, statementFen: stated(l.method) })),
      differenceFen: row.countedCashFen - books.expectedCashFen,
    };
  }
  return {
    id: null,
    shopId,
    shopName,
    day,
    status: 'open',
    ...books,
    countedCashFen: null,
    differenceFen: null,
    hasDifference: false,
    floatFen: null,
    reason: '',
    submittedBy: '',
    submittedAt: null,
    confirmedBy: '',
    confirmedAt: null,
    returnReason: '',
  };
}
