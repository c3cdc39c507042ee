import type pg from 'pg';
import type { ReportContext } from '../graphql/context';
import { ACTIVE_APPOINTMENT_STATUSES } from '../../contract/appointment';
import {
  WORKPLACE_NEXT_APPOINTMENTS,
  WORKPLACE_TOP_SHOPS,
  WORKPLACE_TREND_DAYS,
  type ChainWorkplace,
  type FinanceWorkplace,
  type ShopWorkplace,
  type UpcomingAppointment,
} from '../../contract/report';
import { addDays, calendarOf, periodOf } from './period';
import { revenueTrend, shopRanking, takings } from './sales';
import { cardLiability, moneyFigures, NO_MONEY } from '../cards/figures';

/** The last WORKPLACE_TREND_DAYS days, today included. */
function trendPeriod(now: number) {
  const { today } = calendarOf(now);
  return periodOf(addDays(today, 1 - WORKPLACE_TREND_DAYS), today);
}

/** A shop manager's morning, for the current shop. */
export async function shopWorkplace(pool: pg.Pool, shop: { id: number; name: string }, now: number): Promise<ShopWorkplace> {
  const { today, monthStart } = calendarOf(now);
  const day = periodOf(today, today);
  const [appointments, upcoming, todays, afterSales, fresh, trend, money, cardSales] = await Promise.all([
    pool.query<{ n: number }>(
      `select count(*)::int8 as n from appointments where shop_id = $1 and start_at >= $2 and start_at < $3 and status <> 'cancelled'`,
      [shop.id, day.start, day.end],
    ),
    pool.query<Omit<UpcomingAppointment, 'startAt'> & { startAt: Date }>(
      `select id, start_at as "startAt", customer_name as "customerName", program_name as "programName", staff_name as "staffName", status
       from appointments where shop_id = $1 and start_at >= $2 and start_at < $3 and end_at > $4 and status = any($5::text[])
       order by start_at, id limit $6`,
      [shop.id, day.start, day.end, new Date(now).toISOString(), ACTIVE_APPOINTMENT_STATUSES, WORKPLACE_NEXT_APPOINTMENTS],
    ),
    takings(pool, day, shop.id),
    pool.query<{ n: number; fen: number }>(
      `select count(*)::int8 as n, coalesce(sum(amount_fen), 0)::int8 as fen from after_sales where shop_id = $1 and status = 'pending'`,
      [shop.id],
    ),
    pool.query<{ n: number }>(`select count(*)::int8 as n from customers where shop_id = $1 and created_at >= $2`, [
      shop.id,
      periodOf(monthStart, today).start,
    ]),
    revenueTrend(pool, trendPeriod(now), shop.id),
    moneyFigures(pool, day, shop.id),
    pool.query<{ fen: number }>(
      `select coalesce(sum(amount_fen), 0)::int8 as fen from ledger_entries where shop_id = $1 and occurred_on = $2::date and category = 'card-sale'`,
      [shop.id, today],
    ),
  ]);
  return {
    shopId: shop.id,
    shopName: shop.name,
    todayAppointmentCount: appointments.rows[0].n,
    nextAppointments: upcoming.rows.map((r) => ({ ...r, startAt: r.startAt.toISOString() })),
    today: todays,
    afterSaleWaitingCount: afterSales.rows[0].n,
    afterSaleWaitingFen: afterSales.rows[0].fen,
    newCustomersThisMonth: fresh.rows[0].n,
    todayCardSalesFen: cardSales.rows[0].fen,
    todayConsumptionFen: (money.get(shop.id) ?? NO_MONEY).consumptionFen,
    trend,
  };
}

/**
 * The owner's morning: every shop. The sales figures depend only on the day and the reports' data,
 * so they are kept between changes; what is live now is counted on every call.
 */
export async function chainWorkplace(ctx: Pick<ReportContext, 'pool' | 'now' | 'kept'>): Promise<ChainWorkplace> {
  const { pool, now } = ctx;
  const { today, monthStart } = calendarOf(now);
  const month = periodOf(monthStart, today);
  const nowIso = new Date(now).toISOString();
  const [sales, live, liability] = await Promise.all([
    ctx.kept(`chainWorkplace|${today}`, null, async () => {
      const [todays, months, topShops, trend] = await Promise.all([
        takings(pool, periodOf(today, today), null),
        takings(pool, month, null),
        shopRanking(pool, month, WORKPLACE_TOP_SHOPS),
        revenueTrend(pool, trendPeriod(now), null),
      ]);
      return { today: todays, month: months, topShops, trend };
    }),
    pool.query<{ programs: number; banners: number }>(
      `select (select count(*) from programs where status = 'on')::int8 as programs,
              (select count(*) from banners where status = 'on' and (start_at is null or start_at <= $1) and (end_at is null or end_at > $1))::int8 as banners`,
      [nowIso],
    ),
    cardLiability(pool, null),
  ]);
  return {
    ...sales,
    liveProgramCount: live.rows[0].programs,
    liveBannerCount: live.rows[0].banners,
    cardLiabilityFen: liability.reduce((s, l) => s + l.liabilityFen, 0),
    cardBonusFen: liability.reduce((s, l) => s + l.bonusFen, 0),
  };
}

/** Finance's morning: what waits for review, what was reviewed since Monday, and the chain's trend; kept between changes. */
export function financeWorkplace(ctx: Pick<ReportContext, 'pool' | 'now' | 'kept'>): Promise<FinanceWorkplace> {
  return ctx.kept(`financeWorkplace|${calendarOf(ctx.now).today}`, null, () => financeFigures(ctx.pool, ctx.now));
}

async function financeFigures(pool: pg.Pool, now: number): Promise<FinanceWorkplace> {
  const { today, weekStart } = calendarOf(now);
  const weekFrom = periodOf(weekStart, today).start;
  const [waiting, reviewed, trend] = await Promise.all([
    // One pass over each table's waiting rows for their count and sum together.
    pool.query<{ records: number; recordFen: number; afterSales: number; refundFen: number }>(
      `select p.n as records, p.fen as "recordFen", a.n as "afterSales", a.fen as "refundFen"
       from (select count(*)::int8 as n, coalesce(sum(amount_fen), 0)::int8 as fen from performance_records where status = 'pending') p,
            (select count(*)::int8 as n, coalesce(sum(amount_fen), 0)::int8 as fen from after_sales where status = 'pending') a`,
    ),
    pool.query<{ records: number; recordFen: number; afterSales: number; refundFen: number }>(
      `select (select count(*) from performance_records where reviewed_at >= $1)::int8 as records,
              (select coalesce(sum(amount_fen), 0) from performance_records where reviewed_at >= $1 and status = 'approved')::int8 as "recordFen",
              (select count(*) from after_sales where reviewed_at >= $1 and status in ('approved', 'rejected'))::int8 as "afterSales",
              (select coalesce(sum(amount_fen), 0) from after_sales where reviewed_at >= $1 and status = 'approved')::int8 as "refundFen"`,
      [weekFrom],
    ),
    revenueTrend(pool, trendPeriod(now), null),
  ]);
  const w = waiting.rows[0];
  const r = reviewed.rows[0];
  return {
    pendingPerformanceCount: w.records,
    pendingPerformanceFen: w.recordFen,
    pendingAfterSaleCount: w.afterSales,
    pendingRefundFen: w.refundFen,
    reviewedPerformanceCount: r.records,
    reviewedPerformanceFen: r.recordFen,
    reviewedAfterSaleCount: r.afterSales,
    reviewedRefundFen: r.refundFen,
    trend,
  };
}
