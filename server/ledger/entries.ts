import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { ledgerEntries } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid, notFound } from '../http/errors';
import { pgErrorOf } from '../http/resource';
import { actingShop, visibleTo, type Actor } from '../auth/actor';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../contract/order';
import { moneyDay, refuseFixedDay } from '../dailyClose/businessDay';
import {
  ledgerEntryResource,
  LEDGER_CATEGORY_LABELS,
  LEDGER_FIELD_LABELS,
  SYSTEM_LEDGER_CATEGORIES,
  type LedgerEntry,
  type LedgerEntryInput,
} from '../../contract/ledgerEntry';
import { readLedgerEntry } from './listing';

const e = ledgerEntries;
const ENTITY = 'ledger';
const ALREADY_REVERSED = '该账目已冲正过，不能重复冲正';

const author = (actor: Actor) => ({ createdBy: actor.session.accountId, createdByName: actor.session.accountName });

/** How far back a hand entry may be dated: the books of a month are settled in the next one. */
const BACKDATE_DAYS = 31;
const DAY_MS = 86_400_000;

/** A hand entry's day is today or within BACKDATE_DAYS before it (Shanghai days); a future day is no entry yet. */
function checkOccurredOn(occurredOn: string, now: number): void {
  const today = shanghaiDayOf(now);
  const earliest = shanghaiDayOf(now - BACKDATE_DAYS * DAY_MS);
  const message =
    occurredOn > today
      ? `${LEDGER_FIELD_LABELS.occurredOn}不能晚于今天（${today}）`
      : occurredOn < earliest
        ? `${LEDGER_FIELD_LABELS.occurredOn}最早可补记到 ${BACKDATE_DAYS} 天前（${earliest}）`
        : null;
  if (message) throw invalid(message, [{ field: 'occurredOn', message }]);
}

/** POST ledger: a manager's hand entry (the categories a person may enter) in the current shop, on a day not closed. */
export async function addLedgerEntry(db: Db, actor: Actor, input: Required<LedgerEntryInput>): Promise<LedgerEntry> {
  const shopId = actingShop(actor);
  checkOccurredOn(input.occurredOn, Date.now());
  return db.transaction(async (tx) => {
    await refuseFixedDay(tx, shopId, input.occurredOn);
    const [{ id }] = await tx
      .insert(e)
      .values({
        shopId,
        type: input.type,
        category: input.category,
        amountFen: input.amountFen,
        method: input.method,
        occurredOn: input.occurredOn,
        note: input.note,
        ...author(actor),
      })
      .returning({ id: e.id });
    await audit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      summary: `${input.occurredOn} ${LEDGER_CATEGORY_LABELS[input.category]} ${PAYMENT_METHOD_LABELS[input.method]} ${input.amountFen} 分 ${input.note}`,
    });
    return readLedgerEntry(tx, actor.session, id);
  });
}

/**
 * POST ledger/:id/reverse: a new entry of the same type, category and method with the negated amount,
 * dated on today's business day (the next open day once today is closed), pointing at the one it corrects; both stay. Once per entry (the unique index settles a race),
 * never of a reversal, and only of hand entries: service income and refunds follow their orders.
 */
export async function reverseLedgerEntry(db: Db, actor: Actor, id: number, reason: string): Promise<LedgerEntry> {
  const shopId = actingShop(actor);
  try {
    return await db.transaction(async (tx) => {
      const [entry] = await tx.select().from(e).where(eq(e.id, id)).for('update');
      if (!entry) throw notFound(ledgerEntryResource.missing);
      visibleTo(actor.session, entry.shopId, ledgerEntryResource.missing);
      if (entry.reversalOf !== null) throw conflict('冲正记录不能再冲正');
      if (Object.hasOwn(SYSTEM_LEDGER_CATEGORIES, entry.category))
        throw conflict(`${LEDGER_CATEGORY_LABELS[entry.category]}由系统记账，不能冲正`);
      const [done] = await tx.select({ id: e.id }).from(e).where(eq(e.reversalOf, id));
      if (done) throw conflict(ALREADY_REVERSED);
      const [{ id: reversalId }] = await tx
        .insert(e)
        .values({
          shopId,
          type: entry.type,
          category: entry.category,
          amountFen: -entry.amountFen,
          method: entry.method,
          occurredOn: await moneyDay(tx, shopId),
          note: `冲正 #${id}：${reason}`.slice(0, 200),
          reversalOf: id,
          ...author(actor),
        })
        .returning({ id: e.id });
      await audit(tx, actor, {
        action: 'reverse',
        entity: ENTITY,
        entityId: id,
        summary: `冲正账目 #${id}（${entry.amountFen} 分）为 #${reversalId}；原因：${reason}`,
      });
      return readLedgerEntry(tx, actor.session, reversalId);
    });
  } catch (err) {
    if (pgErrorOf(err).constraint === 'ledger_entries_reversal_key') throw conflict(ALREADY_REVERSED);
    throw err;
  }
}

/**
 * The negative income entries of an executed refund, one per channel, on today's business day, in
 * the refund's transaction.
 */
export async function recordRefund(
  tx: DbOrTx,
  actor: Actor,
  refund: {
    shopId: number;
    orderId: number;
    orderNo: string;
    afterSaleId: number;
    channels: { method: PaymentMethod; amountFen: number }[];
  },
): Promise<void> {
  const occurredOn = await moneyDay(tx, refund.shopId);
  await tx.insert(e).values(
    refund.channels.map((c) => ({
      shopId: refund.shopId,
      type: SYSTEM_LEDGER_CATEGORIES.refund,
      category: 'refund' as const,
      amountFen: -c.amountFen,
      method: c.method,
      occurredOn,
      note: `订单 ${refund.orderNo} 退款（${PAYMENT_METHOD_LABELS[c.method]}）`,
      orderId: refund.orderId,
      afterSaleId: refund.afterSaleId,
      ...author(actor),
    })),
  );
}
