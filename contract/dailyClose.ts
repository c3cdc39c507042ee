import { z } from 'zod';
import { strictObject, optionalText, text, int, oneOf } from './validation';
import { defineResource, filter } from './resource';
import { MAX_ORDER_FEN, PAYMENT_METHODS, type PaymentMethod } from './order';

/**
 * A shop's business day closed by its manager and reconciled by finance. A day without a row is open;
 * submitted and confirmed days are fixed (money that moves later belongs to the next open day), a
 * returned one is open again until the manager submits it anew.
 */
export const DAILY_CLOSE_STATUSES = ['open', 'submitted', 'confirmed', 'returned'] as const;
export type DailyCloseStatus = (typeof DAILY_CLOSE_STATUSES)[number];
export const DAILY_CLOSE_STATUS_LABELS: Record<DailyCloseStatus, string> = {
  open: '未日结',
  submitted: '待确认',
  confirmed: '已确认',
  returned: '已退回',
};
/** The statuses of a day whose figures are stored and whose money may no longer change. */
export const FIXED_CLOSE_STATUSES = ['submitted', 'confirmed'] as const satisfies readonly DailyCloseStatus[];

/**
 * The methods whose money is not in the drawer and that have a platform's statement to compare with.
 * Stored value has none: its book is the cards' own transactions, which the server keeps.
 */
export const NON_CASH_METHODS = PAYMENT_METHODS.filter((m) => m !== 'cash' && m !== 'stored-value') as Exclude<
  PaymentMethod,
  'cash' | 'stored-value'
>[];

/** The most of the float, the counted cash and a statement: a drawer never holds more than a few orders' worth. */
const MAX_CLOSE_FEN = MAX_ORDER_FEN * 100;

export const DAILY_CLOSE_FIELD_LABELS = {
  shopId: '门店',
  day: '营业日',
  status: '状态',
  byMethod: '收款方式',
  inFen: '收入',
  refundFen: '退款',
  expenseFen: '支出',
  statementFen: '对账单金额',
  cardSalesFen: '售卡',
  cashExpenseFen: '现金支出',
  openingFloatFen: '期初备用金',
  expectedCashFen: '应有现金',
  countedCashFen: '实点现金',
  differenceFen: '现金差异',
  hasDifference: '有差异',
  floatFen: '留存备用金',
  statements: '对账单',
  reason: '差异原因',
  returnReason: '退回原因',
  submittedBy: '提交人',
  submittedAt: '提交时间',
  confirmedBy: '确认人',
  confirmedAt: '确认时间',
} as const;
const L = DAILY_CLOSE_FIELD_LABELS;

/**
 * One method's line of a day: money in (orders' payments, hand income), refunds through it, hand
 * expenses paid with it, and for a non-cash method the statement the manager entered (null: none).
 */
export const closeMethodLineSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  inFen: z.number(),
  refundFen: z.number(),
  expenseFen: z.number(),
  statementFen: z.number().nullable(),
});
export type CloseMethodLine = z.infer<typeof closeMethodLineSchema>;

/** GET daily-closes/:shopId/:day: computed for an open or returned day, as stored for a submitted or confirmed one. */
export const dailyCloseSchema = z.object({
  /** The stored close's id; null for a day never submitted. */
  id: z.number().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  day: z.string(),
  status: z.enum(DAILY_CLOSE_STATUSES),
  byMethod: z.array(closeMethodLineSchema),
  cardSalesFen: z.number(),
  cashExpenseFen: z.number(),
  openingFloatFen: z.number(),
  expectedCashFen: z.number(),
  countedCashFen: z.number().nullable(),
  differenceFen: z.number().nullable(),
  hasDifference: z.boolean(),
  floatFen: z.number().nullable(),
  reason: z.string(),
  submittedBy: z.string(),
  submittedAt: z.string().nullable(),
  confirmedBy: z.string(),
  confirmedAt: z.string().nullable(),
  returnReason: z.string(),
});
export type DailyClose = z.infer<typeof dailyCloseSchema>;

/** A row of GET daily-closes: the stored closes (submitted, confirmed, returned). */
export const dailyCloseRowSchema = dailyCloseSchema.extend({ id: z.number(), status: z.enum(DAILY_CLOSE_STATUSES) });
export type DailyCloseRow = z.infer<typeof dailyCloseRowSchema>;

const fen = (label: string) => int(label, 0, MAX_CLOSE_FEN);

/**
 * POST daily-closes/:shopId/:day/submit: the counted cash, the float kept for tomorrow (out of the
 * counted cash), the statements of non-cash methods (optional, each method once) and, when anything
 * differs from what the books expect, the reason.
 */
export const dailyCloseSubmitSchema = strictObject({
  countedCashFen: fen(L.countedCashFen),
  floatFen: fen(L.floatFen),
  statements: z
    .array(strictObject({ method: oneOf(L.statements, NON_CASH_METHODS as [string, ...string[]]), amountFen: fen(L.statementFen) }))
    .max(NON_CASH_METHODS.length, `${L.statements}最多 ${NON_CASH_METHODS.length} 项`)
    .refine((s) => new Set(s.map((x) => x.method)).size === s.length, `${L.statements}的收款方式不能重复`)
    .default([]),
  reason: optionalText(L.reason, 200).default(''),
}).superRefine((v, ctx) => {
  if (v.floatFen > v.countedCashFen)
    ctx.addIssue({ code: 'custom', path: ['floatFen'], message: `${L.floatFen}不能多于${L.countedCashFen}` });
});
export type DailyCloseSubmit = z.input<typeof dailyCloseSubmitSchema>;

/** POST daily-closes/:shopId/:day/confirm. */
export const dailyCloseConfirmSchema = strictObject({});
/** POST daily-closes/:shopId/:day/return: the manager corrects and submits again. */
export const dailyCloseReturnSchema = strictObject({ reason: text(L.returnReason, { max: 200 }) });

/** What a figure of a method's line sums: money in, refunds through the method, hand expenses paid with it. */
export const CLOSE_ENTRY_KINDS = ['in', 'refund', 'expense'] as const;
export type CloseEntryKind = (typeof CLOSE_ENTRY_KINDS)[number];

/** GET daily-closes/:shopId/:day/entries?method=&kind=: which figure of the day to open. */
export const closeEntriesQuerySchema = strictObject({
  method: oneOf(L.byMethod, PAYMENT_METHODS),
  kind: oneOf('类别', CLOSE_ENTRY_KINDS),
});

/**
 * One movement behind a figure of the day: an order's payment by the method, a ledger entry (hand income
 * or expense, a refund through a channel) or a refund put back onto a stored-value card. The figure is
 * the sum of its entries' amounts.
 */
export const closeEntrySchema = z.object({
  source: z.enum(['order', 'ledger', 'card']),
  id: z.number(),
  amountFen: z.number(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  afterSaleId: z.number().nullable(),
  note: z.string(),
  at: z.string(),
});
export type CloseEntry = z.infer<typeof closeEntrySchema>;

/** A past day of a shop with money moved and no submitted or confirmed close (Workplace). */
export const overdueCloseSchema = z.object({ shopId: z.number(), shopName: z.string(), day: z.string() });
export type OverdueClose = z.infer<typeof overdueCloseSchema>;
/** How far back Workplace looks for days not closed. */
export const OVERDUE_CLOSE_DAYS = 31;

const noInput = z.never();

export const dailyCloseResource = defineResource({
  name: 'daily-closes',
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: [],
  actions: { submit: ['shop-manager'], confirm: ['admin', 'financial-staff'], return: ['admin', 'financial-staff'] },
  shopScoped: true,
  schemas: { row: dailyCloseRowSchema, create: noInput, update: noInput },
  filters: {
    id: filter.int,
    shopId: filter.int,
    day: filter.day,
    /** from/to: days, inclusive (the finance lists' period). */
    from: filter.day,
    to: filter.day,
    status: filter.oneOf(DAILY_CLOSE_STATUSES),
    hasDifference: filter.bool,
    differenceFen: filter.int,
    submittedAt: filter.instant,
  },
  sortable: ['id', 'day', 'differenceFen', 'submittedAt'],
  missing: '日结不存在',
  labels: 'dailyClose',
});
