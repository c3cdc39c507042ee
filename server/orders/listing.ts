import { desc, eq, gte, ilike, like, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { orders, shops } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { escapeLike, type Bind, type CustomFilter, type ListCondition } from '../db/list/listQuery';
import type { ListRequest } from '../http/listRequest';
import { listStatements, serverResource } from '../http/resource';
import { shanghaiDayStart } from '../db/list/dayRange';
import { PHONE_RE } from '../../contract/validation';
import { orderResource } from '../../contract/order';

/**
 * q: an order number (or its digits) matches part of the number; a full mobile number the
 * customer's phone exactly; four digits the phone's last four or the end of the number; anything
 * else part of the customer's name.
 */
function search(q: string, bind: Bind): ListCondition {
  const numberLike = like(orders.orderNo, bind(`%${escapeLike(q)}%`));
  if (PHONE_RE.test(q)) return { shape: 'phone', where: eq(orders.customerPhone, bind(q)) };
  if (/^\d{4}$/.test(q)) return { shape: 'last4', where: or(sql`right(${orders.customerPhone}, 4) = ${bind(q)}`, numberLike) };
  if (/^[\d-]+$/.test(q)) return { shape: 'number', where: numberLike };
  return { shape: 'name', where: ilike(orders.customerName, bind(`%${escapeLike(q)}%`)) };
}

/** A Shanghai day's first instant, and the next day's. */
function dayBounds(day: string): { start: string; next: string } {
  const start = shanghaiDayStart(day);
  return { start, next: new Date(Date.parse(start) + 86_400_000).toISOString() };
}

/**
 * from/to: Shanghai days, inclusive, on the column dateField names (createdAt unless paidAt). Each
 * bound reads dateField from the request, so the statement's shape names the column.
 */
function dayBound(which: 'from' | 'to', columns: Record<string, AnyColumn>, fallback: string): CustomFilter {
  return {
    where: (values, bind, request) => {
      const day = values[0];
      if (typeof day !== 'string') return undefined;
      const field = String(request.filters.find((f) => f.field === 'dateField')?.values[0] ?? fallback);
      const column = columns[field];
      const { start, next } = dayBounds(day);
      return { shape: field, where: which === 'from' ? gte(column, bind(start)) : lt(column, bind(next)) };
    },
  };
}

/** dateField only says which column from/to read; it filters nothing itself. */
export const dateFieldFilter: CustomFilter = { where: () => undefined };

/** The orders list's from/to on the date column dateField names. */
function dateFieldRange(columns: Record<string, AnyColumn>, fallback: string) {
  return { from: dayBound('from', columns, fallback), to: dayBound('to', columns, fallback) };
}

export const orderList = serverResource({
  descriptor: orderResource,
  table: orders,
  entity: 'order',
  shopColumn: orders.shopId,
  columns: {
    ...dateFieldRange({ createdAt: orders.createdAt, paidAt: orders.paidAt }, 'createdAt'),
    dateField: dateFieldFilter,
    id: orders.id,
    shopId: orders.shopId,
    orderNo: orders.orderNo,
    status: orders.status,
    customerId: orders.customerId,
    appointmentId: orders.appointmentId,
    payableFen: orders.payableFen,
    paidAt: orders.paidAt,
    createdAt: orders.createdAt,
  },
  idColumn: orders.id,
  // Newest first: the (shop_id, created_at, id) index read backwards.
  defaultSort: [desc(orders.createdAt)],
  search,
});

/** The statements of one page of GET orders, unexecuted (the bench runs the same SQL). */
export function orderListStatements(db: Db, session: SessionContext, request: ListRequest) {
  return listStatements(db, orderList, session, request);
}

/** Every shop's name by id: a list page names its rows' shops from this (the chain has a handful). */
export async function shopNames(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db.select({ id: shops.id, name: shops.name }).from(shops);
  return new Map(rows.map((r) => [r.id, r.name]));
}
