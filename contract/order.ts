import { z } from 'zod';
import { strictObject, optionalText, text, int, oneOf } from './validation';
import { defineResource, filter } from './resource';
import { FULL_SHARE_BP } from './shareSplit';
import { MAX_PRICE_FEN } from './program';
import { CARD_KINDS } from './cardPlan';

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

export const PAYMENT_METHODS = ['cash', 'wechat', 'alipay', 'card', 'other', 'stored-value'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: '现金',
  wechat: '微信',
  alipay: '支付宝',
  card: '银行卡',
  other: '其他',
  'stored-value': '储值卡',
};
/** Methods that bring money in: the only ones a card sale may be paid with. */
export const MONEY_PAYMENT_METHODS = ['cash', 'wechat', 'alipay', 'card', 'other'] as const satisfies readonly PaymentMethod[];

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
  cardPlanId: '卡项',
  cardId: '会员卡',
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

/** A service line; with `cardId` it redeems one session of that package (charged 0). */
const programLineSchema = z.object({
  kind: z.literal('program').optional(),
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
  /** The package a session of which this line redeems. */
  cardId: z.number().optional(),
  /** What the session redeemed is worth (消耗业绩), set when the order is paid. */
  sessionValueFen: z.number().optional(),
  /** The package's sessions left after this one, set when the order is paid (the receipt shows it). */
  sessionsLeft: z.number().optional(),
});
export type ProgramLine = z.infer<typeof programLineSchema>;

/** A card sold: a package, or a stored-value top-up at the plan's price (no VIP price, no discount). */
const cardLineSchema = z.object({
  kind: z.literal('card'),
  cardPlanId: z.number(),
  cardPlanName: z.string(),
  cardKind: z.enum(CARD_KINDS),
  unitPriceFen: z.number(),
  quantity: z.literal(1),
  discountFen: z.literal(0),
  amountFen: z.number(),
  /** The card issued or topped up, set when the order is paid. */
  cardId: z.number().optional(),
});
export type CardLine = z.infer<typeof cardLineSchema>;

const orderLineSchema = z.union([programLineSchema, cardLineSchema]);
export type OrderLine = z.infer<typeof orderLineSchema>;
export const isCardLine = (line: OrderLine): line is CardLine => line.kind === 'card';
/** The service lines of an order (a package session redeemed is one). */
export const programLines = (lines: readonly OrderLine[]): ProgramLine[] => lines.filter((l): l is ProgramLine => !isCardLine(l));
/** What a line sold, by name: the program, or the card plan. */
export const lineName = (line: OrderLine): string => (isCardLine(line) ? line.cardPlanName : line.programName);

const orderPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  amountFen: z.number(),
  /** stored-value: the card paid with, the parts taken from principal and bonus, and what is left of each after. */
  cardId: z.number().optional(),
  principalFen: z.number().optional(),
  bonusFen: z.number().optional(),
  principalLeftFen: z.number().optional(),
  bonusLeftFen: z.number().optional(),
});
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
 * A line of POST orders: a service `{ programId, quantity, discountFen }`, a session of a package
 * `{ programId, quantity: 1, cardId }`, or a card sold `{ cardPlanId, quantity: 1 }`.
 */
const orderLineInputSchema = strictObject({
  programId: id(L.programId).optional(),
  cardPlanId: id(L.cardPlanId).optional(),
  cardId: id(L.cardId).optional(),
  quantity: int(L.quantity, 1, MAX_LINE_QUANTITY).default(1),
  discountFen: fen(L.lineDiscountFen).default(0),
}).superRefine((l, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if ((l.programId === undefined) === (l.cardPlanId === undefined)) issue('programId', `请选择${L.programId}或${L.cardPlanId}（二选一）`);
  const single = l.cardPlanId !== undefined ? L.cardPlanId : l.cardId !== undefined ? '次卡核销' : null;
  if (single === null) return;
  if (l.quantity !== 1) issue('quantity', `${single}的${L.quantity}只能为 1`);
  if (l.discountFen !== 0) issue('discountFen', `${single}不能设${L.lineDiscountFen}`);
  if (l.cardPlanId !== undefined && l.cardId !== undefined) issue('cardId', `${L.cardPlanId}不能指定${L.cardId}`);
});
export type OrderLineInput = z.output<typeof orderLineInputSchema>;

/**
 * POST orders. Prices and totals are never taken from the client: the server prices each line from
 * the program (or card plan) and the customer. Shares must add up to exactly 10,000 bp (100%).
 * An order selling a card needs a customer and takes no order discount.
 */
export const orderCreateSchema = strictObject({
  customerId: id(L.customerId).nullable().default(null),
  appointmentId: id(L.appointmentId).nullable().default(null),
  lines: z
    .array(orderLineInputSchema, {
      error: `请添加${L.lines}`,
    })
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

const orderPaymentInputSchema = strictObject({
  method: oneOf(L.method, PAYMENT_METHODS),
  amountFen: int(L.amountFen, 1, MAX_ORDER_FEN),
  cardId: id(L.cardId).optional(),
}).superRefine((p, ctx) => {
  if (p.method === 'stored-value' && p.cardId === undefined)
    ctx.addIssue({ code: 'custom', path: ['cardId'], message: `请选择${L.cardId}` });
  if (p.method !== 'stored-value' && p.cardId !== undefined)
    ctx.addIssue({ code: 'custom', path: ['cardId'], message: `只有储值卡收款可以指定${L.cardId}` });
});

/**
 * POST orders/:id/pay: the payments must add up to the order's payable exactly (checked by the
 * server); an order whose payable is 0 (sessions redeemed only) is paid with none. A card may be
 * named once per order.
 */
export const orderPaySchema = strictObject({
  payments: z
    .array(orderPaymentInputSchema, { error: `请添加${L.payments}` })
    .max(MAX_PAYMENTS, `${L.payments}最多 ${MAX_PAYMENTS} 笔`)
    .refine((ps) => {
      const cards = ps.flatMap((p) => (p.cardId === undefined ? [] : [p.cardId]));
      return new Set(cards).size === cards.length;
    }, `同一张${L.cardId}只能收款一笔`),
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
