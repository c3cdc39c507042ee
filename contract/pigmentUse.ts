import { z } from 'zod';
import { defineResource, filter } from './resource';
import { SERVICE_RECORD_FIELD_LABELS } from './serviceRecord';

/**
 * One pigment or material used on one visit, as kept by its service record: the recall list
 * (which customers received batch X) for finance and admins, exported as .xlsx like every list.
 */
const R = SERVICE_RECORD_FIELD_LABELS;
export const PIGMENT_USE_FIELD_LABELS = {
  batch: R.batch,
  brand: R.brand,
  colour: R.colour,
  expiresOn: R.expiresOn,
  amount: R.amount,
  needle: R.needle,
  customerId: '客户编号',
  customerName: R.customerName,
  programName: R.programName,
  staffName: R.staffName,
  servedAt: R.servedAt,
  shopId: R.shopName,
  shopName: R.shopName,
  recordId: '服务档案',
} as const;

export const pigmentUseRowSchema = z.object({
  id: z.number(),
  recordId: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  programName: z.string(),
  staffName: z.string(),
  servedAt: z.string(),
  brand: z.string(),
  colour: z.string(),
  batch: z.string(),
  expiresOn: z.string(),
  amount: z.string(),
  needle: z.string(),
});
export type PigmentUse = z.infer<typeof pigmentUseRowSchema>;

export const pigmentUseResource = defineResource({
  name: 'pigment-uses',
  read: ['admin', 'financial-staff'],
  // Written only through the service record (PATCH service-records/:id pigments).
  write: [],
  actions: {},
  shopScoped: false,
  schemas: { row: pigmentUseRowSchema, create: z.never(), update: z.never() },
  filters: {
    id: filter.int,
    shopId: filter.int,
    customerId: filter.int,
    batch: filter.text,
    brand: filter.text,
    servedAt: filter.instant,
  },
  sortable: ['id', 'servedAt', 'batch'],
  search: '批号、品牌或客户姓名',
  missing: '色料使用记录不存在',
  labels: 'pigmentUse',
});
