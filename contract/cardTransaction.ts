import { z } from 'zod';
import { strictObject, day } from './validation';
import { defineResource, filter } from './resource';
import { CARD_KINDS } from './cardPlan';

/**
 * Every change of a card is one of these. purchase: a package sold or a stored-value account opened;
 * top-up: money into an existing account; spend: a stored-value payment; session: a package session
 * redeemed; refund: an approved card refund; bonus-forfeit: the bonus lost when a refund empties the
 * principal; expiry: a package closed by the periodic job with sessions left; reversal: money put
 * back on the card by a refund of an order it paid.
 */
export const CARD_TRANSACTION_KINDS = ['purchase', 'top-up', 'spend', 'session', 'refund', 'bonus-forfeit', 'expiry', 'reversal'] as const;
export type CardTransactionKind = (typeof CARD_TRANSACTION_KINDS)[number];
export const CARD_TRANSACTION_KIND_LABELS: Record<CardTransactionKind, string> = {
  purchase: '购卡',
  'top-up': '充值',
  spend: '储值消费',
  session: '次卡核销',
  refund: '退卡',
  'bonus-forfeit': '赠送清零',
  expiry: '过期',
  reversal: '退款回卡',
};

/** The kinds each figure of the card finance page sums, for its drill-down to card-transactions. */
export const CARD_FIGURE_KINDS = {
  sales: ['purchase', 'top-up'],
  consumption: ['spend', 'session', 'reversal'],
  expiries: ['expiry'],
  refunds: ['refund', 'bonus-forfeit'],
} as const satisfies Record<string, readonly CardTransactionKind[]>;

export const CARD_TRANSACTION_FIELD_LABELS = {
  cardId: '会员卡',
  customerId: '客户',
  customerName: '客户',
  cardKind: '卡类型',
  kind: '类型',
  principalFen: '本金变动',
  bonusFen: '赠送变动',
  sessions: '次数变动',
  sessionValueFen: '次数价值变动',
  moneyFen: '收退款',
  shopId: '发生门店',
  shopName: '发生门店',
  soldShopId: '开卡门店',
  orderId: '订单',
  orderNo: '订单号',
  afterSaleId: '售后申请',
  accountName: '操作人',
  note: '说明',
  createdAt: '时间',
} as const;

/**
 * One change of a card: signed deltas of principal, bonus and sessions (a card's balance is their
 * sum), where and by whom. sessionValueFen is what the sessions changed are worth (contract/cardMoney.ts
 * sessionsValueFen), so principal + session value summed over a shop's cards is its liability.
 * moneyFen is the money received (a sale) or paid back (a refund, negative) with the change.
 */
export const cardTransactionRowSchema = z.object({
  id: z.number(),
  cardId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  cardKind: z.enum(CARD_KINDS),
  kind: z.enum(CARD_TRANSACTION_KINDS),
  principalFen: z.number(),
  bonusFen: z.number(),
  sessions: z.number(),
  sessionValueFen: z.number(),
  moneyFen: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  soldShopId: z.number(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  afterSaleId: z.number().nullable(),
  accountName: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type CardTransaction = z.infer<typeof cardTransactionRowSchema>;

const noInput = z.never();

export const cardTransactionResource = defineResource({
  name: 'card-transactions',
  // A shop-manager reads the history of its own customers' cards only: the shop serving a chain
  // customer of another shop sees the card's balance (member-cards), not its history.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: [],
  // export: GET card-transactions/export, the list's filters, streamed .xlsx.
  actions: { export: ['admin', 'financial-staff'], summary: ['admin', 'financial-staff'] },
  shopScoped: true,
  schemas: { row: cardTransactionRowSchema, create: noInput, update: noInput },
  filters: {
    id: filter.int,
    cardId: filter.int,
    customerId: filter.int,
    shopId: filter.int,
    soldShopId: filter.int,
    cardKind: filter.oneOf(CARD_KINDS),
    kind: filter.oneOf(CARD_TRANSACTION_KINDS),
    orderId: filter.int,
    afterSaleId: filter.int,
    /** from/to: Shanghai days of createdAt, inclusive. */
    from: filter.day,
    to: filter.day,
    createdAt: filter.instant,
  },
  sortable: ['id', 'createdAt'],
  search: '客户姓名或订单号',
  missing: '会员卡流水不存在',
  labels: 'cardTransaction',
});

/** The longest period GET card-transactions/summary answers. */
export const CARD_SUMMARY_MAX_DAYS = 366;

/** GET card-transactions/summary?from=&to=: Shanghai days, inclusive. */
export const cardSummaryQuerySchema = strictObject({ from: day('开始日期'), to: day('结束日期') }).superRefine((v, ctx) => {
  const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
  else if (days >= CARD_SUMMARY_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `统计区间最多 ${CARD_SUMMARY_MAX_DAYS} 天` });
});

/** A shop's cards at an instant: what it owes its card holders. */
export const cardLiabilityShopSchema = z.object({
  shopId: z.number(),
  shopName: z.string(),
  /** Stored-value principal left. */
  principalFen: z.number(),
  /** Package sessions left at their value. */
  sessionValueFen: z.number(),
  /** principal + session value: the shop's 预收 liability. */
  liabilityFen: z.number(),
  /** Bonus left, apart: it is owed in service, not in money. */
  bonusFen: z.number(),
});
export type CardLiabilityShop = z.infer<typeof cardLiabilityShopSchema>;

/** Cross-shop use netted per pair of shops: `fromShop` owes `toShop` amountFen (> 0). */
export const cardSettlementPairSchema = z.object({
  fromShopId: z.number(),
  fromShopName: z.string(),
  toShopId: z.number(),
  toShopName: z.string(),
  amountFen: z.number(),
});
export type CardSettlementPair = z.infer<typeof cardSettlementPairSchema>;

/** A shop's card figures of a period, each the sum of the card transactions CARD_FIGURE_KINDS names. */
export const cardShopFiguresSchema = z.object({
  shopId: z.number(),
  shopName: z.string(),
  /** Money received for cards sold and topped up at the shop (售卡收入). */
  salesFen: z.number(),
  /** Principal spent and sessions redeemed at the shop, at their value (消耗业绩 from cards). */
  consumptionFen: z.number(),
  /** Bonus spent at the shop (赠送消耗): not revenue. */
  bonusConsumptionFen: z.number(),
  /** Value of packages of the shop closed by expiry (过期收入). */
  expiryFen: z.number(),
  /** Money paid back for cards refunded at the shop. */
  refundFen: z.number(),
});
export type CardShopFigures = z.infer<typeof cardShopFiguresSchema>;

/** GET card-transactions/summary: the /finance/cards page. */
export const cardSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The end of the period (the end of `to`, or now if sooner). */
  at: z.string(),
  liability: z.array(cardLiabilityShopSchema),
  figures: z.array(cardShopFiguresSchema),
  settlement: z.array(cardSettlementPairSchema),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;
export const CARD_SUMMARY_PATH = 'card-transactions/summary';
export const CARD_TRANSACTIONS_EXPORT_PATH = 'card-transactions/export';
