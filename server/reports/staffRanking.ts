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
    `select r.staff_id as "staffId", st.name as "staffName", r.shop_id as "shopId", sh.name as "shopName",
            r.approved as "approvedFen", r.pending as "pendingFen", r.commission as "commissionFen", r.orders as "orderCount"
     from (
       select staff_id, shop_id,
              coalesce(sum(amount_fen) filter (where status = 'approved'), 0)::int8 as approved,
              coalesce(sum(amount_fen) filter (where status = 'pending'), 0)::int8 as pending,
              coalesce(sum(commission_fen) filter (where status = 'approved'), 0)::int8 as commission,
              count(distinct order_id) filter (where kind = 'sale')::int8 as orders
       from performance_records
       where created_at >= $1 and created_at < $2 and ($3::int is null or shop_id = $3)
       group by staff_id, shop_id) r
     join staff st on st.id = r.staff_id
     join shops sh on sh.id = r.shop_id
     order by r.approved desc, r.pending desc, r.staff_id, r.shop_id`,
    [period.start, period.end, shopId],
  );
  return rows;
}
