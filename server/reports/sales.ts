import type pg from 'pg';
import type { DayRevenue, ShopRank, Takings } from '../../contract/report';
import type { Period } from './period';
import { moneyFigures, NO_MONEY } from '../cards/figures';

/**
 * The figures read from shop_day_sales, the per shop and day totals the reporting migration's
 * triggers keep with every order write, and from shop_customer_days for the distinct customers.
 * Revenue is paid minus refunded of the orders paid that day.
 */

/**
 * The longest period whose distinct customers are counted from its orders. On the bench data (1,100
 * paid orders a day, 80,000 shop-customer rows) a month's orders cost 8-9 ms of PostgreSQL CPU, the
 * customer rows 11-13 ms whatever the period, a year's orders 71 ms.
 */
export const CUSTOMERS_FROM_ORDERS_DAYS = 31;

/**
 * Every shop with its figures of the period, best revenue first (shops without sales show zeros),
 * with its 现金业绩, 消耗业绩 and 赠送消耗 (server/cards/figures.ts).
 */
export async function shopRanking(pool: pg.Pool, period: Period, limit?: number): Promise<ShopRank[]> {
  const [{ rows }, money] = await Promise.all([shopSales(pool, period, limit), moneyFigures(pool, period, null)]);
  return rows.map((r) => {
    const { cashFen, consumptionFen, bonusConsumptionFen } = money.get(r.shopId) ?? NO_MONEY;
    return { ...r, cashFen, consumptionFen, bonusConsumptionFen };
  });
}

function shopSales(pool: pg.Pool, period: Period, limit?: number) {
  return pool.query<Omit<ShopRank, keyof typeof NO_MONEY>>(
    `with sales as (
       select shop_id, sum(order_count)::int8 as orders, sum(paid_fen)::int8 as paid, sum(refunded_fen)::int8 as refunded
       from shop_day_sales where day between $1::date and $2::date group by shop_id),
     -- Distinct customers, counted exactly one of two ways ($6): a period of a month or less from
     -- its orders (index only, pairs grouped first); a longer one from shop_customer_days, one row
     -- per shop and customer with the days they paid there, whose cost does not grow with the
     -- period. The branch not chosen is skipped before it reads anything.
     served as (
       select shop_id, count(*)::int8 as n from (
         select shop_id, customer_id from orders
         where $6 and paid_at >= $3 and paid_at < $4 and customer_id is not null group by shop_id, customer_id) pairs
       group by shop_id
       union all
       select shop_id, count(*)::int8 from shop_customer_days
       where not $6 and paid_days && daterange($1::date, $2::date, '[]') group by shop_id),
     fresh as (
       select shop_id, count(*)::int8 as n from customers where created_at >= $3 and created_at < $4 group by shop_id)
     select s.id as "shopId", s.name as "shopName",
            coalesce(sales.paid - sales.refunded, 0) as "revenueFen", coalesce(sales.orders, 0) as "orderCount",
            coalesce(sales.refunded, 0) as "refundFen", coalesce(served.n, 0) as "customerCount", coalesce(fresh.n, 0) as "newCustomerCount"
     from shops s
     left join sales on sales.shop_id = s.id
     left join served on served.shop_id = s.id
     left join fresh on fresh.shop_id = s.id
     order by "revenueFen" desc, "orderCount" desc, s.id
     limit $5`,
    [period.from, period.to, period.start, period.end, limit ?? null, period.days <= CUSTOMERS_FROM_ORDERS_DAYS],
  );
}

/** Revenue and paid orders of every day of the period, days without sales as zeros; one shop or all. */
export async function revenueTrend(pool: pg.Pool, period: Period, shopId: number | null): Promise<DayRevenue[]> {
  const { rows } = await pool.query<DayRevenue>(
    `select to_char(d, 'YYYY-MM-DD') as day, coalesce(sum(s.paid_fen - s.refunded_fen), 0)::int8 as "revenueFen",
            coalesce(sum(s.order_count), 0)::int8 as "orderCount"
     from generate_series($1::date, $2::date, interval '1 day') d
     left join shop_day_sales s on s.day = d::date and ($3::int is null or s.shop_id = $3)
     group by d order by d`,
    [period.from, period.to, shopId],
  );
  return rows;
}

/** Revenue and paid orders of the period in one sum; one shop or all. */
export async function takings(pool: pg.Pool, period: Period, shopId: number | null): Promise<Takings> {
  const { rows } = await pool.query<Takings>(
    `select coalesce(sum(paid_fen - refunded_fen), 0)::int8 as "revenueFen", coalesce(sum(order_count), 0)::int8 as "orderCount"
     from shop_day_sales where day between $1::date and $2::date and ($3::int is null or shop_id = $3)`,
    [period.from, period.to, shopId],
  );
  return rows[0];
}
