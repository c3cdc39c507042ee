import { afterSales as a } from '../db/schema';
import { AFTER_SALE_FIELD_LABELS as L, AFTER_SALE_STATUS_LABELS, AFTER_SALE_TYPE_LABELS } from '../../contract/afterSale';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../contract/order';
import { fenToYuan } from '../../contract/money';
import type { ExportSheet } from './xlsxExport';

/** "现金 100.00、储值卡（卡号 12） 200.00": where a refund's money went, stored value with its card. */
const channels = (value: unknown) =>
  ((value ?? []) as { method: PaymentMethod; amountFen: number; cardId?: number }[])
    .map((c) => `${PAYMENT_METHOD_LABELS[c.method]}${c.cardId === undefined ? '' : `（卡号 ${c.cardId}）`} ${fenToYuan(c.amountFen)}`)
    .join('、');

/** The after-sale requests with their decisions; the refund amount in yuan (empty for touch-ups and complaints). */
export const afterSaleSheet: ExportSheet = {
  title: '售后申请',
  states: { status: AFTER_SALE_STATUS_LABELS, type: AFTER_SALE_TYPE_LABELS },
  columns: [
    { header: '申请编号', value: a.id, width: 10 },
    { header: L.orderNo, value: a.orderNo, width: 20 },
    { header: L.shopId, value: a.shopId, format: 'shop', width: 16 },
    { header: L.customerName, value: a.customerName, width: 10 },
    { header: L.type, value: a.type, format: { labels: AFTER_SALE_TYPE_LABELS }, width: 10 },
    { header: `${L.amountFen}（元）`, value: a.amountFen, format: 'yuan' },
    { header: L.refundChannels, value: a.refundChannels, format: channels, width: 24 },
    { header: L.reason, value: a.reason, width: 30 },
    { header: L.status, value: a.status, format: { labels: AFTER_SALE_STATUS_LABELS }, width: 10 },
    { header: L.requestedBy, value: a.requestedByName, width: 10 },
    { header: L.createdAt, value: a.createdAt, format: 'time', width: 20 },
    { header: L.reviewedBy, value: a.reviewedByName, width: 10 },
    { header: L.reviewNote, value: a.reviewNote, width: 24 },
    { header: L.rejectReason, value: a.rejectReason, width: 24 },
    { header: L.reviewedAt, value: a.reviewedAt, format: 'time', width: 20 },
  ],
};
