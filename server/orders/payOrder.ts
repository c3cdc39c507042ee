import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { appointments, auditLogs, ledgerEntries, orders, performanceRecords, touchUpEntitlements } from '../db/schema';
import { audit, auditRow } from '../audit/audit';
import { writeTogether } from '../db/writeTogether';
import { runShaped, shapedStatement, valueAt, valuesAt } from '../db/shapedStatement';
import { tableRow } from '../db/tableRow';
import { conflict, invalid, notFound } from '../http/errors';
import { pgErrorOf } from '../http/resource';
import { actingShop, type Actor } from '../auth/actor';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { stepAppointment } from '../appointments/transitions';
import { commissionFen, splitByShares } from '../../contract/shareSplit';
import {
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
import type { KeyInStatement } from '../idempotency/idempotency';

export type OrderPayment = z.output<typeof orderPaySchema>['payments'][number];

const DAY_MS = 86_400_000;

type PaidOrder = Pick<OrderRow, 'id' | 'orderNo' | 'shopId' | 'customerId' | 'customerName' | 'lines' | 'payableFen' | 'staffShares'>;

/**
 * The performance records of a paid order: its payable split by the staff shares with the
 * largest-remainder method, each with the commission at its staff member's rate. Pure, so the demo
 * data's records come out exactly as the cashier's.
 */
export function saleRecords(order: PaidOrder, rateOf: (staffId: number) => number) {
  const amounts = splitByShares(
    order.payableFen,
    order.staffShares.map((s) => s.shareBp),
  );
  return order.staffShares.map((s, i) => ({
    orderId: order.id,
    orderNo: order.orderNo,
    shopId: order.shopId,
    staffId: s.staffId,
    staffName: s.staffName,
    kind: 'sale' as const,
    shareBp: s.shareBp,
    amountFen: amounts[i],
    commissionRateBp: rateOf(s.staffId),
    commissionFen: commissionFen(amounts[i], rateOf(s.staffId)),
  }));
}

/** The ledger's service income of a paid order, on the Shanghai day it was paid. */
export function incomeEntry(order: PaidOrder, by: { accountId: number; accountName: string }, paidAt: number) {
  return {
    shopId: order.shopId,
    type: 'income' as const,
    category: 'service' as const,
    amountFen: order.payableFen,
    occurredOn: shanghaiDayOf(paidAt),
    note: `订单 ${order.orderNo} ${order.customerName}`.slice(0, 200),
    orderId: order.id,
    createdBy: by.accountId,
    createdByName: by.accountName.slice(0, 30),
  };
}

/** A touch-up entitlement for each line whose program grants one (a customer's order only), from `paidAt` for its touch-up days. */
export function orderEntitlements(order: PaidOrder, touchUpDaysOf: (programId: number) => number, paidAt: number) {
  if (order.customerId === null) return [];
  return order.lines.flatMap((l) => {
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

/**
 * The shop's order (null when there is none) with what paying it needs: the commission rate of each
 * staff member of its shares and the touch-up days of each program of its lines, as they are now,
 * and the key's stored answer. One round trip, always one row.
 */
async function orderForPayment(db: Db, shopId: number, id: number, key: KeyInStatement<Order>) {
  const statement = shapedStatement(
    `order.forPayment.${key.shape}`,
    () => sql`
    select ${orders}.*,
      (select coalesce(json_agg(json_build_object('id', s.id, 'rate', s.commission_rate_bp)), '[]')
         from staff s where s.id in (select (x->>'staffId')::int from jsonb_array_elements(${orders.staffShares}) x)) as rates,
      (select coalesce(json_agg(json_build_object('id', p.id, 'days', p.touch_up_days)), '[]')
         from programs p where p.id in (select (x->>'programId')::int from jsonb_array_elements(${orders.lines}) x)) as touch_up_days,
      ${key.stored} as stored
    from (select 1) as one left join ${orders} on ${orders.id} = ${valueAt('id')} and ${orders.shopId} = ${valueAt('shopId')}`,
  );
  const [raw] = await runShaped<{ rates: { id: number; rate: number }[]; touch_up_days: { id: number; days: number }[]; stored: unknown }>(
    db,
    statement,
    {
      id,
      shopId,
      key: key.values(),
    },
  );
  return { order: tableRow(orders, raw), rates: raw.rates, touchUpDays: raw.touch_up_days, stored: raw.stored };
}

/** The performance records name the order by the id the payment's update returns (none when it found the order no longer unpaid). */
const PAID_ORDER_ID = sql`(select id from paid)`;

/** The payment's statement found the order no longer unpaid: its records had no paid order to name. */
const isNoLongerUnpaid = (e: unknown) => {
  const err = pgErrorOf(e) as { code?: string; table?: string; column?: string };
  return err.code === '23502' && err.table === 'performance_records' && err.column === 'order_id';
};

/**
 * POST orders/:id/pay: an unpaid order whose payments add up to its payable exactly becomes paid,
 * and with it, all or nothing: one pending performance record per staff share, the service income
 * in the ledger, the touch-up entitlements its lines grant, its arrived appointment completed, and
 * an audit row.
 *
 * Round trips and lock waits are what a pay costs (bench/README.md), so it is two statements and no
 * transaction (one around the appointment's step when there is one): the order is read with its
 * rates, touch-up days and the key's stored answer; the paid row is built here (its updatedAt is its
 * paidAt) and every write, with the key's answer, goes in one statement. That statement pays the
 * order only if it is still unpaid (the update's condition, checked on the row as it is then); the
 * performance records take the order's id from that update, so when another call paid or cancelled
 * the order meanwhile they name no order, the not-null column refuses the statement whole, and the
 * call starts again from the read, which then answers as for a call that came after. The shop's
 * daily sales row that the orders trigger updates (server/db/migrations/0005_reporting.sql) is
 * locked only while the statement runs and commits.
 */
export async function payOrder(
  db: Db,
  actor: Actor,
  id: number,
  payments: OrderPayment[],
  key: KeyInStatement<Order>,
  now = Date.now(),
): Promise<Order> {
  const shopId = actingShop(actor);
  for (;;) {
    const { order: before, rates, touchUpDays, stored } = await orderForPayment(db, shopId, id, key);
    key.replayIfAnswered(stored);
    if (!before) throw notFound(ORDER_MISSING);
    const status = before.status as OrderStatus;
    if (status !== 'unpaid') throw conflict(orderPayRefusal(status));
    const paidFen = payments.reduce((s, p) => s + p.amountFen, 0);
    if (paidFen !== before.payableFen) {
      const msg = `${L.payments}合计 ${fenToYuan(paidFen)} 元，须等于应收 ${fenToYuan(before.payableFen)} 元`;
      throw invalid(msg, [{ field: 'payments', message: msg }]);
    }
    const paidAt = new Date(now).toISOString();
    const paid = { status: 'paid' as const, payments, paidFen, paidAt, updatedAt: paidAt };
    const row: OrderRow = { ...before, ...paid };
    const how = payments.map((p) => `${PAYMENT_METHOD_LABELS[p.method]} ${fenToYuan(p.amountFen)}`).join('、');
    const order = orderView(row, actingShopName(actor));
    const records = saleRecords(row, (id) => rates.find((r) => r.id === id)?.rate ?? 0).map((r) => ({ ...r, orderId: PAID_ORDER_ID }));
    const values = {
      id,
      paid,
      records,
      income: incomeEntry(row, actor.session, now),
      rights: orderEntitlements(row, (id) => touchUpDays.find((p) => p.id === id)?.days ?? 0, now),
      audit: auditRow(actor, {
        action: 'pay',
        entity: 'order',
        entityId: id,
        summary: `收款 ${row.orderNo} ${fenToYuan(paidFen)} 元（${how}）`,
      }),
      key: key.values(order),
    };
    // Shares and rights are rows of their own: their counts are part of the shape.
    const statement = shapedStatement(`order.pay.${records.length}.${values.rights.length}.${key.shape}`, () =>
      writeTogether({
        paid: db
          .update(orders)
          .set(valuesAt('paid', values.paid))
          .where(and(eq(orders.id, valueAt('id')), eq(orders.status, 'unpaid')))
          .returning({ id: orders.id }),
        records: db.insert(performanceRecords).values(valuesAt('records', values.records)),
        income: db.insert(ledgerEntries).values(valuesAt('income', values.income)),
        rights: values.rights.length ? db.insert(touchUpEntitlements).values(valuesAt('rights', values.rights)) : undefined,
        audit: db.insert(auditLogs).values(valuesAt('audit', values.audit)),
        key: key.keep,
      }),
    );
    const write = (to: DbOrTx) => runShaped(to, statement, values);
    try {
      if (row.appointmentId === null) await write(db);
      else {
        const appointmentId = row.appointmentId;
        await db.transaction(async (tx) => {
          // Completed by hand meanwhile is fine; any other step is the appointment's own rule (409).
          const [a] = await tx.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, appointmentId));
          if (a.status !== 'completed') await stepAppointment(tx, actor, shopId, appointmentId, 'complete', '', now);
          await write(tx);
        });
      }
      return order;
    } catch (e) {
      if (!isNoLongerUnpaid(e)) throw e;
    }
  }
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
