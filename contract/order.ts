import { z } from 'zod';
import { strictObject, optionalText, text, int, oneOf } from './validation';
import { defineResource, filter } from './resource';
import { FULL_SHARE_BP } from './shareSplit';
import { MAX_PRICE_FEN } from './program';

export const ORDER_STATUSES = ['unpaid', 'paid', 'partially-refunded', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  'partially-refunded': '部分退款',
  refunded: '已退款',
  cancelled: '已取消',
};
/** An order is paid or cancelled only while unpaid; these name why not, by its status. */
export const orderPayRefusal = (status: OrderStatus) => `订单${ORDER_STATUS_LABELS[status]}，不能再收款`;
export const orderCancelRefusal = (status: OrderStatus) =>
  `订单${ORDER_STATUS_LABELS[status]}，不能取消${status === 'cancelled' ? '' : '（已收款的订单请申请售后退款）'}`;
/** Statuses in which money was taken: after-sales may be requested, the receipt exists. */
export const PAID_ORDER_STATUSES = ['paid', 'partially-refunded', 'refunded'] as const satisfies readonly OrderStatus[];

export const PAYMENT_METHODS = ['cash', 'wechat', 'alipay', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: '现金',
  wechat: '微信',
  alipay: '支付宝',
  card: '银行卡',
  other: '其他',
};

/** A retried POST orders, orders/:id/pay or after-sales carries the same key; the server answers it once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,64}$/;
/** How long the server keeps a key and its answer. */
export const IDEMPOTENCY_TTL_HOURS = 24;

const MAX_ORDER_LINES = 30;
export const MAX_LINE_QUANTITY = 99;
export const MAX_STAFF_SHARES = 10;
export const MAX_PAYMENTS = 5;
/** Highest amount one order may reach: 99 units of the dearest program on 30 lines stays far below 2^31 fen. */
export const MAX_ORDER_FEN = MAX_PRICE_FEN * 100;

/** orderNo: the Shanghai day, the shop id in 3 digits, the shop's sequence of that day in 4: 20261123-003-0042. */
export const ORDER_NO_RE = /^\d{8}-\d{3,}-\d{4,}$/;
export function formatOrderNo(dayYmd: string, shopId: number, sequence: number): string {
  return `${dayYmd.replaceAll('-', '')}-${String(shopId).padStart(3, '0')}-${String(sequence).padStart(4, '0')}`;
}

export const ORDER_FIELD_LABELS = {
  orderNo: '订单号',
  shopId: '门店',
  customerId: '客户',
  customerName: '客户',
  appointmentId: '预约',
  status: '状态',
  lines: '服务项目',
  programId: '服务项目',
  quantity: '数量',
  unitPriceFen: '单价',
  discountFen: '优惠',
  lineDiscountFen: '项目优惠',
  amountFen: '金额',
  totalFen: '合计',
  payableFen: '应收',
  payments: '收款',
  method: '收款方式',
  paidFen: '实收',
  refundedFen: '已退款',
  staffShares: '服务人员',
  staffId: '服务人员',
  shareBp: '业绩占比',
  note: '备注',
  reason: '取消原因',
  cancelReason: '取消原因',
  paidAt: '支付时间',
  createdAt: '创建时间',
  updatedAt: '更新时间',
} as const;
const L = ORDER_FIELD_LABELS;
const id = (label: string) => int(label, 1, 2_147_483_647);
const fen = (label: string, max = MAX_ORDER_FEN) => int(label, 0, max);

const orderLineSchema = z.object({
  programId: z.number(),
  programName: z.string(),
  programType: z.number(),
  unitPriceFen: z.number(),
  /** The unit price is the program's VIP price (the customer was VIP when the order was made). */
  vipPrice: z.boolean(),
  /** The program's list price when the order was priced: the receipt shows it and the VIP saving (absent on older orders). */
  listPriceFen: z.number().optional(),
  quantity: z.number(),
  discountFen: z.number(),
  amountFen: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const orderPaymentSchema = z.object({ method: z.enum(PAYMENT_METHODS), amountFen: z.number() });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

const orderStaffShareSchema = z.object({ staffId: z.number(), staffName: z.string(), shareBp: z.number() });
export type OrderStaffShare = z.infer<typeof orderStaffShareSchema>;

export const orderRowSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  customerId: z.number().nullable(),
  /** "散客" for a walk-in. */
  customerName: z.string(),
  /** Masked (138****0001), empty for a walk-in. */
  customerPhone: z.string(),
  customerVip: z.boolean(),
  appointmentId: z.number().nullable(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineSchema),
  totalFen: z.number(),
  discountFen: z.number(),
  payableFen: z.number(),
  payments: z.array(orderPaymentSchema),
  paidFen: z.number(),
  refundedFen: z.number(),
  staffShares: z.array(orderStaffShareSchema),
  note: z.string(),
  cancelReason: z.string(),
  createdBy: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderRowSchema>;

export const WALK_IN_CUSTOMER_NAME = '散客';

/**
 * POST orders. Prices and totals are never taken from the client: the server prices each line from
 * the program and the customer. Shares must add up to exactly 10,000 bp (100%).
 */
export const orderCreateSchema = strictObject({
  customerId: id(L.customerId).nullable().default(null),
  appointmentId: id(L.appointmentId).nullable().default(null),
  lines: z
    .array(
      strictObject({
        programId: id(L.programId),
        quantity: int(L.quantity, 1, MAX_LINE_QUANTITY).default(1),
        discountFen: fen(L.lineDiscountFen).default(0),
      }),
      {
        error: `请添加${L.lines}`,
      },
    )
    .min(1, `请添加${L.lines}`)
    .max(MAX_ORDER_LINES, `${L.lines}最多 ${MAX_ORDER_LINES} 项`),
  discountFen: fen(L.discountFen).default(0),
  staffShares: z
    .array(strictObject({ staffId: id(L.staffId), shareBp: int(L.shareBp, 1, FULL_SHARE_BP) }), { error: `请选择${L.staffShares}` })
    .min(1, `请选择${L.staffShares}`)
    .max(MAX_STAFF_SHARES, `${L.staffShares}最多 ${MAX_STAFF_SHARES} 人`)
    .refine((s) => s.reduce((sum, x) => sum + x.shareBp, 0) === FULL_SHARE_BP, `${L.shareBp}合计必须为 100%`)
    .refine((s) => new Set(s.map((x) => x.staffId)).size === s.length, `${L.staffShares}不能重复`),
  note: optionalText(L.note, 500).default(''),
});
export type OrderInput = z.input<typeof orderCreateSchema>;

/** POST orders/:id/pay: the payments must add up to the order's payable exactly (checked by the server). */
export const orderPaySchema = strictObject({
  payments: z
    .array(strictObject({ method: oneOf(L.method, PAYMENT_METHODS), amountFen: int(L.amountFen, 1, MAX_ORDER_FEN) }), {
      error: `请添加${L.payments}`,
    })
    .min(1, `请添加${L.payments}`)
    .max(MAX_PAYMENTS, `${L.payments}最多 ${MAX_PAYMENTS} 笔`),
});

/** POST orders/:id/cancel: unpaid orders only. */
export const orderCancelSchema = strictObject({ reason: text(L.reason, { max: 200 }) });

/** Orders are never changed by PATCH: a paid order is final, an unpaid one is cancelled and made anew. */
const noUpdate = z.never();

export const orderResource = defineResource({
  name: 'orders',
  // Finance and admin read every shop's orders; only the shop's manager takes money at the cashier.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['shop-manager'],
  actions: { pay: ['shop-manager'], cancel: ['shop-manager'] },
  shopScoped: true,
  schemas: { row: orderRowSchema, create: orderCreateSchema, update: noUpdate },
  filters: {
    id: filter.int,
    shopId: filter.int,
    orderNo: filter.text,
    status: filter.oneOf(ORDER_STATUSES),
    customerId: filter.int,
    appointmentId: filter.int,
    /** from/to: Shanghai days, inclusive, on the field `dateField` names (createdAt unless paidAt). */
    from: filter.day,
    to: filter.day,
    dateField: filter.oneOf(['createdAt', 'paidAt']),
    payableFen: filter.int,
    paidAt: filter.instant,
    createdAt: filter.instant,
  },
  sortable: ['id', 'orderNo', 'payableFen', 'paidAt', 'createdAt'],
  search: '订单号或客户姓名、手机号',
  missing: '订单不存在',
  labels: 'order',
});
