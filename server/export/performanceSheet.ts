import { performanceRecords as p } from '../db/schema';
import { PERFORMANCE_FIELD_LABELS as L, PERFORMANCE_KIND_LABELS, PERFORMANCE_STATUS_LABELS } from '../../contract/performanceRecord';
import type { ExportSheet } from './xlsxExport';

/** The review list as payroll reads it: one row per record, amounts in yuan. */
export const performanceSheet: ExportSheet = {
  title: '业绩记录',
  states: { status: PERFORMANCE_STATUS_LABELS, kind: PERFORMANCE_KIND_LABELS },
  columns: [
    { header: '记录编号', value: p.id, width: 10 },
    { header: L.orderNo, value: p.orderNo, width: 20 },
    { header: L.shopName, value: p.shopId, format: 'shop', width: 16 },
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
  ],
};
