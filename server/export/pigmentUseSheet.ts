import { pigmentUses as p } from '../db/schema';
import { PIGMENT_USE_FIELD_LABELS as L } from '../../contract/pigmentUse';
import type { ExportSheet } from './xlsxExport';

/** The recall list: who received which batch, where, when and from whom; a customer is reached through her shop. */
export const pigmentUseSheet: ExportSheet = {
  title: '色料批号追溯',
  columns: [
    { header: L.batch, value: p.batch, width: 18 },
    { header: L.brand, value: p.brand, width: 14 },
    { header: L.colour, value: p.colour, width: 12 },
    { header: L.expiresOn, value: p.expiresOn, format: 'day', width: 12 },
    { header: L.amount, value: p.amount, width: 10 },
    { header: L.needle, value: p.needle, width: 12 },
    { header: L.customerName, value: p.customerName, width: 10 },
    { header: '客户编号', value: p.customerId, width: 10 },
    { header: L.shopId, value: p.shopId, format: 'shop', width: 18 },
    { header: L.programName, value: p.programName, width: 16 },
    { header: L.staffName, value: p.staffName, width: 10 },
    { header: L.servedAt, value: p.servedAt, format: 'time', width: 20 },
    { header: '服务档案编号', value: p.recordId, width: 12 },
  ],
};
