import type pg from 'pg';

/**
 * The reports' share of the bench set: 1,000,000 paid orders over the last two
 * years across the bench shops, a sale performance record each (approved when older than a week,
 * some rejected, the rest pending), one in twenty partly and one in fifty wholly refunded; plus an
 * admin and a financial-staff account to ask the chain reports with. Generated inside PostgreSQL;
 * the reporting migration's triggers fill shop_day_sales as the orders go in.
 */
export const BENCH_REPORTS = {
  orders: 1_000_000,
  days: 730,
  adminPhone: '19900000004',
  financePhone: '19900000005',
} as const;

export async function seedBenchOrders(client: pg.PoolClient, shopIds: number[], passwordHash: string): Promise<void> {
  await client.query(
    `insert into orders (order_no, shop_id, customer_id, customer_name, status, lines, total_fen, discount_fen, payable_fen, payments,
      paid_fen, refunded_fen, staff_shares, paid_at, business_day, created_at, updated_at)
     select 'B' || lpad(g::text, 9, '0'), o.shop_id,
            case when g % 5 = 0 then null else c.ids[1 + (g / 50) % cardinality(c.ids)] end,
            case when g % 5 = 0 then '散客' else '压测客户' end,
            case when g % 50 = 1 then 'refunded' when g % 20 = 0 then 'partially-refunded' else 'paid' end,
            '[]', o.fen, 0, o.fen, jsonb_build_array(jsonb_build_object('method', 'wechat', 'amountFen', o.fen)), o.fen,
            case when g % 50 = 1 then o.fen when g % 20 = 0 then o.fen / 2 else 0 end,
            '[]', o.at, (o.at at time zone 'Asia/Shanghai')::date, o.at, o.at
     from generate_series(1, $2::int) g
     cross join lateral (select ($1::int[])[1 + g % cardinality($1::int[])] as shop_id, 10000 + (g::bigint * 7919 % 500) * 100 as fen,
                                now() - make_interval(secs => (g::bigint * 104729) % ($3::int * 86400)) as at) o
     join (select shop_id, array_agg(id order by id) as ids from customers where shop_id = any($1::int[]) group by shop_id) c on c.shop_id = o.shop_id`,
    [shopIds, BENCH_REPORTS.orders, BENCH_REPORTS.days],
  );
  await client.query(
    `insert into performance_records (order_id, order_no, shop_id, staff_id, staff_name, kind, share_bp, amount_fen, commission_rate_bp,
      commission_fen, status, reviewed_at, created_at, updated_at)
     select o.id, o.order_no, o.shop_id, s.id, s.name, 'sale', 10000, o.payable_fen, s.commission_rate_bp, o.payable_fen * s.commission_rate_bp / 10000,
            case when o.paid_at > now() - interval '7 days' then 'pending' when o.id % 10 = 0 then 'rejected' else 'approved' end,
            case when o.paid_at > now() - interval '7 days' then null else o.paid_at + interval '3 days' end,
            o.paid_at, o.paid_at
     from orders o
     join (select shop_id, array_agg(id order by id) as ids from staff where shop_id = any($1::int[]) group by shop_id) st on st.shop_id = o.shop_id
     join staff s on s.id = st.ids[1 + o.id % cardinality(st.ids)]
     where o.order_no like 'B%'`,
    [shopIds],
  );
  for (const [phone, name, role] of [
    [BENCH_REPORTS.adminPhone, '压测管理员', 'admin'],
    [BENCH_REPORTS.financePhone, '压测财务', 'financial-staff'],
  ]) {
    const account = await client.query<{ id: number }>(
      `insert into accounts (name, phone, password_hash, job_name) values ($1, $2, $3, '') returning id`,
      [name, phone, passwordHash],
    );
    await client.query(`insert into account_grants (account_id, role, shop_id) values ($1, $2, null)`, [account.rows[0].id, role]);
  }
}
