import type pg from 'pg';
import type { StaffRank } from '../../contract/report';
import type { Period } from './period';

/**
 * Staff by the approved performance of the period (records by their day, as the review list filters
 * them), with what still waits for review; one shop or the chain. A staff member who worked in two
 * shops has a row per shop. Beside them, the staff member's shares of the 现金业绩 (money paid),
 * 消耗业绩 (services less bonus spent, plus sessions at their value) and 赠送消耗 of the orders
 * paid in the period, each share rounded to the fen: a ranking, not an account.
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
       group by staff_id, shop_id),
     paid as (
       select o.shop_id, o.staff_shares, o.payable_fen,
              coalesce(sum((p->>'amountFen')::int) filter (where p->>'method' <> 'stored-value'), 0) as cash,
              coalesce(sum((p->>'bonusFen')::int), 0) as bonus,
              (select coalesce(sum((l->>'amountFen')::int) filter (where l->>'kind' = 'card'), 0) from jsonb_array_elements(o.lines) l) as cards,
              (select coalesce(sum((l->>'sessionValueFen')::int), 0) from jsonb_array_elements(o.lines) l) as sessions
       from orders o left join lateral jsonb_array_elements(o.payments) p on true
       where o.paid_at >= $1 and o.paid_at < $2 and ($3::int is null or o.shop_id = $3)
       group by o.id),
     money as (
       select (x->>'staffId')::int as staff_id, paid.shop_id, (x->>'shareBp')::numeric / 10000 as share,
              paid.cash, paid.payable_fen - paid.cards - paid.bonus + paid.sessions as consumption, paid.bonus
       from paid, jsonb_array_elements(paid.staff_shares) x),
     money_sums as (
       select staff_id, shop_id, sum(round(cash * share))::int8 as cash, sum(round(consumption * share))::int8 as consumption,
              sum(round(bonus * share))::int8 as bonus
       from money group by staff_id, shop_id)
     select k.staff_id as "staffId", st.name as "staffName", k.shop_id as "shopId", sh.name as "shopName",
            coalesce(r.approved, 0) as "approvedFen", coalesce(r.pending, 0) as "pendingFen", coalesce(r.commission, 0) as "commissionFen",
            coalesce(sold.n, 0) as "orderCount", coalesce(m.cash, 0) as "cashFen", coalesce(m.consumption, 0) as "consumptionFen",
            coalesce(m.bonus, 0) as "bonusConsumptionFen"
     from (select staff_id, shop_id from sums union select staff_id, shop_id from money_sums) k
     left join sums r on r.staff_id = k.staff_id and r.shop_id = k.shop_id
     left join sold on sold.staff_id = k.staff_id and sold.shop_id = k.shop_id
     left join money_sums m on m.staff_id = k.staff_id and m.shop_id = k.shop_id
     join staff st on st.id = k.staff_id
     join shops sh on sh.id = k.shop_id
     order by "approvedFen" desc, "pendingFen" desc, k.staff_id, k.shop_id`,
    [period.start, period.end, shopId],
  );
  return rows;
}
