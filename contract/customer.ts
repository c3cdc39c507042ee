import { z } from 'zod';
import { strictObject, text, optionalText, phone, oneOf, bool, day, instant } from './validation';
import { defineResource, filter } from './resource';

export const CUSTOMER_SOURCES = ['walk-in', 'referral', 'meituan', 'douyin', 'mini-program', 'other'] as const;
export type CustomerSource = (typeof CUSTOMER_SOURCES)[number];
export const CUSTOMER_SOURCE_LABELS: Record<CustomerSource, string> = {
  'walk-in': '到店',
  referral: '转介绍',
  meituan: '美团点评',
  douyin: '抖音',
  'mini-program': '小程序',
  other: '其他',
};

export const GENDERS = ['female', 'male', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { female: '女', male: '男', unknown: '未知' };

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 10;

export const CUSTOMER_FIELD_LABELS = {
  name: '姓名',
  phone: '手机号',
  gender: '性别',
  birthday: '生日',
  source: '来源',
  shopId: '所属门店',
  vip: '会员',
  tags: '标签',
  healthNotes: '过敏与健康备注',
  consentSignedAt: '知情同意书签署时间',
  notes: '备注',
  lastVisitAt: '最近到店',
} as const;

const L = CUSTOMER_FIELD_LABELS;
const customerFields = {
  name: text(L.name, { max: 30 }),
  phone: phone(L.phone),
  gender: oneOf(L.gender, GENDERS),
  birthday: day(L.birthday)
    // Compared as Shanghai calendar days: nobody is born after today.
    .refine((d) => d <= new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10), `${L.birthday}不能晚于今天`)
    .nullable(),
  source: oneOf(L.source, CUSTOMER_SOURCES),
  vip: bool(L.vip),
  tags: z
    .array(text(L.tags, { max: MAX_TAG_LENGTH }), { error: `${L.tags}必须是列表` })
    .max(MAX_TAGS, `${L.tags}最多 ${MAX_TAGS} 个`)
    // The same tag twice is one tag.
    .transform((tags) => [...new Set(tags)]),
  healthNotes: optionalText(L.healthNotes, 500),
  consentSignedAt: instant(L.consentSignedAt).nullable(),
  notes: optionalText(L.notes, 1000),
};

/** The home shop is never part of the input: it is the session's current shop. */
export const customerCreateSchema = strictObject({
  ...customerFields,
  gender: customerFields.gender.default('unknown'),
  birthday: customerFields.birthday.optional(),
  source: customerFields.source.default('walk-in'),
  vip: customerFields.vip.default(false),
  tags: customerFields.tags.default([]),
  healthNotes: customerFields.healthNotes.default(''),
  consentSignedAt: customerFields.consentSignedAt.optional(),
  notes: customerFields.notes.default(''),
});
export const customerUpdateSchema = strictObject(customerFields).partial();

export type CustomerInput = z.input<typeof customerCreateSchema>;

/** A customer as lists and GET /:id answer it: `phone` is masked (138****0002). */
const customerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  gender: z.enum(GENDERS),
  birthday: z.string().nullable(),
  source: z.enum(CUSTOMER_SOURCES),
  shopId: z.number(),
  vip: z.boolean(),
  tags: z.array(z.string()),
  healthNotes: z.string(),
  consentSignedAt: z.string().nullable(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** On lists: when the customer's latest order was paid, at any shop (null: never). */
  lastVisitAt: z.string().nullable().optional(),
  /** On lists: the stored-value balance (principal + bonus) of the customer's account, 0 without one. */
  storedValueFen: z.number().optional(),
});
export type Customer = z.infer<typeof customerRowSchema>;

export const customerResource = defineResource({
  name: 'customers',
  // Managers serve their shop's customers; admin and finance may read every shop's but never write.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['shop-manager'],
  // lookup: GET customers/lookup?phone=, the cashier's way to a chain customer of another shop.
  actions: { 'reveal-phone': ['shop-manager', 'admin'], lookup: ['shop-manager'] },
  shopScoped: true,
  deleteBlocks: true,
  schemas: { row: customerRowSchema, create: customerCreateSchema, update: customerUpdateSchema },
  filters: {
    id: filter.int,
    shopId: filter.int,
    name: filter.text,
    gender: filter.oneOf(GENDERS),
    birthday: filter.day,
    source: filter.oneOf(CUSTOMER_SOURCES),
    vip: filter.bool,
    // Customers carrying every one of the given tags (tags=a&tags=b).
    tags: filter.text,
    consentSignedAt: filter.instant,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'shopId', 'name', 'gender', 'birthday', 'source', 'vip', 'consentSignedAt', 'createdAt', 'updatedAt'],
  search: '姓名、完整手机号或手机尾号四位',
  missing: '客户不存在',
  labels: 'customer',
});

/** data of POST /customers/:id/reveal-phone (and /staff/:id/reveal-phone). */
export interface RevealedPhone {
  phone: string;
}

/** GET customers/lookup?phone=: the full phone a customer gives at the counter, matched exactly. */
export const CUSTOMER_LOOKUP_PATH = 'customers/lookup';
export const customerLookupQuerySchema = strictObject({ phone: phone(L.phone) });

/**
 * The minimal card of a chain customer found by phone, whatever shop is their home: enough to serve
 * them at this counter (name, masked phone, VIP, home shop) and nothing more.
 */
export const customerCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Masked (138****0001). */
  phone: z.string(),
  vip: z.boolean(),
  shopId: z.number(),
  shopName: z.string(),
});
export type CustomerCard = z.infer<typeof customerCardSchema>;

/** Phone lookups an account may make per hour: each one is audited, and more would be a scan of the chain's customers. */
export const CUSTOMER_LOOKUPS_PER_HOUR = 60;
