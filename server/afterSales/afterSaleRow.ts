import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { afterSales, shops } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { notFound } from '../http/errors';
import { afterSaleResource, type AfterSale } from '../../contract/afterSale';

export type AfterSaleRow = typeof afterSales.$inferSelect;

const AFTER_SALE_MISSING = afterSaleResource.missing;

/** A row as the API answers it: the shop by name, requester and reviewer by name. */
export function afterSaleView(row: AfterSaleRow, shopName: string): AfterSale {
  const { requestedBy: _r, requestedByName, reviewedBy: _v, reviewedByName, ...rest } = row;
  return { ...rest, shopName, requestedBy: requestedByName, reviewedBy: reviewedByName };
}

/** Another shop's request is 404 to a shop-manager, as if it did not exist; admin and finance see every shop's. */
const visible = (session: SessionContext) => (session.role === 'shop-manager' ? eq(afterSales.shopId, session.shopId ?? -1) : undefined);

/** GET after-sales/:id, and the answer of every call that changes a request: the row the session may see. */
export async function readAfterSale(db: DbOrTx, session: SessionContext, id: number): Promise<AfterSale> {
  const [found] = await db
    .select({ row: afterSales, shopName: shops.name })
    .from(afterSales)
    .innerJoin(shops, eq(shops.id, afterSales.shopId))
    .where(and(eq(afterSales.id, id), visible(session)));
  if (!found) throw notFound(AFTER_SALE_MISSING);
  return afterSaleView(found.row, found.shopName);
}

/** The request the session may see, locked until the transaction ends: every change of a request starts here. */
export async function lockAfterSale(tx: DbOrTx, session: SessionContext, id: number): Promise<AfterSaleRow> {
  const [row] = await tx
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.id, id), visible(session)))
    .for('update');
  if (!row) throw notFound(AFTER_SALE_MISSING);
  return row;
}
