import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orders, shops } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { notFound } from '../http/errors';
import type { Actor } from '../auth/actor';
import { maskPhone } from '../../contract/mask';
import { orderResource, type Order } from '../../contract/order';

export type OrderRow = typeof orders.$inferSelect;

export const ORDER_MISSING = orderResource.missing;

/** A row as the API answers it: the shop's name, the customer's phone masked, the maker by name. */
export function orderView(row: OrderRow, shopName: string): Order {
  // The business day is the close's own; the answer is the contract's Order.
  const { createdBy: _id, createdByName, customerPhone, businessDay: _day, ...rest } = row;
  return { ...rest, shopName, customerPhone: customerPhone ? maskPhone(customerPhone) : '', createdBy: createdByName };
}

/** The order a session may see (another shop's is 404 to a manager), with its shop's name. */
export async function readOrder(db: DbOrTx, session: SessionContext, id: number): Promise<Order> {
  const [found] = await db
    .select({ order: orders, shopName: shops.name })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(eq(orders.id, id), session.role === 'shop-manager' ? eq(orders.shopId, session.shopId ?? -1) : undefined));
  if (!found) throw notFound(ORDER_MISSING);
  return orderView(found.order, found.shopName);
}

/** The shop's order, locked until the transaction ends: every change of an order starts here. */
export async function lockOrder(tx: DbOrTx, shopId: number, id: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.shopId, shopId)))
    .for('update');
  if (!row) throw notFound(ORDER_MISSING);
  return row;
}

/** The name of the shop a manager's session acts for: the shop of every order it writes. */
export function actingShopName(actor: Actor): string {
  return actor.session.shopName ?? '';
}
