import { GraphQLNonNull, GraphQLObjectType, GraphQLSchema } from 'graphql';
import {
  REPORT_ROLES,
  type ChainWorkplace,
  type DayRevenue,
  type FinanceWorkplace,
  type ShopRank,
  type ShopWorkplace,
  type StaffRank,
  type Takings,
  type UpcomingAppointment,
  type Workplace,
} from '../../contract/report';
import type { ReportContext } from './context';
import { DateScalar, FenScalar, Int, Str, listOf, nonNull, objectType, queryField } from './types';
import { calendarOf, periodOf } from '../reports/period';
import { revenueTrend, shopRanking } from '../reports/sales';
import { staffRanking } from '../reports/staffRanking';
import { chainWorkplace, financeWorkplace, shopWorkplace } from '../reports/workplace';
import { allow, scopedShop } from '../reports/scope';
import { cardLiability, cardSettlement } from '../cards/figures';
import type { CardLiabilityShop, CardSettlementPair } from '../../contract/cardTransaction';

const Fen = FenScalar;

const ShopRankType = objectType<ShopRank>('ShopRank', "A shop's figures of a period.", () => ({
  shopId: { type: nonNull(Int) },
  shopName: { type: nonNull(Str) },
  revenueFen: { type: nonNull(Fen), description: 'Paid minus refunded of the orders paid in the period.' },
  orderCount: { type: nonNull(Int), description: 'Orders paid in the period.' },
  refundFen: { type: nonNull(Fen), description: 'Refunded so far of the orders paid in the period.' },
  customerCount: { type: nonNull(Int), description: 'Distinct customers with an order paid in the period.' },
  newCustomerCount: { type: nonNull(Int), description: 'Customers of this shop created in the period.' },
  cashFen: {
    type: nonNull(Fen),
    description: '现金业绩: money received in the period (services and cards paid in money) less money refunded.',
  },
  consumptionFen: {
    type: nonNull(Fen),
    description: '消耗业绩: service lines paid in money, principal spent and package sessions at their value, in the period.',
  },
  bonusConsumptionFen: { type: nonNull(Fen), description: '赠送消耗: bonus spent in the period; not revenue.' },
}));

const StaffRankType = objectType<StaffRank>('StaffRank', "A staff member's performance of a period in one shop.", () => ({
  staffId: { type: nonNull(Int) },
  staffName: { type: nonNull(Str) },
  shopId: { type: nonNull(Int) },
  shopName: { type: nonNull(Str) },
  approvedFen: { type: nonNull(Fen) },
  pendingFen: { type: nonNull(Fen) },
  commissionFen: { type: nonNull(Fen) },
  orderCount: { type: nonNull(Int) },
  cashFen: { type: nonNull(Fen), description: "The staff member's share of the 现金业绩 of the orders paid in the period." },
  consumptionFen: { type: nonNull(Fen), description: "The staff member's share of their 消耗业绩." },
  bonusConsumptionFen: { type: nonNull(Fen), description: "The staff member's share of their 赠送消耗." },
}));

const CardLiabilityShopType = objectType<CardLiabilityShop>('CardLiabilityShop', "A shop's card liability (预收) at an instant.", () => ({
  shopId: { type: nonNull(Int) },
  shopName: { type: nonNull(Str) },
  principalFen: { type: nonNull(Fen), description: 'Stored-value principal left.' },
  sessionValueFen: { type: nonNull(Fen), description: 'Package sessions left at their value.' },
  liabilityFen: { type: nonNull(Fen), description: 'Principal plus session value.' },
  bonusFen: { type: nonNull(Fen), description: 'Bonus left, apart: owed in service, not money.' },
}));

const CardSettlementPairType = objectType<CardSettlementPair>(
  'CardSettlementPair',
  'Cross-shop card use of a period, netted: from owes to.',
  () => ({
    fromShopId: { type: nonNull(Int) },
    fromShopName: { type: nonNull(Str) },
    toShopId: { type: nonNull(Int) },
    toShopName: { type: nonNull(Str) },
    amountFen: { type: nonNull(Fen) },
  }),
);

const DayRevenueType = objectType<DayRevenue>('DayRevenue', 'Revenue and paid orders of one Shanghai day.', () => ({
  day: { type: nonNull(DateScalar) },
  revenueFen: { type: nonNull(Fen) },
  orderCount: { type: nonNull(Int) },
}));

const TakingsType = objectType<Takings>('Takings', 'Revenue and paid orders of a span.', () => ({
  revenueFen: { type: nonNull(Fen) },
  orderCount: { type: nonNull(Int) },
}));

const UpcomingAppointmentType = objectType<UpcomingAppointment>('UpcomingAppointment', 'An appointment still to come today.', () => ({
  id: { type: nonNull(Int) },
  startAt: { type: nonNull(Str), description: 'ISO 8601 instant.' },
  customerName: { type: nonNull(Str) },
  programName: { type: nonNull(Str) },
  staffName: { type: nonNull(Str) },
  status: { type: nonNull(Str) },
}));

const ShopWorkplaceType = objectType<ShopWorkplace>('ShopWorkplace', "A shop manager's figures of the current shop.", () => ({
  shopId: { type: nonNull(Int) },
  shopName: { type: nonNull(Str) },
  todayAppointmentCount: { type: nonNull(Int) },
  nextAppointments: { type: listOf(nonNull(UpcomingAppointmentType)) },
  today: { type: nonNull(TakingsType) },
  afterSaleWaitingCount: { type: nonNull(Int) },
  afterSaleWaitingFen: { type: nonNull(Fen) },
  newCustomersThisMonth: { type: nonNull(Int) },
  todayCardSalesFen: { type: nonNull(Fen), description: 'Money received today for cards sold or topped up.' },
  todayConsumptionFen: { type: nonNull(Fen), description: '消耗业绩 of today.' },
  trend: { type: listOf(nonNull(DayRevenueType)) },
}));

const ChainWorkplaceType = objectType<ChainWorkplace>('ChainWorkplace', 'The figures of every shop, for the admin.', () => ({
  today: { type: nonNull(TakingsType) },
  month: { type: nonNull(TakingsType) },
  topShops: { type: listOf(nonNull(ShopRankType)) },
  trend: { type: listOf(nonNull(DayRevenueType)) },
  liveProgramCount: { type: nonNull(Int) },
  liveBannerCount: { type: nonNull(Int) },
  cardLiabilityFen: {
    type: nonNull(Fen),
    description: "The chain's card liability now: principal and package sessions left at their value.",
  },
  cardBonusFen: { type: nonNull(Fen), description: 'Bonus left on the cards, apart.' },
}));

const FinanceWorkplaceType = objectType<FinanceWorkplace>('FinanceWorkplace', 'What waits for finance and what it did this week.', () => ({
  pendingPerformanceCount: { type: nonNull(Int) },
  pendingPerformanceFen: { type: nonNull(Fen) },
  pendingAfterSaleCount: { type: nonNull(Int) },
  pendingRefundFen: { type: nonNull(Fen) },
  reviewedPerformanceCount: { type: nonNull(Int) },
  reviewedPerformanceFen: { type: nonNull(Fen) },
  reviewedAfterSaleCount: { type: nonNull(Int) },
  reviewedRefundFen: { type: nonNull(Fen) },
  trend: { type: listOf(nonNull(DayRevenueType)) },
}));

/** Workplace's own fields; each role's figures are computed only when asked for, and only for that role. */
type WorkplaceBase = Pick<Workplace, 'role' | 'today' | 'weekStart' | 'monthStart'>;

const WorkplaceType = objectType<Workplace, WorkplaceBase>('Workplace', "The caller's morning figures: the field of its role.", () => ({
  role: { type: nonNull(Str) },
  today: { type: nonNull(DateScalar) },
  weekStart: { type: nonNull(DateScalar) },
  monthStart: { type: nonNull(DateScalar) },
  shop: {
    type: ShopWorkplaceType,
    description: 'shop-manager only.',
    resolve: (_w, _a, ctx) => {
      allow(ctx.session, REPORT_ROLES['Workplace.shop']);
      const shopId = scopedShop(ctx.session, null)!;
      return shopWorkplace(ctx.pool, { id: shopId, name: ctx.session.shopName ?? '' }, ctx.now);
    },
  },
  chain: {
    type: ChainWorkplaceType,
    description: 'admin only.',
    resolve: (_w, _a, ctx) => {
      allow(ctx.session, REPORT_ROLES['Workplace.chain']);
      return chainWorkplace(ctx);
    },
  },
  finance: {
    type: FinanceWorkplaceType,
    description: 'financial-staff only.',
    resolve: (_w, _a, ctx) => {
      allow(ctx.session, REPORT_ROLES['Workplace.finance']);
      return financeWorkplace(ctx);
    },
  },
}));

interface PeriodArgs {
  from: string;
  to: string;
}
interface ShopPeriodArgs extends PeriodArgs {
  shopId?: number | null;
}
const periodArgs = { from: { type: new GraphQLNonNull(DateScalar) }, to: { type: new GraphQLNonNull(DateScalar) } };

const QueryType = new GraphQLObjectType<unknown, ReportContext>({
  name: 'Query',
  description: 'Read-only reports. Days are Asia/Shanghai, inclusive; a period is at most 366 days.',
  fields: () => ({
    shopRanking: queryField<PeriodArgs, ShopRank[]>({
      type: listOf(nonNull(ShopRankType)),
      description: 'Every shop by revenue of the period (admin, financial-staff).',
      args: periodArgs,
      resolve: async ({ from, to }, ctx) => {
        allow(ctx.session, REPORT_ROLES.shopRanking);
        const period = periodOf(from, to);
        return ctx.kept(`shopRanking|${from}|${to}`, null, () => shopRanking(ctx.pool, period));
      },
    }),
    staffRanking: queryField<ShopPeriodArgs, StaffRank[]>({
      type: listOf(nonNull(StaffRankType)),
      description: 'Staff by approved performance of the period; a shop manager gets its current shop whatever shopId says.',
      args: { ...periodArgs, shopId: { type: Int } },
      resolve: async ({ from, to, shopId }, ctx) => {
        allow(ctx.session, REPORT_ROLES.staffRanking);
        const period = periodOf(from, to);
        const shop = scopedShop(ctx.session, shopId);
        return ctx.kept(`staffRanking|${from}|${to}|${shop}`, shop, () => staffRanking(ctx.pool, period, shop));
      },
    }),
    revenueTrend: queryField<ShopPeriodArgs, DayRevenue[]>({
      type: listOf(nonNull(DayRevenueType)),
      description: 'Revenue of every day of the period, zero days included; one shop or all (a shop manager: its current shop).',
      args: { ...periodArgs, shopId: { type: Int } },
      resolve: async ({ from, to, shopId }, ctx) => {
        allow(ctx.session, REPORT_ROLES.revenueTrend);
        const period = periodOf(from, to);
        const shop = scopedShop(ctx.session, shopId);
        return ctx.kept(`revenueTrend|${from}|${to}|${shop}`, shop, () => revenueTrend(ctx.pool, period, shop));
      },
    }),
    cardLiability: queryField<{ at?: string | null }, CardLiabilityShop[]>({
      type: listOf(nonNull(CardLiabilityShopType)),
      description: "Each shop's card liability at the end of the day `at` (today when omitted) (admin, financial-staff).",
      args: { at: { type: DateScalar } },
      resolve: async ({ at }, ctx) => {
        allow(ctx.session, REPORT_ROLES.cardLiability);
        // A day not yet over is now: the cards' balances.
        return cardLiability(ctx.pool, at && Date.parse(periodOf(at, at).end) < ctx.now ? at : null);
      },
    }),
    cardSettlement: queryField<PeriodArgs, CardSettlementPair[]>({
      type: listOf(nonNull(CardSettlementPairType)),
      description: 'Cross-shop card use of the period netted per pair of shops: from owes to (admin, financial-staff).',
      args: periodArgs,
      resolve: async ({ from, to }, ctx) => {
        allow(ctx.session, REPORT_ROLES.cardSettlement);
        return cardSettlement(ctx.pool, periodOf(from, to));
      },
    }),
    workplace: queryField<Record<string, never>, WorkplaceBase>({
      type: new GraphQLNonNull(WorkplaceType),
      description: "The figures of the caller's role.",
      args: {},
      resolve: async (_args, ctx) => {
        allow(ctx.session, REPORT_ROLES.workplace);
        return { role: ctx.session.role, ...calendarOf(ctx.now) };
      },
    }),
  }),
});

/** The whole schema: queries only, no mutations or subscriptions. */
export const reportSchema = new GraphQLSchema({ query: QueryType });
