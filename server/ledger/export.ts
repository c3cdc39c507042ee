import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client';
import { ledgerEntries } from '../db/schema';
import { sessionOf } from '../auth/sessionGuard';
import type { ListRequest } from '../db/list/listRequest';
import { periodOf } from '../db/list/dayRange';
import { sendXlsx, type ExportColumn } from '../export/xlsxExport';
import { LEDGER_CATEGORY_LABELS, LEDGER_FIELD_LABELS as L, LEDGER_TYPE_LABELS } from '../../contract/ledgerEntry';
import { shopNameOf } from '../db/shopName';
import { ledgerWhere, orderNoOf } from './listing';

const e = ledgerEntries;

/** The book as accounting reads it: one row per entry, reversals beside what they correct. */
const COLUMNS: ExportColumn[] = [
  { header: '账目编号', value: e.id, width: 10 },
  { header: L.occurredOn, value: e.occurredOn, format: 'day', width: 12 },
  { header: L.shopId, value: shopNameOf(e), width: 16 },
  { header: L.type, value: e.type, format: { labels: LEDGER_TYPE_LABELS }, width: 8 },
  { header: L.category, value: e.category, format: { labels: LEDGER_CATEGORY_LABELS }, width: 12 },
  { header: `${L.amountFen}（元）`, value: e.amountFen, format: 'yuan' },
  { header: L.note, value: e.note, width: 30 },
  { header: '订单号', value: orderNoOf, width: 20 },
  { header: '售后申请编号', value: e.afterSaleId, width: 12 },
  { header: '冲正的账目编号', value: e.reversalOf, width: 14 },
  { header: L.createdBy, value: e.createdByName, width: 10 },
  { header: L.createdAt, value: e.createdAt, format: 'time', width: 20 },
];

/** GET ledger/export: the filtered ledger as .xlsx, scoped as the list. */
export function exportLedger(db: Db, pool: pg.Pool, req: FastifyRequest, reply: FastifyReply, request: ListRequest) {
  const { where, orderBy } = ledgerWhere(sessionOf(req), request);
  return sendXlsx(db, pool, req, reply, { title: '收支流水', entity: 'ledger', table: e, columns: COLUMNS, where, orderBy, period: periodOf(request.filters) });
}
