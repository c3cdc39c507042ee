import { orders as o } from '../db/schema';
import { maskPhone } from '../../contract/mask';
import {
  ORDER_FIELD_LABELS as L,
  ORDER_STATUS_LABELS,
  lineName,
  PAYMENT_METHOD_LABELS,
  type OrderLine,
  type OrderPayment,
  type OrderStaffShare,
} from '../../contract/order';
import type { ExportSheet } from './xlsxExport';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The orders as accounting reads them: money in yuan columns, lines, payments and staff on one line each. */
export const orderSheet: ExportSheet = {
  title: '订单',
  states: { status: ORDER_STATUS_LABELS },
  columns: [
    { header: L.orderNo, value: o.orderNo, width: 20 },
    { header: L.shopId, value: o.shopId, format: 'shop', width: 16 },
    { header: L.customerName, value: o.customerName, width: 10 },
    { header: '手机号', value: o.customerPhone, format: (v) => (v ? maskPhone(v as string) : ''), width: 14 },
    { header: L.status, value: o.status, format: { labels: ORDER_STATUS_LABELS }, width: 10 },
    {
      header: L.lines,
      value: o.lines,
      format: (v) => (v as OrderLine[]).map((l) => `${lineName(l)}×${l.quantity}`).join('、'),
      width: 30,
    },
    { header: `${L.totalFen}（元）`, value: o.totalFen, format: 'yuan' },
    { header: `${L.discountFen}（元）`, value: o.discountFen, format: 'yuan' },
    { header: `${L.payableFen}（元）`, value: o.payableFen, format: 'yuan' },
    { header: `${L.paidFen}（元）`, value: o.paidFen, format: 'yuan' },
    { header: `${L.refundedFen}（元）`, value: o.refundedFen, format: 'yuan' },
    {
      header: L.payments,
      value: o.payments,
      format: (v) => (v as OrderPayment[]).map((p) => `${PAYMENT_METHOD_LABELS[p.method]} ${yuan(p.amountFen)}`).join('、'),
      width: 24,
    },
    {
      header: L.staffShares,
      value: o.staffShares,
      format: (v) => (v as OrderStaffShare[]).map((s) => `${s.staffName} ${s.shareBp / 100}%`).join('、'),
      width: 24,
    },
    { header: L.note, value: o.note, width: 20 },
    { header: L.cancelReason, value: o.cancelReason, width: 20 },
    { header: '收银员', value: o.createdByName, width: 10 },
    { header: L.paidAt, value: o.paidAt, format: 'time', width: 20 },
    { header: L.createdAt, value: o.createdAt, format: 'time', width: 20 },
  ],
};
