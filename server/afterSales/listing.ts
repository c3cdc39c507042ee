import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { afterSales } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { textSearch } from '../db/list/listQuery';
import type { ListRequest } from '../http/listRequest';
import { listStatements, serverResource } from '../http/resource';
import { dayRange } from '../db/list/dayRange';
import { afterSaleResource } from '../../contract/afterSale';

export const afterSaleList = serverResource({
  descriptor: afterSaleResource,
  table: afterSales,
  entity: 'after-sale',
  shopColumn: afterSales.shopId,
  columns: {
    ...dayRange(afterSales.createdAt, 'instant'),
    id: afterSales.id,
    shopId: afterSales.shopId,
    orderId: afterSales.orderId,
    type: afterSales.type,
    status: afterSales.status,
    amountFen: afterSales.amountFen,
    createdAt: afterSales.createdAt,
    reviewedAt: afterSales.reviewedAt,
  },
  idColumn: afterSales.id,
  defaultSort: [desc(afterSales.createdAt)],
  search: textSearch(afterSales.orderNo, afterSales.customerName),
});

/** The statements of one page of GET after-sales, unexecuted. */
export function afterSaleListStatements(db: Db, session: SessionContext, request: ListRequest) {
  return listStatements(db, afterSaleList, session, request);
}
