import { z } from 'zod';
import { strictObject, text, int } from './validation';
import { defineResource, filter } from './resource';

/** sale: services sold; card-sale: cards sold or topped up (售卡); adjustment: a refund's negative share. */
export const PERFORMANCE_KINDS = ['sale', 'card-sale', 'adjustment'] as const;
export type PerformanceKind = (typeof PERFORMANCE_KINDS)[number];
export const PERFORMANCE_KIND_LABELS: Record<PerformanceKind, string> = { sale: '销售', 'card-sale': '售卡', adjustment: '退款调整' };

export const PERFORMANCE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PerformanceStatus = (typeof PERFORMANCE_STATUSES)[number];
export const PERFORMANCE_STATUS_LABELS: Record<PerformanceStatus, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };
/** A record is reviewed once, while pending; this names why not, by its status. */
export const performanceReviewRefusal = (status: PerformanceStatus) => `该业绩记录${PERFORMANCE_STATUS_LABELS[status]}，不能再审核`;

/** At most this many ids in one batch approval. */
export const MAX_BATCH_APPROVE = 500;

export const PERFORMANCE_FIELD_LABELS = {
  orderId: '订单',
  orderNo: '订单号',
  shopId: '门店',
  shopName: '门店',
  staffId: '员工',
  staffName: '员工',
  kind: '类型',
  shareBp: '业绩占比',
  amountFen: '业绩金额',
  commissionFen: '提成',
  status: '状态',
  reviewedBy: '审核人',
  reviewedAt: '审核时间',
  rejectReason: '驳回原因',
  reason: '驳回原因',
  ids: '业绩记录',
  createdAt: '产生时间',
} as const;
const L = PERFORMANCE_FIELD_LABELS;

/**
 * What a staff member earned from one paid order (kind sale), or the negative share of a refund
 * (kind adjustment), waiting for finance to approve or reject it. Approved and rejected are final.
 */
const performanceRecordRowSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  afterSaleId: z.number().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  staffId: z.number(),
  staffName: z.string(),
  kind: z.enum(PERFORMANCE_KINDS),
  shareBp: z.number(),
  amountFen: z.number(),
  /** amountFen × the staff member's commission rate when the record was made, rounded to the fen. */
  commissionFen: z.number(),
  status: z.enum(PERFORMANCE_STATUSES),
  reviewedBy: z.string(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PerformanceRecord = z.infer<typeof performanceRecordRowSchema>;

export const performanceRejectSchema = strictObject({ reason: text(L.reason, { max: 200 }) });
export const performanceApproveSchema = strictObject({});
export const performanceBatchApproveSchema = strictObject({
  ids: z
    .array(int(L.ids, 1, 2_147_483_647), { error: `请选择${L.ids}` })
    .min(1, `请选择${L.ids}`)
    .max(MAX_BATCH_APPROVE, `${L.ids}一次最多 ${MAX_BATCH_APPROVE} 条`),
});

/** The batch approval's answer: what was approved and what was skipped, each with why. */
export const performanceBatchResultSchema = z.object({
  approved: z.array(z.number()),
  skipped: z.array(z.object({ id: z.number(), reason: z.string() })),
});
export type PerformanceBatchResult = z.infer<typeof performanceBatchResultSchema>;

/**
 * GET performance-records/summary, with the list's own filters: how many records they select and
 * the sums of their amounts and commissions (shown above the review table).
 */
export const performanceSummarySchema = z.object({ count: z.number(), amountFen: z.number(), commissionFen: z.number() });
export type PerformanceSummary = z.infer<typeof performanceSummarySchema>;

const noInput = z.never();

export const performanceRecordResource = defineResource({
  name: 'performance-records',
  // Made by the checkstand and by refunds; only finance and admin read and review them.
  read: ['admin', 'financial-staff'],
  write: [],
  actions: { approve: ['admin', 'financial-staff'], reject: ['admin', 'financial-staff'] },
  shopScoped: true,
  schemas: { row: performanceRecordRowSchema, create: noInput, update: noInput },
  filters: {
    id: filter.int,
    shopId: filter.int,
    staffId: filter.int,
    orderId: filter.int,
    status: filter.oneOf(PERFORMANCE_STATUSES),
    kind: filter.oneOf(PERFORMANCE_KINDS),
    /** from/to: Shanghai days of createdAt, inclusive. */
    from: filter.day,
    to: filter.day,
    amountFen: filter.int,
    createdAt: filter.instant,
    reviewedAt: filter.instant,
  },
  sortable: ['id', 'createdAt', 'reviewedAt', 'amountFen'],
  search: '订单号',
  missing: '业绩记录不存在',
  labels: 'performanceRecord',
});
