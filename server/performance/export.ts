import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type pg from 'pg';
import { performanceRecords } from '../db/schema';
import { sessionOf } from '../auth/sessionGuard';
import type { ListRequest } from '../db/list/listRequest';
import { periodOf } from '../db/list/dayRange';
import { sendXlsx, type ExportColumn } from '../export/xlsxExport';
import { PERFORMANCE_FIELD_LABELS as L, PERFORMANCE_KIND_LABELS, PERFORMANCE_STATUS_LABELS } from '../../contract/performanceRecord';
import { performanceWhere } from './listing';
import { shopNameOf } from '../db/shopName';

const p = performanceRecords;

/** The review list as payroll reads it: one row per record, amounts in yuan. */
const COLUMNS: ExportColumn[] = [
  { header: '记录编号', value: p.id, width: 10 },
  { header: L.orderNo, value: p.orderNo, width: 20 },
  { header: L.shopName, value: shopNameOf(p), width: 16 },
  { header: L.staffName, value: p.staffName, width: 10 },
  { header: L.kind, value: p.kind, format: { labels: PERFORMANCE_KIND_LABELS }, width: 10 },
  { header: `${L.shareBp}（%）`, value: p.shareBp, format: 'percent', width: 12 },
  { header: `${L.amountFen}（元）`, value: p.amountFen, format: 'yuan' },
  { header: `${L.commissionFen}（元）`, value: p.commissionFen, format: 'yuan' },
  { header: L.status, value: p.status, format: { labels: PERFORMANCE_STATUS_LABELS }, width: 10 },
  { header: L.reviewedBy, value: p.reviewedByName, width: 10 },
  { header: L.reviewedAt, value: p.reviewedAt, format: 'time', width: 20 },
  { header: L.rejectReason, value: p.rejectReason, width: 24 },
  { header: L.createdAt, value: p.createdAt, format: 'time', width: 20 },
];

/** GET performance-records/export: the filtered review list as .xlsx. */
export function exportPerformanceRecords(db: Db, pool: pg.Pool, req: FastifyRequest, reply: FastifyReply, request: ListRequest) {
  const { where, orderBy } = performanceWhere(sessionOf(req), request);
  return sendXlsx(db, pool, req, reply, { title: '业绩记录', entity: 'performance-records', table: p, columns: COLUMNS, where, orderBy, period: periodOf(request.filters) });
}
