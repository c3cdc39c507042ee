import pg from 'pg';
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { performanceRecords } from '../db/schema';
import { shopNameOf } from '../db/shopName';
import type { SessionContext } from '../auth/sessionGuard';
import { textSearch } from '../db/list/listQuery';
import type { ListRequest } from '../db/list/listRequest';
import { statementOf, type Prepared } from '../db/list/preparedList';
import { isoInstant } from '../db/schema/columns';
import { dayRange } from '../db/list/dayRange';
import { listConditions, listStatements, serverResource, type RowOf } from '../http/resource';
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
  search: textSearch(p.orderNo),
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

type Row = RowOf<typeof p>;
const columnNames = Object.keys(getTableColumns(p)) as (keyof Row)[];
const at = Object.fromEntries(columnNames.map((name, i) => [name, i])) as Record<keyof Row, number>;
// After the table's columns the list statement carries the derived shop name, then the page's total (server/http/resource.ts listStatements).
const SHOP_NAME_AT = columnNames.length;
const TOTAL_AT = columnNames.length + 1;
/** timestamptz as PostgreSQL prints it (isoInstant reads it); every other type as pg reads it. */
const TIMESTAMPTZ = 1184;
const instantsAsText = { getTypeParser: (oid: number, format?: string) => (oid === TIMESTAMPTZ ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')) };

/**
 * A row of the list statement as pg reads it, by position. Drizzle's generic row mapping checks the
 * kind of every field of every row; reading the positions straight into a row of fixed shape took a
 * tenth off the server's time per page (bench/README.md, the finance list).
 */
function listRow(r: unknown[]): PerformanceRow {
  return {
    id: r[at.id] as Row['id'],
    orderId: r[at.orderId] as Row['orderId'],
    orderNo: r[at.orderNo] as Row['orderNo'],
    afterSaleId: r[at.afterSaleId] as Row['afterSaleId'],
    shopId: r[at.shopId] as Row['shopId'],
    shopName: r[SHOP_NAME_AT] as string,
    staffId: r[at.staffId] as Row['staffId'],
    staffName: r[at.staffName] as Row['staffName'],
    kind: r[at.kind] as Row['kind'],
    shareBp: r[at.shareBp] as Row['shareBp'],
    amountFen: r[at.amountFen] as Row['amountFen'],
    commissionRateBp: r[at.commissionRateBp] as Row['commissionRateBp'],
    commissionFen: r[at.commissionFen] as Row['commissionFen'],
    status: r[at.status] as Row['status'],
    reviewedBy: r[at.reviewedBy] as Row['reviewedBy'],
    reviewedByName: r[at.reviewedByName] as Row['reviewedByName'],
    reviewedAt: r[at.reviewedAt] === null ? null : isoInstant(r[at.reviewedAt] as string),
    rejectReason: r[at.rejectReason] as Row['rejectReason'],
    createdAt: isoInstant(r[at.createdAt] as string),
    updatedAt: isoInstant(r[at.updatedAt] as string),
  };
}

/** One page of GET performance-records and its total: the route's prepared statement, run through pg. */
export async function performancePage(pool: pg.Pool, statements: ReturnType<typeof performanceListStatements>): Promise<{ rows: PerformanceRecord[]; total: number }> {
  const { rows } = await pool.query<unknown[]>({ ...statementOf(statements.rows, statements.names.rows, statements.values), rowMode: 'array', types: instantsAsText });
  const total = rows.length ? Number(rows[0][TOTAL_AT]) : (await statements.total.execute(statements.values))[0].total;
  return { rows: rows.map((r) => performanceView(listRow(r))), total };
}

/** The statements of one page of GET performance-records, unexecuted (the bench runs the same SQL). */
export function performanceListStatements(db: Db, session: SessionContext, request: ListRequest) {
  const statements = listStatements(db, performanceList, session, request);
  // The rows carry the derived shop name beside the table's columns.
  return statements as Omit<typeof statements, 'rows'> & { rows: Prepared<PerformanceRow> };
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
