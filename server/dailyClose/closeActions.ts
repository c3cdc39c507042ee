import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import type { AnswerCache } from '../db/answerCache';
import { dailyCloses } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid, notFound } from '../http/errors';
import { visibleTo, type Actor } from '../auth/actor';
import { fenToYuan } from '../../contract/money';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import {
  DAILY_CLOSE_FIELD_LABELS as L,
  DAILY_CLOSE_STATUS_LABELS,
  dailyCloseResource,
  type DailyClose,
  type dailyCloseSubmitSchema,
  type closeEntriesQuerySchema,
} from '../../contract/dailyClose';
import { lockShopDays } from './businessDay';
import { closeView, dayBooks, takingsOf, readDay, shopNameOrMissing } from './figures';
import { dayMoneyEntries } from './dayMoney';

const ENTITY = 'daily-close';
const MISSING = dailyCloseResource.missing;

export type DailyCloseSubmitInput = z.output<typeof dailyCloseSubmitSchema>;
type CloseEntriesQuery = z.output<typeof closeEntriesQuerySchema>;

const dayFields = (message: string) => invalid(message, [{ field: 'day', message }]);

/**
 * A shop's day the session may see: a manager only its current shop's (another shop's is 404). The
 * answer is kept in `days` while nothing the day reads changed in its shop (topic close).
 */
export async function readShopDay(
  db: Db,
  pool: pg.Pool,
  days: AnswerCache<DailyClose>,
  actor: Actor,
  shopId: number,
  day: string,
): Promise<DailyClose> {
  visibleTo(actor.session, shopId, MISSING);
  return days.answer(pool, `${shopId}/${day}`, shopId, () => readDay(db, shopId, day));
}

/** The movements behind one figure of a shop's day the session may see (a manager only its current shop's). */
export async function readShopDayEntries(db: Db, actor: Actor, shopId: number, day: string, figure: CloseEntriesQuery) {
  visibleTo(actor.session, shopId, MISSING);
  await shopNameOrMissing(db, shopId);
  return dayMoneyEntries(db, shopId, day, figure.method, figure.kind);
}

/**
 * POST daily-closes/:shopId/:day/submit, in one transaction holding the shop's days still (no payment
 * or refund of the shop lands meanwhile): the books of the day with the counted cash and statements,
 * stored as they stand. An open or returned day only; a second submit of the same day, even at the
 * same moment, is 409 (the insert's conflict clause reads the status in the same statement).
 */
export async function submitClose(db: Db, actor: Actor, shopId: number, day: string, input: DailyCloseSubmitInput): Promise<DailyClose> {
  visibleTo(actor.session, shopId, MISSING);
  if (day > shanghaiDayOf(Date.now())) throw dayFields(`${L.day}未到，不能日结`);
  return db.transaction(async (tx) => {
    const shopName = await shopNameOrMissing(tx, shopId);
    await lockShopDays(tx, shopId);
    const books = await dayBooks(tx, shopId, day);
    const byMethod = books.byMethod.map((l) => ({
      ...l,
      statementFen: input.statements.find((s) => s.method === l.method)?.amountFen ?? null,
    }));
    const differenceFen = input.countedCashFen - books.expectedCashFen;
    const statementDiffers = byMethod.some((l) => l.statementFen !== null && l.statementFen !== takingsOf(l));
    const hasDifference = differenceFen !== 0 || statementDiffers;
    if (hasDifference && !input.reason) {
      const message = `有${differenceFen > 0 ? '长款' : differenceFen < 0 ? '短款' : '对账差异'}，请填写${L.reason}`;
      throw invalid(message, [{ field: 'reason', message }]);
    }
    const stored = {
      status: 'submitted' as const,
      byMethod,
      cardSalesFen: books.cardSalesFen,
      cashExpenseFen: books.cashExpenseFen,
      openingFloatFen: books.openingFloatFen,
      expectedCashFen: books.expectedCashFen,
      countedCashFen: input.countedCashFen,
      differenceFen,
      hasDifference,
      floatFen: input.floatFen,
      reason: input.reason,
      submittedBy: actor.session.accountId,
      submittedByName: actor.session.accountName.slice(0, 30),
      submittedAt: sql`now()`,
      updatedAt: sql`now()`,
    };
    const [row] = await tx
      .insert(dailyCloses)
      .values({ shopId, day, ...stored })
      .onConflictDoUpdate({
        target: [dailyCloses.shopId, dailyCloses.day],
        set: stored,
        setWhere: sql`${dailyCloses.status} = 'returned'`,
      })
      .returning();
    if (!row) throw conflict(`${day} 的日结已提交，不能重复提交`);
    await audit(tx, actor, {
      action: 'submit',
      entity: ENTITY,
      entityId: row.id,
      summary: [
        `${shopName} ${day} 提交日结：应有现金 ¥${fenToYuan(books.expectedCashFen)}`,
        `实点 ¥${fenToYuan(input.countedCashFen)}`,
        `差异 ¥${fenToYuan(differenceFen)}`,
        `留存备用金 ¥${fenToYuan(input.floatFen)}${input.reason ? `；原因：${input.reason}` : ''}`,
      ].join('，'),
    });
    return closeView(row, shopName);
  });
}

/**
 * Finance's decision on a submitted day, one statement that reads and changes the status together:
 * of two people deciding the same day at once one gets the result, the other 409.
 */
async function decide(
  db: Db,
  actor: Actor,
  shopId: number,
  day: string,
  decision: { status: 'confirmed'; reason?: undefined } | { status: 'returned'; reason: string },
): Promise<DailyClose> {
  return db.transaction(async (tx: Tx) => {
    const shopName = await shopNameOrMissing(tx, shopId);
    const where = and(eq(dailyCloses.shopId, shopId), eq(dailyCloses.day, day));
    const set =
      decision.status === 'confirmed'
        ? {
            status: 'confirmed' as const,
            confirmedBy: actor.session.accountId,
            confirmedByName: actor.session.accountName.slice(0, 30),
            confirmedAt: sql`now()`,
            returnReason: '',
          }
        : { status: 'returned' as const, returnReason: decision.reason };
    const [row] = await tx
      .update(dailyCloses)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(where, eq(dailyCloses.status, 'submitted')))
      .returning();
    if (!row) {
      const [found] = await tx.select({ status: dailyCloses.status }).from(dailyCloses).where(where);
      if (!found) throw notFound(`${day} 尚未提交日结`);
      throw conflict(`${day} 的日结${DAILY_CLOSE_STATUS_LABELS[found.status]}，不能${decision.status === 'confirmed' ? '确认' : '退回'}`);
    }
    await audit(tx, actor, {
      action: decision.status === 'confirmed' ? 'confirm' : 'return',
      entity: ENTITY,
      entityId: row.id,
      summary: `${shopName} ${day} 日结${decision.status === 'confirmed' ? '确认' : `退回；原因：${decision.reason}`}`,
    });
    return closeView(row, shopName);
  });
}

export const confirmClose = (db: Db, actor: Actor, shopId: number, day: string) => decide(db, actor, shopId, day, { status: 'confirmed' });
export const returnClose = (db: Db, actor: Actor, shopId: number, day: string, reason: string) =>
  decide(db, actor, shopId, day, { status: 'returned', reason });
