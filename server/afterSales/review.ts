import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  accountGrants,
  accounts,
  afterSales,
  ledgerEntries,
  orders,
  performanceRecords,
  programs,
  staff,
  touchUpEntitlements,
} from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid } from '../http/errors';
import type { Actor } from '../auth/actor';
import { raiseMessage } from '../messages/raiseMessage';
import { recordRefund } from '../ledger/entries';
import { lockAfterSale, readAfterSale, type AfterSaleRow } from './afterSaleRow';
import { lockOrder, type OrderRow } from '../orders/orderRow';
import { refundCard } from '../cards/refund';
import { returnedToCard, returnToStoredValue } from '../cards/reversal';
import { MESSAGE_TAGS } from '../../contract/message';
import { AFTER_SALE_TYPE_LABELS, afterSaleReviewRefusal, type AfterSale } from '../../contract/afterSale';
import { afterRefund, checkChannels, refundableByMethod, type RefundChannel } from '../../contract/refund';
import { fenToYuan } from '../../contract/money';
import { AFTER_SALE_TOUCH_UP_DAYS } from '../../contract/entitlement';
import { PAID_ORDER_STATUSES, PAYMENT_METHOD_LABELS, programLines, type OrderStatus } from '../../contract/order';
import { commissionFen, splitByShares } from '../../contract/shareSplit';

const ENTITY = 'after-sale';

/** The request, locked for its decision; it must still be pending (a second decision is 409). */
async function lockPending(tx: Tx, actor: Actor, id: number): Promise<AfterSaleRow> {
  const row = await lockAfterSale(tx, actor.session, id);
  if (row.status !== 'pending') throw conflict(afterSaleReviewRefusal(row.status));
  return row;
}

const refusedChannel = (message: string) => invalid(message, [{ field: 'channels', message }]);

/**
 * The channels a refund goes back through, checked against what each of the order's methods paid
 * less what earlier refunds sent back through it: the money methods by their ledger entries, stored
 * value by its reversal transactions on the card that paid.
 */
async function refundChannels(tx: Tx, order: OrderRow, amountFen: number, named: RefundChannel[] | undefined) {
  const refunded = await tx
    .select({ method: ledgerEntries.method, amountFen: sql<number>`-sum(${ledgerEntries.amountFen})::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.category, 'refund'), sql`${ledgerEntries.method} is not null`))
    .groupBy(ledgerEntries.method);
  const card = order.payments.find((p) => p.method === 'stored-value')?.cardId;
  const toCard = card === undefined ? null : await returnedToCard(tx, order.id, card);
  const checked = checkChannels(
    refundableByMethod(order.payments, [
      ...refunded.map((r) => ({ method: r.method!, amountFen: r.amountFen })),
      ...(toCard ? [{ method: 'stored-value' as const, amountFen: toCard.principalFen + toCard.bonusFen }] : []),
    ]),
    amountFen,
    named,
  );
  if ('refusal' in checked) throw refusedChannel(checked.refusal);
  return checked.channels;
}

/**
 * Executes a refund inside the approval: the order row is locked and the amount checked against it
 * again (another refund may have been executed since the request was made), then the channels, the
 * order's refunded amount and state, the negative ledger entry of each money channel (the stored-value
 * one goes back onto its card, server/cards/reversal.ts) and the negative
 * performance adjustments,
 * split over the order's staff by their original shares, each at the rate of that staff member's
 * sale record of the order (the rate the sale was paid at). An adjustment follows its sale record:
 * a staff member whose sale record finance rejected gets none (there is no performance to reduce).
 * The sale records are locked, so a rejection decided at the same moment is seen. A card refund
 * also takes the amount from the card (server/cards/refund.ts).
 */
async function executeRefund(tx: Tx, actor: Actor, request: AfterSaleRow, named: RefundChannel[] | undefined): Promise<string> {
  const amountFen = request.amountFen!;
  const order = await lockOrder(tx, request.shopId, request.orderId);
  if (!(PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) throw conflict('订单未支付，不能退款');
  const refunded = afterRefund(order, amountFen);
  if ('refusal' in refunded) throw conflict(refunded.refusal);
  const channels = await refundChannels(tx, order, amountFen, named);
  const { refundedFen, status } = refunded;
  await tx
    .update(orders)
    .set({ refundedFen, status, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  await tx.update(afterSales).set({ refundChannels: channels }).where(eq(afterSales.id, request.id));
  const money = channels.filter((c) => c.method !== 'stored-value');
  if (money.length)
    await recordRefund(tx, actor, {
      shopId: order.shopId,
      orderId: order.id,
      orderNo: order.orderNo,
      afterSaleId: request.id,
      channels: money,
    });
  const toCard = channels.find((c) => c.method === 'stored-value');
  const returned = toCard
    ? await returnToStoredValue(tx, actor, order, { afterSaleId: request.id, cardId: toCard.cardId!, amountFen: toCard.amountFen })
    : '';
  const card = request.cardId === null ? '' : await refundCard(tx, actor, order, { id: request.id, cardId: request.cardId, amountFen });

  const shares = order.staffShares;
  const staffIds = shares.map((s) => s.staffId);
  const sales = await tx
    .select({ staffId: performanceRecords.staffId, rate: performanceRecords.commissionRateBp, status: performanceRecords.status })
    .from(performanceRecords)
    .where(
      and(eq(performanceRecords.orderId, order.id), eq(performanceRecords.kind, 'sale'), inArray(performanceRecords.staffId, staffIds)),
    )
    .orderBy(performanceRecords.id)
    .for('update');
  const saleRates = sales.map(({ staffId, rate }) => ({ staffId, rate }));
  const rejected = new Set(sales.filter((r) => r.status === 'rejected').map((r) => r.staffId));
  const currentRates = await tx.select({ staffId: staff.id, rate: staff.commissionRateBp }).from(staff).where(inArray(staff.id, staffIds));
  const rateOf = new Map([...currentRates, ...saleRates].map((r) => [r.staffId, r.rate]));
  const parts = splitByShares(
    -amountFen,
    shares.map((s) => s.shareBp),
  );
  const adjustments = shares
    .map((s, i) => ({ share: s, amountFen: parts[i] }))
    .filter((a) => a.amountFen !== 0 && !rejected.has(a.share.staffId))
    .map(({ share, amountFen: part }) => {
      const rate = rateOf.get(share.staffId) ?? 0;
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        afterSaleId: request.id,
        shopId: order.shopId,
        staffId: share.staffId,
        staffName: share.staffName,
        kind: 'adjustment' as const,
        shareBp: share.shareBp,
        amountFen: part,
        commissionRateBp: rate,
        commissionFen: commissionFen(part, rate),
      };
    });
  if (adjustments.length) await tx.insert(performanceRecords).values(adjustments);
  const through = channels.map((c) => `${PAYMENT_METHOD_LABELS[c.method]} ¥${fenToYuan(c.amountFen)}`).join('、');
  const orderPart = `订单已退 ¥${fenToYuan(refundedFen)} / 实收 ¥${fenToYuan(order.paidFen)}`;
  const refund = card ? `${card}（${through}）` : `退款 ¥${fenToYuan(amountFen)}（${through}）`;
  return [refund, returned, orderPart].filter(Boolean).join('；');
}

/** A touch-up grants the order's customer a touch-up of the order's program, valid 30 days from now. */
async function grantTouchUp(tx: Tx, request: AfterSaleRow): Promise<string> {
  const order = await lockOrder(tx, request.shopId, request.orderId);
  if (order.customerId === null) throw conflict('散客订单没有客户档案，不能发放补色权益');
  const lineIds = programLines(order.lines).map((l) => l.programId);
  // The line that has a touch-up in its program, else the order's first line.
  const withTouchUp = await tx
    .select({ id: programs.id })
    .from(programs)
    .where(and(inArray(programs.id, lineIds), sql`${programs.touchUpDays} > 0`));
  const programId = withTouchUp.length ? lineIds.find((id) => withTouchUp.some((p) => p.id === id))! : lineIds[0];
  const now = Date.now();
  await tx.insert(touchUpEntitlements).values({
    shopId: order.shopId,
    customerId: order.customerId,
    programId,
    source: 'after-sale',
    validFrom: new Date(now).toISOString(),
    validUntil: new Date(now + AFTER_SALE_TOUCH_UP_DAYS * 86_400_000).toISOString(),
    orderId: order.id,
    afterSaleId: request.id,
  });
  return `已发放补色权益，${AFTER_SALE_TOUCH_UP_DAYS} 天内有效`;
}

/** The shop-managers of the requesting shop (active accounts): the result goes to their message box. */
async function shopManagers(tx: Tx, shopId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: accountGrants.accountId })
    .from(accountGrants)
    .innerJoin(accounts, eq(accounts.id, accountGrants.accountId))
    .where(and(eq(accountGrants.role, 'shop-manager'), eq(accountGrants.shopId, shopId), eq(accounts.status, 'active')));
  return rows.map((r) => r.id);
}

async function notifyShop(tx: Tx, request: AfterSaleRow, approved: boolean, content: string) {
  const type = AFTER_SALE_TYPE_LABELS[request.type];
  await raiseMessage(tx, await shopManagers(tx, request.shopId), {
    type: 'notice',
    title: `${type}申请${approved ? '已通过' : '已驳回'}：订单 ${request.orderNo}`,
    subTitle: request.customerName,
    content,
    messageType: approved ? MESSAGE_TAGS.done : MESSAGE_TAGS.attention,
  });
}

const reviewer = (actor: Actor) => ({
  reviewedBy: actor.session.accountId,
  reviewedByName: actor.session.accountName,
  reviewedAt: sql`now()`,
  updatedAt: sql`now()`,
});

/**
 * POST after-sales/:id/approve, in one transaction: the decision, what it executes (a refund through
 * its channels, a touch-up entitlement; a complaint only keeps the note), the audit row and the
 * shop's notice. When a refund no longer fits the order, nothing is done and the request stays
 * pending (409); channels that do not fit are 40000 on channels.
 */
export async function approveAfterSale(
  db: Db,
  actor: Actor,
  id: number,
  decision: { note: string; channels?: RefundChannel[] },
): Promise<AfterSale> {
  const { note } = decision;
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, actor, id);
    const done =
      request.type === 'refund'
        ? await executeRefund(tx, actor, request, decision.channels)
        : request.type === 'touch-up'
          ? await grantTouchUp(tx, request)
          : '投诉已记录';
    await tx
      .update(afterSales)
      .set({ status: 'approved', reviewNote: note, ...reviewer(actor) })
      .where(eq(afterSales.id, id));
    await audit(tx, actor, {
      action: 'approve',
      entity: ENTITY,
      entityId: id,
      summary: `${AFTER_SALE_TYPE_LABELS[request.type]}申请通过（订单 ${request.orderNo}）：${done}${note ? `；备注：${note}` : ''}`,
    });
    await notifyShop(tx, request, true, [done, note && `审核备注：${note}`].filter(Boolean).join('；'));
    return readAfterSale(tx, actor.session, id);
  });
}

/** POST after-sales/:id/reject: the reason is kept and sent to the shop. */
export async function rejectAfterSale(db: Db, actor: Actor, id: number, reason: string): Promise<AfterSale> {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, actor, id);
    await tx
      .update(afterSales)
      .set({ status: 'rejected', rejectReason: reason, ...reviewer(actor) })
      .where(eq(afterSales.id, id));
    await audit(tx, actor, {
      action: 'reject',
      entity: ENTITY,
      entityId: id,
      summary: `${AFTER_SALE_TYPE_LABELS[request.type]}申请驳回（订单 ${request.orderNo}）：${reason}`,
    });
    await notifyShop(tx, request, false, `驳回原因：${reason}`);
    return readAfterSale(tx, actor.session, id);
  });
}
