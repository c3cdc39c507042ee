import { sql } from 'drizzle-orm';
import { ledgerEntries as e } from '../db/schema';
import { orderNoOf } from '../ledger/listing';
import { LEDGER_CATEGORY_LABELS, LEDGER_FIELD_LABELS as L, LEDGER_TYPE_LABELS } from '../../contract/ledgerEntry';
import { PAYMENT_METHOD_LABELS } from '../../contract/order';
import type { ExportSheet } from './xlsxExport';

/** A refund is its own kind beside income and expense, as the ledger page shows it (it is booked as negative income). */
const kind = sql<string>`case when ${e.category} = 'refund' then 'refund' else ${e.type} end`;

/** The book as accounting reads it: one row per entry, reversals beside what they correct. */
export const ledgerSheet: ExportSheet = {
  title: '收支流水',
  states: { type: LEDGER_TYPE_LABELS, category: LEDGER_CATEGORY_LABELS },
  columns: [
    { header: '账目编号', value: e.id, width: 10 },
    { header: L.occurredOn, value: e.occurredOn, format: 'day', width: 12 },
    { header: L.shopId, value: e.shopId, format: 'shop', width: 16 },
    { header: L.type, value: kind, format: { labels: { ...LEDGER_TYPE_LABELS, refund: LEDGER_CATEGORY_LABELS.refund } }, width: 8 },
    { header: L.category, value: e.category, format: { labels: LEDGER_CATEGORY_LABELS }, width: 12 },
    { header: `${L.amountFen}（元）`, value: e.amountFen, format: 'yuan' },
    { header: L.method, value: e.method, format: { labels: PAYMENT_METHOD_LABELS }, width: 10 },
    { header: L.note, value: e.note, width: 30 },
    { header: '订单号', value: orderNoOf, width: 20 },
    { header: '售后申请编号', value: e.afterSaleId, width: 12 },
    { header: '冲正的账目编号', value: e.reversalOf, width: 14 },
    { header: L.createdBy, value: e.createdByName, width: 10 },
    { header: L.createdAt, value: e.createdAt, format: 'time', width: 20 },
  ],
};
