import type { Role } from './roles';

/**
 * The reports served by POST /v1/graphql (server/graphql/). These shapes are what the resolvers
 * answer; the console reads the same fields through its typed operations (src/providers/graphql/).
 *
 * Money is integer fen. Periods are Shanghai days, inclusive, at most REPORT_MAX_DAYS long.
 * Revenue is what was paid minus what has been refunded of those same orders, counted on the day the
 * order was paid: a refund executed in March of an order paid in February lowers February.
 */
export const REPORT_MAX_DAYS = 366;
export const GRAPHQL_PATH = '/v1/graphql';

/** Who may ask which report; the rest get 40300 for that field. */
export const REPORT_ROLES = {
  shopRanking: ['admin', 'financial-staff'],
  cardLiability: ['admin', 'financial-staff'],
  cardSettlement: ['admin', 'financial-staff'],
  staffRanking: ['admin', 'financial-staff', 'shop-manager'],
  revenueTrend: ['admin', 'financial-staff', 'shop-manager'],
  workplace: ['admin', 'financial-staff', 'shop-manager'],
  'Workplace.shop': ['shop-manager'],
  'Workplace.chain': ['admin'],
  'Workplace.finance': ['financial-staff'],
} as const satisfies Record<string, readonly Role[]>;

export interface ShopRank {
  shopId: number;
  shopName: string;
  /** paidFen − refundFen of the orders paid in the period. */
  revenueFen: number;
  orderCount: number;
  /** Refunded so far of the orders paid in the period. */
  refundFen: number;
  /** Distinct customers with an order paid in the period (walk-ins not counted). */
  customerCount: number;
  /** Customers whose home is this shop, created in the period. */
  newCustomerCount: number;
  /** 现金业绩: money received in the period (services and cards paid in money) less money refunded in it. */
  cashFen: number;
  /** 消耗业绩: services delivered in the period: lines paid in money, principal spent, sessions at their value. */
  consumptionFen: number;
  /** 赠送消耗: bonus spent in the period; not revenue. */
  bonusConsumptionFen: number;
}

export interface StaffRank {
  staffId: number;
  staffName: string;
  shopId: number;
  shopName: string;
  /** Performance records of the period (by their day), approved: sales less approved adjustments. */
  approvedFen: number;
  pendingFen: number;
  /** Commission of the approved records. */
  commissionFen: number;
  /** Orders the staff member had a sale share of in the period. */
  orderCount: number;
  /** The staff member's shares of the 现金业绩, 消耗业绩 and 赠送消耗 of the orders paid in the period. */
  cashFen: number;
  consumptionFen: number;
  bonusConsumptionFen: number;
}

export interface DayRevenue {
  day: string;
  revenueFen: number;
  orderCount: number;
}

export interface UpcomingAppointment {
  id: number;
  startAt: string;
  customerName: string;
  programName: string;
  staffName: string;
  status: string;
}

/** Takings of a span: revenue as above, with the order count. */
export interface Takings {
  revenueFen: number;
  orderCount: number;
}

/** A shop manager's morning: the current shop only. */
export interface ShopWorkplace {
  shopId: number;
  shopName: string;
  todayAppointmentCount: number;
  nextAppointments: UpcomingAppointment[];
  today: Takings;
  afterSaleWaitingCount: number;
  afterSaleWaitingFen: number;
  newCustomersThisMonth: number;
  /** Money received today for cards sold or topped up at the shop. */
  todayCardSalesFen: number;
  /** 消耗业绩 of the shop today. */
  todayConsumptionFen: number;
  trend: DayRevenue[];
}

/** The owner's morning: every shop. */
export interface ChainWorkplace {
  today: Takings;
  month: Takings;
  topShops: ShopRank[];
  trend: DayRevenue[];
  liveProgramCount: number;
  liveBannerCount: number;
  /** The chain's card liability now: principal and package sessions left at their value; bonus apart. */
  cardLiabilityFen: number;
  cardBonusFen: number;
}

/** Finance's morning: what waits for review and what was reviewed this week. */
export interface FinanceWorkplace {
  pendingPerformanceCount: number;
  pendingPerformanceFen: number;
  pendingAfterSaleCount: number;
  pendingRefundFen: number;
  reviewedPerformanceCount: number;
  reviewedPerformanceFen: number;
  reviewedAfterSaleCount: number;
  reviewedRefundFen: number;
  trend: DayRevenue[];
}

export interface Workplace {
  role: Role;
  /** Today, the first day of this week (Monday) and of this month, in Shanghai. */
  today: string;
  weekStart: string;
  monthStart: string;
  shop: ShopWorkplace | null;
  chain: ChainWorkplace | null;
  finance: FinanceWorkplace | null;
}

/** Days of the trend on every Workplace, today included. */
export const WORKPLACE_TREND_DAYS = 30;
export const WORKPLACE_TOP_SHOPS = 5;
export const WORKPLACE_NEXT_APPOINTMENTS = 5;
