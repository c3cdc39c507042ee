import { z } from 'zod';
import { strictObject, optionalText, text, int, oneOf, link } from './validation';
import { defineResource, filter } from './resource';
import { MAX_ORDER_FEN } from './order';
import { REFUND_CHANNEL_LABEL, refundChannelRowSchema, refundChannelsSchema } from './refund';

export const AFTER_SALE_TYPES = ['refund', 'touch-up', 'complaint'] as const;
export type AfterSaleType = (typeof AFTER_SALE_TYPES)[number];
export const AFTER_SALE_TYPE_LABELS: Record<AfterSaleType, string> = { refund: '退款', 'touch-up': '补色', complaint: '投诉' };

export const AFTER_SALE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type AfterSaleStatus = (typeof AFTER_SALE_STATUSES)[number];
export const AFTER_SALE_STATUS_LABELS: Record<AfterSaleStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

/** A request is approved, rejected or withdrawn only while pending; these name why not, by its status. */
export const afterSaleReviewRefusal = (status: AfterSaleStatus) => `该售后申请${AFTER_SALE_STATUS_LABELS[status]}，不能再审核`;
export const afterSaleWithdrawRefusal = (status: AfterSaleStatus) => `售后申请${AFTER_SALE_STATUS_LABELS[status]}，不能撤回`;

export const MAX_AFTER_SALE_IMAGES = 6;

export const AFTER_SALE_FIELD_LABELS = {
  shopId: '门店',
  orderId: '订单',
  orderNo: '订单号',
  customerName: '客户',
  cardId: '会员卡',
  type: '售后类型',
  amountFen: '退款金额',
  reason: '原因',
  images: '图片',
  status: '状态',
  requestedBy: '申请人',
  reviewedBy: '审核人',
  reviewNote: '审核备注',
  rejectReason: '驳回原因',
  refundChannels: REFUND_CHANNEL_LABEL,
  createdAt: '申请时间',
  reviewedAt: '审核时间',
} as const;
const L = AFTER_SALE_FIELD_LABELS;

export const afterSaleRowSchema = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  customerName: z.string(),
  type: z.enum(AFTER_SALE_TYPES),
  /** Refunds only; null for touch-up and complaint. */
  amountFen: z.number().nullable(),
  /** A card refund: the card the order sold, the amount taken from it when approved. */
  cardId: z.number().nullable(),
  /** Where an approved refund's money went, by payment method; empty until then and for the other types. */
  refundChannels: z.array(refundChannelRowSchema),
  reason: z.string(),
  images: z.array(z.string()),
  status: z.enum(AFTER_SALE_STATUSES),
  requestedBy: z.string(),
  reviewedBy: z.string(),
  reviewNote: z.string(),
  rejectReason: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AfterSale = z.infer<typeof afterSaleRowSchema>;

/**
 * POST after-sales. A refund names its amount, at most what was paid minus what is refunded or
 * requested already (checked by the server against the order); the other types carry none. A refund
 * on an order that sold cards names the card (`cardId`): at most its principal left (a package: its
 * sessions left at their value); the money of an order's cards is refunded only that way.
 */
export const afterSaleCreateSchema = strictObject({
  orderId: int(L.orderId, 1, 2_147_483_647),
  type: oneOf(L.type, AFTER_SALE_TYPES),
  amountFen: int(L.amountFen, 1, MAX_ORDER_FEN).nullable().default(null),
  cardId: int(L.cardId, 1, 2_147_483_647).nullable().default(null),
  reason: text(L.reason, { max: 500 }),
  images: z
    .array(link(L.images).min(1, `${L.images}地址不能为空`))
    .max(MAX_AFTER_SALE_IMAGES, `${L.images}最多 ${MAX_AFTER_SALE_IMAGES} 张`)
    .default([]),
}).superRefine((v, ctx) => {
  if (v.type === 'refund' && v.amountFen === null) ctx.addIssue({ code: 'custom', path: ['amountFen'], message: `请输入${L.amountFen}` });
  if (v.type !== 'refund' && v.amountFen !== null)
    ctx.addIssue({ code: 'custom', path: ['amountFen'], message: `只有退款申请可以填写${L.amountFen}` });
  if (v.type !== 'refund' && v.cardId !== null)
    ctx.addIssue({ code: 'custom', path: ['cardId'], message: `只有退款申请可以指定${L.cardId}` });
});
export type AfterSaleInput = z.input<typeof afterSaleCreateSchema>;

/**
 * POST after-sales/:id/approve (finance, admin); approving a refund executes it through its channels
 * (contract/refund.ts checkChannels): required when the order was paid by more than one method.
 */
export const afterSaleApproveSchema = strictObject({
  note: optionalText(L.reviewNote, 200).default(''),
  channels: refundChannelsSchema.optional(),
});
/** POST after-sales/:id/reject. */
export const afterSaleRejectSchema = strictObject({ reason: text(L.rejectReason, { max: 200 }) });
/** POST after-sales/:id/withdraw: the requesting shop's manager, pending only. */
export const afterSaleWithdrawSchema = strictObject({});

const noUpdate = z.never();

export const afterSaleResource = defineResource({
  name: 'after-sales',
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['shop-manager'],
  actions: { withdraw: ['shop-manager'], approve: ['admin', 'financial-staff'], reject: ['admin', 'financial-staff'] },
  shopScoped: true,
  schemas: { row: afterSaleRowSchema, create: afterSaleCreateSchema, update: noUpdate },
  filters: {
    id: filter.int,
    shopId: filter.int,
    orderId: filter.int,
    type: filter.oneOf(AFTER_SALE_TYPES),
    status: filter.oneOf(AFTER_SALE_STATUSES),
    /** from/to: Shanghai days of createdAt, inclusive. */
    from: filter.day,
    to: filter.day,
    amountFen: filter.int,
    createdAt: filter.instant,
    reviewedAt: filter.instant,
  },
  sortable: ['id', 'createdAt', 'reviewedAt', 'amountFen'],
  search: '订单号或客户姓名',
  missing: '售后申请不存在',
  labels: 'afterSale',
});
