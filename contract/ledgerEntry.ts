import { z } from 'zod';
import { strictObject, optionalText, text, int, oneOf, day } from './validation';
import { defineResource, filter } from './resource';
import { MAX_ORDER_FEN, PAYMENT_METHODS } from './order';

export const LEDGER_TYPES = ['income', 'expense'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_TYPE_LABELS: Record<LedgerType, string> = { income: '收入', expense: '支出' };

export const LEDGER_CATEGORIES = [
  'service',
  'card-sale',
  'refund',
  'product',
  'rent',
  'salary',
  'materials',
  'utilities',
  'marketing',
  'other',
] as const;
export type LedgerCategory = (typeof LEDGER_CATEGORIES)[number];
export const LEDGER_CATEGORY_LABELS: Record<LedgerCategory, string> = {
  service: '服务收入',
  'card-sale': '售卡收入',
  refund: '退款',
  product: '产品销售',
  rent: '房租',
  salary: '工资',
  materials: '耗材与色料',
  utilities: '水电',
  marketing: '营销',
  other: '其他',
};
/**
 * The categories a person may enter by hand, per type; service, card-sale and refund are written by
 * the system only. A card sale is money received (售卡收入) though not yet revenue; paying with a card
 * brings no money and writes no entry.
 */
export const MANUAL_LEDGER_CATEGORIES: Readonly<Record<LedgerType, readonly LedgerCategory[]>> = {
  income: ['product', 'other'],
  expense: ['rent', 'salary', 'materials', 'utilities', 'marketing', 'other'],
};
/** The type each system category is written with. */
export const SYSTEM_LEDGER_CATEGORIES = { service: 'income', 'card-sale': 'income', refund: 'income' } as const satisfies Partial<
  Record<LedgerCategory, LedgerType>
>;

export const LEDGER_FIELD_LABELS = {
  shopId: '门店',
  type: '收支类型',
  category: '类别',
  amountFen: '金额',
  method: '收付方式',
  occurredOn: '日期',
  note: '备注',
  orderId: '订单',
  afterSaleId: '售后申请',
  reversalOf: '冲正',
  reason: '冲正原因',
  createdBy: '录入人',
  createdAt: '录入时间',
} as const;
const L = LEDGER_FIELD_LABELS;

/**
 * One line of a shop's book. Entries are never edited or deleted: a mistake is corrected by a
 * reversing entry (same type and category, the negated amount, reversalOf set), and both stay.
 * amountFen is negative only for refunds and reversals.
 */
export const ledgerEntryRowSchema = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  type: z.enum(LEDGER_TYPES),
  category: z.enum(LEDGER_CATEGORIES),
  amountFen: z.number(),
  /**
   * How the money moved: a hand entry's and a refund's payment method; null on service income (its
   * order's payments name the methods) and on entries written before methods were kept.
   */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** A day in Asia/Shanghai, YYYY-MM-DD. */
  occurredOn: z.string(),
  note: z.string(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  afterSaleId: z.number().nullable(),
  reversalOf: z.number().nullable(),
  /** The id of the entry reversing this one, if any. */
  reversedBy: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryRowSchema>;

/** POST ledger: a manager's hand entry in the current shop. */
export const ledgerEntryCreateSchema = strictObject({
  type: oneOf(L.type, LEDGER_TYPES),
  category: oneOf(L.category, LEDGER_CATEGORIES),
  amountFen: int(L.amountFen, 1, MAX_ORDER_FEN),
  method: oneOf(L.method, PAYMENT_METHODS).default('cash'),
  occurredOn: day(L.occurredOn),
  note: optionalText(L.note, 200).default(''),
}).superRefine((v, ctx) => {
  if (!MANUAL_LEDGER_CATEGORIES[v.type].includes(v.category))
    ctx.addIssue({ code: 'custom', path: ['category'], message: `${L.category}不能手工录入为${LEDGER_TYPE_LABELS[v.type]}` });
});
export type LedgerEntryInput = z.input<typeof ledgerEntryCreateSchema>;

/** POST ledger/:id/reverse. */
export const ledgerReverseSchema = strictObject({ reason: text(L.reason, { max: 200 }) });

/** The longest period GET ledger/summary answers, one row per day. */
const MAX_LEDGER_SUMMARY_DAYS = 366;

/**
 * GET ledger/summary?from=&to=(&shopId=): both days inclusive. A manager always gets the current
 * shop; admin and finance get every shop, or the one shopId names.
 */
export const ledgerSummaryQuerySchema = strictObject({
  from: day('开始日期'),
  to: day('结束日期'),
  shopId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, `${L.shopId} ID 格式不正确`)
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, `${L.shopId} ID 格式不正确`)
    .optional(),
}).superRefine((v, ctx) => {
  const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
  else if (days >= MAX_LEDGER_SUMMARY_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `统计区间最多 ${MAX_LEDGER_SUMMARY_DAYS} 天` });
});

/** GET ledger/summary?from=&to=: the period's sums and one row per day (every day, zero days included). */
export const ledgerSummarySchema = z.object({
  incomeFen: z.number(),
  expenseFen: z.number(),
  netFen: z.number(),
  days: z.array(z.object({ day: z.string(), incomeFen: z.number(), expenseFen: z.number() })),
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;

const noUpdate = z.never();

export const ledgerEntryResource = defineResource({
  name: 'ledger',
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['shop-manager'],
  actions: { reverse: ['shop-manager'] },
  shopScoped: true,
  schemas: { row: ledgerEntryRowSchema, create: ledgerEntryCreateSchema, update: noUpdate },
  filters: {
    id: filter.int,
    shopId: filter.int,
    type: filter.oneOf(LEDGER_TYPES),
    category: filter.oneOf(LEDGER_CATEGORIES),
    method: filter.oneOf(PAYMENT_METHODS),
    orderId: filter.int,
    afterSaleId: filter.int,
    /** from/to: days of occurredOn, inclusive. */
    from: filter.day,
    to: filter.day,
    occurredOn: filter.day,
    amountFen: filter.int,
    createdAt: filter.instant,
  },
  sortable: ['id', 'occurredOn', 'amountFen', 'createdAt'],
  search: '备注',
  missing: '账目不存在',
  labels: 'ledger',
});
