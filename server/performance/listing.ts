import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { performanceRecords } from '../db/schema';
import { shopNameOf } from '../db/shopName';
import type { SessionContext } from '../auth/sessionGuard';
import { numberSearch } from '../db/list/listQuery';
import type { ListRequest } from '../http/listRequest';
import { dayRange } from '../db/list/dayRange';
import { listConditions, listStatements, serverResource, type ListStatements, type RowOf } from '../http/resource';
import { notFound } from '../http/errors';
import { performanceRecordResource, type PerformanceRecord, type PerformanceSummary } from '../../contract/performanceRecord';

const p = performanceRecords;

/** GET performance-records: every shop's records (finance and admin only), newest first. */
export const performanceList = serverResource({
  descriptor: performanceRecordResource,
  table: performanceRecords,
  entity: 'performance-record',
  shopColumn: p.shopId,
  columns: {
    id: p.id,
    shopId: p.shopId,
    staffId: p.staffId,
    orderId: p.orderId,
    status: p.status,
    kind: p.kind,
    ...dayRange(p.createdAt, 'instant'),
    amountFen: p.amountFen,
    createdAt: p.createdAt,
    reviewedAt: p.reviewedAt,
  },
  idColumn: p.id,
  defaultSort: [desc(p.createdAt)],
  search: numberSearch(p.orderNo),
  derived: { shopName: shopNameOf(p) },
});

export type PerformanceRow = RowOf<typeof performanceRecords> & { shopName: string };

export function performanceView(r: PerformanceRow): PerformanceRecord {
  return {
    id: r.id,
    orderId: r.orderId,
    orderNo: r.orderNo,
    afterSaleId: r.afterSaleId,
    shopId: r.shopId,
    shopName: r.shopName,
    staffId: r.staffId,
    staffName: r.staffName,
    kind: r.kind,
    shareBp: r.shareBp,
    amountFen: r.amountFen,
    commissionFen: r.commissionFen,
    status: r.status,
    reviewedBy: r.reviewedByName,
    reviewedAt: r.reviewedAt,
    rejectReason: r.rejectReason,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** The statements of one page of GET performance-records, unexecuted (the bench runs the same SQL). */
export function performanceListStatements(db: Db, session: SessionContext, request: ListRequest) {
  // The rows carry the derived shop name beside the table's columns.
  return listStatements(db, performanceList, session, request) as unknown as ListStatements<PerformanceRow>;
}

/** GET performance-records/summary: the count and sums of the records the same filters select. */
export async function performanceSummary(db: Db, session: SessionContext, request: ListRequest): Promise<PerformanceSummary> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountFen: sql<number>`coalesce(sum(${p.amountFen}), 0)::bigint`.mapWith(Number),
      commissionFen: sql<number>`coalesce(sum(${p.commissionFen}), 0)::bigint`.mapWith(Number),
    })
    .from(p)
    .where(listConditions(performanceList, session, request).where);
  return row;
}

/** One record with its shop's name; 404 when it does not exist. */
export async function readPerformanceRecord(db: DbOrTx, id: number): Promise<PerformanceRecord> {
  const [row] = await db
    .select({ record: p, shopName: shopNameOf(p) })
    .from(p)
    .where(eq(p.id, id));
  if (!row) throw notFound(performanceRecordResource.missing);
  return performanceView({ ...row.record, shopName: row.shopName });
}
