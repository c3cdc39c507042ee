import { z } from 'zod';
import { strictObject, text, optionalText, int, oneOf, link } from './validation';
import { defineResource, filter } from './resource';

export const PROGRAM_TYPES = [1, 2, 3] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];
/** docs/console.md: 1 eyebrow tattoo, 2 lip tattoo, 3 beauty. */
export const PROGRAM_TYPE_LABELS: Record<ProgramType, string> = { 1: '纹眉', 2: '纹唇', 3: '美容' };

export const PROGRAM_STATUSES = ['on', 'off'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];
export const PROGRAM_STATUS_LABELS: Record<ProgramStatus, string> = { on: '上架', off: '下架' };

export const MAX_DETAIL_IMAGES = 9;
export const MAX_DETAILS = 20;
/** Highest price a program may carry: ¥100,000.00. */
export const MAX_PRICE_FEN = 10_000_000;

/** Free touch-up window when none is given (docs/domain.md): 60 days for tattoo work, none for beauty care. */
export function defaultTouchUpDays(type: ProgramType): number {
  return type === 3 ? 0 : 60;
}

/** Field labels of docs/console.md "Program form labels" plus docs/domain.md's additions. */
export const PROGRAM_FIELD_LABELS = {
  name: '名称',
  mainImage: '主图',
  priceFen: '价格',
  vipPriceFen: '会员价',
  type: '类型',
  tag: '标签',
  detailImages: '详情图',
  details: '详情',
  durationMinutes: '服务时长（分钟）',
  touchUpDays: '免费补色期（天）',
  status: '上架状态',
} as const;

const L = PROGRAM_FIELD_LABELS;
const detailRow = strictObject({
  key: text('详情名称', { max: 20 }),
  value: text('详情内容', { max: 200 }),
});

const programFields = {
  name: text(L.name, { max: 50 }),
  mainImage: link(L.mainImage),
  priceFen: int(L.priceFen, 0, MAX_PRICE_FEN),
  vipPriceFen: int(L.vipPriceFen, 0, MAX_PRICE_FEN),
  type: z.literal(PROGRAM_TYPES, {
    error: (i) => (i.input === undefined ? `请选择${L.type}` : `${L.type}取值不正确，应为 1 纹眉、2 纹唇或 3 美容`),
  }),
  tag: optionalText(L.tag, 20),
  detailImages: z
    .array(link(L.detailImages).min(1, `${L.detailImages}地址不能为空`), { error: `${L.detailImages}必须是列表` })
    .max(MAX_DETAIL_IMAGES, `${L.detailImages}最多 ${MAX_DETAIL_IMAGES} 张`),
  details: z.array(detailRow, { error: `${L.details}必须是列表` }).max(MAX_DETAILS, `${L.details}最多 ${MAX_DETAILS} 条`),
  durationMinutes: int(L.durationMinutes, 5, 720),
  touchUpDays: int(L.touchUpDays, 0, 365),
  status: oneOf(L.status, PROGRAM_STATUSES),
};

const vipAtMostPrice = (p: { priceFen?: number; vipPriceFen?: number }) =>
  p.priceFen === undefined || p.vipPriceFen === undefined || p.vipPriceFen <= p.priceFen;
const VIP_ABOVE_PRICE = { message: '会员价不能高于价格', path: ['vipPriceFen'] };

export const programCreateSchema = strictObject({
  ...programFields,
  mainImage: programFields.mainImage.default(''),
  tag: programFields.tag.default(''),
  detailImages: programFields.detailImages.default([]),
  details: programFields.details.default([]),
  durationMinutes: programFields.durationMinutes.default(60),
  touchUpDays: programFields.touchUpDays.optional(),
  status: programFields.status.default('on'),
})
  // a copy: zod moves `message` out of the object it is given
  .refine(vipAtMostPrice, { ...VIP_ABOVE_PRICE })
  .transform((p) => ({ ...p, touchUpDays: p.touchUpDays ?? defaultTouchUpDays(p.type) }));
export const programUpdateSchema = strictObject(programFields).partial();
export { vipAtMostPrice as programPricesValid, VIP_ABOVE_PRICE as PROGRAM_PRICE_ERROR };
export const programFieldSchemas = programFields;

export type ProgramInput = z.input<typeof programCreateSchema>;

const programRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  mainImage: z.string(),
  priceFen: z.number(),
  vipPriceFen: z.number(),
  type: z.literal(PROGRAM_TYPES),
  tag: z.string(),
  detailImages: z.array(z.string()),
  details: z.array(z.object({ key: z.string(), value: z.string() })),
  durationMinutes: z.number(),
  touchUpDays: z.number(),
  status: z.enum(PROGRAM_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Program = z.infer<typeof programRowSchema>;

export const programResource = defineResource({
  name: 'programs',
  // Every role reads programs: managers book and sell them, finance reads their names on records.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['admin'],
  actions: {},
  shopScoped: false,
  deleteBlocks: true,
  schemas: { row: programRowSchema, create: programCreateSchema, update: programUpdateSchema },
  filters: {
    id: filter.int,
    name: filter.text,
    type: filter.oneOf(PROGRAM_TYPES),
    tag: filter.text,
    status: filter.oneOf(PROGRAM_STATUSES),
    priceFen: filter.int,
    vipPriceFen: filter.int,
    durationMinutes: filter.int,
    touchUpDays: filter.int,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'name', 'type', 'tag', 'status', 'priceFen', 'vipPriceFen', 'durationMinutes', 'touchUpDays', 'createdAt', 'updatedAt'],
  search: '名称或标签',
  missing: '服务项目不存在',
  labels: 'program',
});
