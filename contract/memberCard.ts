import { z } from 'zod';
import { defineResource, filter } from './resource';
import { CARD_KINDS } from './cardPlan';

export const MEMBER_CARD_STATUSES = ['active', 'used-up', 'expired', 'refunded'] as const;
export type MemberCardStatus = (typeof MEMBER_CARD_STATUSES)[number];
export const MEMBER_CARD_STATUS_LABELS: Record<MemberCardStatus, string> = {
  active: '使用中',
  'used-up': '已用完',
  expired: '已过期',
  refunded: '已退卡',
};

export const MEMBER_CARD_FIELD_LABELS = {
  customerId: '客户',
  customerName: '客户',
  customerPhone: '手机号',
  kind: '卡类型',
  planId: '卡项',
  planName: '卡项',
  principalFen: '本金余额',
  bonusFen: '赠送余额',
  balanceFen: '余额',
  programId: '服务项目',
  programName: '服务项目',
  sessionsLeft: '剩余次数',
  sessionsTotal: '总次数',
  priceFen: '售价',
  validUntil: '有效期至',
  status: '状态',
  soldShopId: '开卡门店',
  soldShopName: '开卡门店',
  createdAt: '开卡时间',
} as const;

/** How a card is refused at the cashier; the server answers these with 40900. */
export const cardRefusals = {
  overdrawn: (balanceFen: string, amountFen: string) => `储值卡余额不足：余额 ${balanceFen} 元，本次扣款 ${amountFen} 元`,
  notActive: (status: MemberCardStatus) => `会员卡${MEMBER_CARD_STATUS_LABELS[status]}，不能使用`,
  noSessions: '次卡剩余次数为 0，不能核销',
  expired: (day: string) => `次卡已于 ${day} 过期，不能核销`,
} as const;

/**
 * A customer's card: the one stored-value account (principal + bonus, never expires), or a package
 * of sessions of one program valid until a day. Balances are kept on the row in the same transaction
 * as the card transactions they sum (card-transactions).
 */
export const memberCardRowSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  /** Masked (138****0001). */
  customerPhone: z.string(),
  kind: z.enum(CARD_KINDS),
  planId: z.number().nullable(),
  planName: z.string(),
  principalFen: z.number(),
  bonusFen: z.number(),
  /** A package: its program; null for stored value. */
  programId: z.number().nullable(),
  programName: z.string().nullable(),
  sessionsLeft: z.number().nullable(),
  sessionsTotal: z.number().nullable(),
  /** A package's price as sold (sessions are valued from it); null for stored value. */
  priceFen: z.number().nullable(),
  validUntil: z.string().nullable(),
  status: z.enum(MEMBER_CARD_STATUSES),
  /** The shop that opened the card and owes its balance (docs/member-money.md). */
  soldShopId: z.number(),
  soldShopName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MemberCard = z.infer<typeof memberCardRowSchema>;

const noInput = z.never();

export const memberCardResource = defineResource({
  name: 'member-cards',
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: [],
  actions: {},
  // A shop-manager reads the cards of its shop's customers and of a chain customer its account looked
  // up by full phone in the last day (customers/lookup), as it may bill them; admin and finance all.
  shopScoped: true,
  schemas: { row: memberCardRowSchema, create: noInput, update: noInput },
  filters: {
    id: filter.int,
    customerId: filter.int,
    kind: filter.oneOf(CARD_KINDS),
    status: filter.oneOf(MEMBER_CARD_STATUSES),
    soldShopId: filter.int,
    planId: filter.int,
    validUntil: filter.instant,
    createdAt: filter.instant,
  },
  sortable: ['id', 'validUntil', 'createdAt'],
  search: '客户姓名、完整手机号或手机尾号四位',
  missing: '会员卡不存在',
  labels: 'memberCard',
});
