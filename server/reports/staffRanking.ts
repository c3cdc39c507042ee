import type pg from 'pg';
import type { StaffRank } from '../../contract/report';
import type { Period } from './period';

/**
 * Staff by the approved performance of the period (records by their day, as the review list filters
 * them), with what still waits for review; one shop or the chain. A staff member who worked in two
 * shops has a row per shop.
 */
export async function staffRanking(pool: pg.Pool, period: Period, shopId: number | null): Promise<StaffRank[]> {
  const { rows } = await pool.query<StaffRank>(
    `with records as not materialized (
       select staff_id, shop_id, order_id, kind, status, amount_fen, commission_fen from performance_records
       where created_at >= $1 and created_at < $2 and ($3::int is null or shop_id = $3)),
     sums as (
       select staff_id, shop_id,
              coalesce(sum(amount_fen) filter (where status = 'approved'), 0)::int8 as approved,
              coalesce(sum(amount_fen) filter (where status = 'pending'), 0)::int8 as pending,
              coalesce(sum(commission_fen) filter (where status = 'approved'), 0)::int8 as commission
       from records group by staff_id, shop_id),
     -- Orders with a sale share, as distinct (staff, shop, order) first: hashed, where count(distinct)
     -- sorted a month's records and spilled to disk (a third less CPU on the bench data).
     sold as (
       select staff_id, shop_id, count(*)::int8 as n from (select distinct staff_id, shop_id, order_id from records where kind = 'sale') d
       group by staff_id, shop_id)
     select r.staff_id as "staffId", st.name as "staffName", r.shop_id as "shopId", sh.name as "shopName",
            r.approved as "approvedFen", r.pending as "pendingFen", r.commission as "commissionFen", coalesce(sold.n, 0) as "orderCount"
     from sums r
     left join sold on sold.staff_id = r.staff_id and sold.shop_id = r.shop_id
     join staff st on st.id = r.staff_id
     join shops sh on sh.id = r.shop_id
     order by r.approved desc, r.pending desc, r.staff_id, r.shop_id`,
    [period.start, period.end, shopId],
  );
  return rows;
}
