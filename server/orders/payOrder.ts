import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { appointments, ledgerEntries, orders, performanceRecords, programs, staff, touchUpEntitlements } from '../db/schema';
import { audit, auditInsert } from '../audit/audit';
import { conflict, invalid, notFound } from '../http/errors';
import { actingShop, type Actor } from '../auth/actor';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { stepAppointment } from '../appointments/transitions';
import { closeLockShared, openMoneyDay } from '../dailyClose/businessDay';
import { commissionFen, splitByShares } from '../../contract/shareSplit';
import {
  isCardLine,
  ORDER_FIELD_LABELS as L,
  orderCancelRefusal,
  orderPayRefusal,
  PAYMENT_METHOD_LABELS,
  type Order,
  type OrderStatus,
  type orderPaySchema,
} from '../../contract/order';
import { fenToYuan } from '../../contract/money';
import { actingShopName, lockOrder, ORDER_MISSING, orderView, type OrderRow } from './orderRow';
import { settleCards } from '../cards/checkout';

export type OrderPayment = z.output<typeof orderPaySchema>['payments'][number];

const DAY_MS = 86_400_000;

type PaidOrder = Pick<OrderRow, 'id' | 'orderNo' | 'shopId' | 'customerId' | 'customerName' | 'lines' | 'payableFen' | 'staffShares'> & {
  payments: readonly { method: string; amountFen: number }[];
};

/** What of an order's payable is for cards sold (all of it paid in money: a card is never bought with a card). */
export function cardSalesFen(order: Pick<OrderRow, 'lines'>): number {
  return order.lines.reduce((s, l) => s + (isCardLine(l) ? l.amountFen : 0), 0);
}

/**
 * The performance records of a paid order: its services' part of the payable (kind sale) and its
 * cards' part (kind card-sale, 售卡), each split by the staff shares with the largest-remainder
 * method, each share with the commission at its staff member's rate; a part of 0 (sessions redeemed
 * only) earns none. Pure, so the demo data's records come out exactly as the cashier's.
 */
export function saleRecords(order: PaidOrder, rateOf: (staffId: number) => number) {
  const cardsFen = cardSalesFen(order);
  const parts = [
    { kind: 'sale' as const, amountFen: order.payableFen - cardsFen },
    { kind: 'card-sale' as const, amountFen: cardsFen },
  ].filter((p) => p.amountFen > 0);
  return parts.flatMap((part) => {
    const amounts = splitByShares(
      part.amountFen,
      order.staffShares.map((s) => s.shareBp),
    );
    return order.staffShares.map((s, i) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      shopId: order.shopId,
      staffId: s.staffId,
      staffName: s.staffName,
      kind: part.kind,
      shareBp: s.shareBp,
      amountFen: amounts[i],
      commissionRateBp: rateOf(s.staffId),
      commissionFen: commissionFen(amounts[i], rateOf(s.staffId)),
    }));
  });
}

/**
 * The ledger's income of a paid order, on its business day: the money received, as
 * 售卡收入 for the cards sold and 服务收入 for the rest. A stored-value payment is no new money (it
 * came in when the card was sold) and writes nothing. The day is the business day the money lands
 * on: the Shanghai day it was paid unless that day is already closed (server/dailyClose/businessDay.ts).
 * The order's payments name the methods, so the entries name none.
 */
export function incomeEntries(
  order: PaidOrder,
  by: { accountId: number; accountName: string },
  paidAt: number,
  day = shanghaiDayOf(paidAt),
) {
  const moneyFen = order.payments.reduce((s, p) => s + (p.method === 'stored-value' ? 0 : p.amountFen), 0);
  const cardsFen = cardSalesFen(order);
  const entry = (category: 'service' | 'card-sale', amountFen: number) => ({
    shopId: order.shopId,
    type: 'income' as const,
    category,
    amountFen,
    method: null,
    occurredOn: day,
    note: `订单 ${order.orderNo} ${order.customerName}`.slice(0, 200),
    orderId: order.id,
    createdBy: by.accountId,
    createdByName: by.accountName.slice(0, 30),
  });
  return [entry('service', moneyFen - cardsFen), entry('card-sale', cardsFen)].filter((e) => e.amountFen > 0);
}

/** A touch-up entitlement for each service line whose program grants one (a customer's order only), from `paidAt` for its touch-up days. */
export function orderEntitlements(order: PaidOrder, touchUpDaysOf: (programId: number) => number, paidAt: number) {
  if (order.customerId === null) return [];
  return order.lines.flatMap((l) => {
    if (isCardLine(l)) return [];
    const days = touchUpDaysOf(l.programId);
    if (days <= 0) return [];
    return [
      {
        shopId: order.shopId,
        customerId: order.customerId!,
        programId: l.programId,
        source: 'order',
        orderId: order.id,
        validFrom: new Date(paidAt).toISOString(),
        validUntil: new Date(paidAt + days * DAY_MS).toISOString(),
      },
    ];
  });
}

type StaffRate = { id: number; rate: number };
type ProgramTouchUp = { id: number; days: number };

/**
 * The shop's order, locked until the transaction ends, with the commission rate of each staff member
 * of its shares and the touch-up days of each program of its lines, as they are now.
 */
async function lockOrderForPayment(tx: Tx, shopId: number, id: number) {
  const [found] = await tx
    .select({
      order: orders,
      rates: sql<StaffRate[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'rate', s.commission_rate_bp)), '[]')
         from ${staff} s where s.id in (select (x->>'staffId')::int from jsonb_array_elements(${orders.staffShares}) x))`,
      touchUpDays: sql<ProgramTouchUp[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'days', p.touch_up_days)), '[]')
         from ${programs} p where p.id in (select (x->>'programId')::int from jsonb_array_elements(${orders.lines}) x))`,
      // The shop's close lock, shared, with the order's row lock: one round trip less per pay.
      closeLock: closeLockShared(orders.shopId),
    })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.shopId, shopId)))
    .for('update', { of: orders })
    .prepare('order_pay_lock')
    .execute();
  if (!found) throw notFound(ORDER_MISSING);
  return found;
}

/**
 * POST orders/:id/pay: an unpaid order whose payments add up to its payable exactly becomes paid,
 * and with it, all or nothing: the stored-value payments taken from their cards, the package
 * sessions redeemed, the cards sold issued (server/cards/checkout.ts), one pending performance
 * record per staff share and kind, the money received in the ledger, the touch-up entitlements its
 * lines grant, its arrived appointment completed, and an audit row.
 *
 * One transaction that starts by locking the order row: a concurrent pay or cancel of the same order
 * waits here and then finds it no longer unpaid. Anything else a pay must hold steady (a balance it
 * draws on) is locked next to it, and the shop's close lock is held shared. The rows it writes go in
 * last, in one statement with the order's own update: the orders trigger then updates the shop's
 * daily sales row (server/db/migrations/0005_reporting.sql, in slots since 0017), which is held only
 * until the commit.
 */
export async function payOrder(tx: Tx, actor: Actor, id: number, payments: OrderPayment[], now = Date.now()): Promise<Order> {
  const shopId = actingShop(actor);
  const { order: before, rates, touchUpDays } = await lockOrderForPayment(tx, shopId, id);
  const status = before.status as OrderStatus;
  if (status !== 'unpaid') throw conflict(orderPayRefusal(status));
  const paidFen = payments.reduce((s, p) => s + p.amountFen, 0);
  if (paidFen !== before.payableFen) {
    const msg = `${L.payments}合计 ${fenToYuan(paidFen)} 元，须等于应收 ${fenToYuan(before.payableFen)} 元`;
    throw invalid(msg, [{ field: 'payments', message: msg }]);
  }
  const cards = await settleCards(tx, actor, before, payments, now);
  const paidAt = new Date(now).toISOString();
  // The day its money counts on in the close, kept on the order too: one paid wholly by stored value or
  // package sessions writes no ledger entry to carry it.
  const businessDay = await openMoneyDay(tx, shopId, now);
  const paid = { status: 'paid' as const, payments: cards.payments, lines: cards.lines, paidFen, paidAt, businessDay, updatedAt: paidAt };
  const row: OrderRow = { ...before, ...paid };
  if (row.appointmentId !== null) {
    // Completed by hand meanwhile is fine; any other step is the appointment's own rule (409).
    const [a] = await tx.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, row.appointmentId));
    if (a.status !== 'completed') await stepAppointment(tx, actor, shopId, row.appointmentId, 'complete', '', now);
  }
  const records = saleRecords(row, (id) => rates.find((r) => r.id === id)?.rate ?? 0);
  const income = incomeEntries(row, actor.session, now, businessDay);
  const rights = orderEntitlements(row, (id) => touchUpDays.find((p) => p.id === id)?.days ?? 0, now);
  const how = payments.map((p) => `${PAYMENT_METHOD_LABELS[p.method]} ${fenToYuan(p.amountFen)}`).join('、') || '次卡核销';
  // Every row the pay writes goes in with the order's own update, in one statement: one round trip
  // instead of five on the path every cashier takes (docs/performance.md).
  const writes = [
    records.length ? tx.$with('performance').as(tx.insert(performanceRecords).values(records)) : null,
    income.length ? tx.$with('income').as(tx.insert(ledgerEntries).values(income)) : null,
    rights.length ? tx.$with('touch_ups').as(tx.insert(touchUpEntitlements).values(rights)) : null,
    tx.$with('audited').as(
      auditInsert(tx, actor, {
        action: 'pay',
        entity: 'order',
        entityId: id,
        summary: `收款 ${row.orderNo} ${fenToYuan(paidFen)} 元（${how}）`,
      }),
    ),
  ].filter((w) => w !== null);
  await tx
    .with(...writes)
    .update(orders)
    .set(paid)
    .where(eq(orders.id, id))
    .prepare(`order_paid_${records.length}_${income.length}_${rights.length}`)
    .execute();
  return orderView(row, actingShopName(actor));
}

/** POST orders/:id/cancel: an unpaid order only, with its reason; a paid one is refunded through an after-sale. */
export async function cancelOrder(tx: DbOrTx, actor: Actor, id: number, reason: string): Promise<Order> {
  const shopId = actingShop(actor);
  const before = await lockOrder(tx, shopId, id);
  const status = before.status as OrderStatus;
  if (status !== 'unpaid') throw conflict(orderCancelRefusal(status));
  const [row] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  await audit(tx, actor, { action: 'cancel', entity: 'order', entityId: id, summary: `取消订单 ${row.orderNo}；原因：${reason}` });
  return orderView(row, actingShopName(actor));
}
