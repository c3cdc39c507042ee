import type pg from 'pg';
import { hashPassword } from '../auth/password';
import { CUSTOMER_SOURCES } from '../../contract/customer';
import { STAFF_JOBS } from '../../contract/staff';
import { FEMALE_GIVEN, SURNAMES } from './random';
import { seedBenchOrders } from './benchOrders';
import { seedBenchAppointments } from './benchAppointments';

/**
 * The bench data set: 50 shops, 100,000 customers, 1,600 staff,
 * 500 programs and 1,000 banners, plus a shop-manager account for the first bench shop that
 * bench/customers.ts logs in with; 50,000 paid orders with their 100,000
 * performance records and a financial-staff account (bench/finance.ts); 1,000,000
 * appointments (server/seed/benchAppointments.ts, bench/appointments.ts). Rows are generated inside PostgreSQL (generate_series), so
 * loading takes seconds, and every value is a function of the row number: the same on every run.
 */
export const BENCH = {
  /** Raised whenever the data set changes shape: `npm run bench` reloads a kept data folder of another version. */
  version: 2,
  shops: 50,
  customers: 100_000,
  /** 32 a shop: 30 active (the calendar's artists, bench/appointments.ts) and 2 who have left. */
  staff: 1_600,
  programs: 500,
  banners: 1_000,
  /** Paid orders of the last 90 days, each shared by two staff: two performance records apiece. */
  orders: 50_000,
  performanceRecords: 100_000,
  shopPrefix: '压测门店',
  managerPhone: '19900000001',
  managerPassword: 'Bench@2026',
  /** A financial-staff account: the review list and the export of bench/finance.ts. */
  financePhone: '19900000002',
} as const;

const REGION_CODES = ['310104', '110105', '440106', '330106', '320106', '510107', '420106', '500103'];
const PROGRAM_NAMES = ['雾眉', '野生眉', '线条眉', '水晶唇', '裸唇', '小气泡清洁', '补水护理', '光子嫩肤'];

export class BenchDataExists extends Error {}

export interface BenchSeedResult {
  shopIds: number[];
  managerShopId: number;
  ms: number;
}

/** Loads the bench set in one transaction; refuses when a bench set is already there. */
export async function seedBench(pool: pg.Pool): Promise<BenchSeedResult> {
  const t0 = performance.now();
  const passwordHash = await hashPassword(BENCH.managerPassword);
  const client = await pool.connect();
  let shopIds: number[];
  try {
    await client.query('begin');
    const existing = await client.query<{ shops: number; accounts: number }>(
      `select (select count(*)::int from shops where name like $1) as shops, (select count(*)::int from accounts where phone = $2) as accounts`,
      [`${BENCH.shopPrefix}%`, BENCH.managerPhone],
    );
    const { shops, accounts } = existing.rows[0];
    if (shops > 0 || accounts > 0) {
      throw new BenchDataExists(
        `压测数据已存在（${shops} 家「${BENCH.shopPrefix}」门店${accounts ? `，压测店长账号 ${BENCH.managerPhone}` : ''}），未重复载入。如需重新载入，请使用一个空数据库。`,
      );
    }

    const shopRows = await client.query<{ id: number }>(
      `insert into shops (name, region_code, address, phone, open_time, close_time, status)
       select $1 || lpad(g::text, 2, '0'), ($2::text[])[1 + g % cardinality($2::text[])], '压测路 ' || g || ' 号',
              '021-6' || lpad(g::text, 7, '0'), '10:00', '21:00', 'open'
       from generate_series(1, $3::int) g order by g returning id`,
      [BENCH.shopPrefix, REGION_CODES, BENCH.shops],
    );
    shopIds = shopRows.rows.map((r) => r.id);

    // Phones: 166 + a permutation of the row number modulo 10^8 (7919 is prime to 10), so every
    // number is distinct, valid and never one of the demo numbers. Each shop takes a consecutive
    // block of rows, so within a shop the last four digits are all different, as in a real shop.
    await client.query(
      `insert into customers (name, phone, gender, birthday, source, shop_id, vip, tags, health_notes, notes, consent_signed_at, created_at, updated_at)
       select s.surname || s.given, '166' || lpad(((g::bigint * 7919 + 12345) % 100000000)::text, 8, '0'),
              case when g % 10 = 0 then 'male' else 'female' end,
              date '1975-01-01' + (g * 37 % 11000),
              ($3::text[])[1 + g % cardinality($3::text[])],
              ($4::int[])[1 + ((g - 1)::bigint * cardinality($4::int[]) / $5::int)::int],
              g % 5 = 0,
              case g % 4 when 0 then '{}'::text[] when 1 then array['老客'] when 2 then array['敏感肌'] else array['VIP', '老客'] end,
              case when g % 9 = 0 then '对利多卡因过敏' else '' end, '',
              case when g % 3 = 0 then null else s.created_at + interval '10 minutes' end,
              s.created_at, s.created_at
       from generate_series(1, $5::int) g
       cross join lateral (select
         ($1::text[])[1 + (g * 7) % cardinality($1::text[])] as surname,
         ($2::text[])[1 + (g * 13) % cardinality($2::text[])]
           || case when g % 3 = 0 then '' else ($2::text[])[1 + (g * 31) % cardinality($2::text[])] end as given,
         now() - make_interval(secs => (g::bigint * 7919) % (3 * 365 * 86400)) as created_at) s`,
      [[...SURNAMES], [...FEMALE_GIVEN], [...CUSTOMER_SOURCES], shopIds, BENCH.customers],
    );

    // Row g works in shop g mod 50; the last 100 rows, two a shop, have left.
    await client.query(
      `insert into staff (shop_id, name, phone, job, level, hired_at, status, commission_rate_bp)
       select ($4::int[])[1 + g % cardinality($4::int[])],
              ($1::text[])[1 + (g * 11) % cardinality($1::text[])] || ($2::text[])[1 + (g * 17) % cardinality($2::text[])],
              '167' || lpad(g::text, 8, '0'), ($3::text[])[1 + g % cardinality($3::text[])], '',
              current_date - (g * 13 % 2000), case when g > $6::int then 'left' else 'active' end, (g % 20) * 100
       from generate_series(1, $5::int) g`,
      [[...SURNAMES], [...FEMALE_GIVEN], [...STAFF_JOBS], shopIds, BENCH.staff, BENCH.staff - 2 * BENCH.shops],
    );

    await client.query(
      `insert into programs (name, price_fen, vip_price_fen, type, tag, duration_minutes, touch_up_days, status)
       select p.base || ' ' || g, p.price, p.price * 85 / 100, p.type, '', 30 + (g % 6) * 30,
              case when p.type = 3 then 0 else 60 end, case when g % 7 = 0 then 'off' else 'on' end
       from generate_series(1, $2::int) g
       cross join lateral (select ($1::text[])[1 + g % cardinality($1::text[])] as base,
                                  1 + g % 3 as type, 10000 + (g * 7919 % 3000) * 100 as price) p`,
      [PROGRAM_NAMES, BENCH.programs],
    );

    await client.query(
      `insert into banners (name, platform, priority, type, source, jump_link, status, start_at, end_at)
       select '压测活动 ' || g, case when g % 2 = 0 then '小程序' else 'H5' end, g % 100, '首页轮播', '市场部',
              '/pages/activity/' || g, case when g % 4 = 0 then 'off' else 'on' end,
              now() - make_interval(days => g % 60), now() + make_interval(days => 1 + g % 90)
       from generate_series(1, $1::int) g`,
      [BENCH.banners],
    );

    const account = await client.query<{ id: number }>(
      `insert into accounts (name, phone, password_hash, job_name) values ('压测店长', $1, $2, '店长') returning id`,
      [BENCH.managerPhone, passwordHash],
    );
    await client.query(`insert into account_grants (account_id, role, shop_id) values ($1, 'shop-manager', $2)`, [
      account.rows[0].id,
      shopIds[0],
    ]);
    const finance = await client.query<{ id: number }>(
      `insert into accounts (name, phone, password_hash, job_name) values ('压测财务', $1, $2, '财务') returning id`,
      [BENCH.financePhone, passwordHash],
    );
    await client.query(`insert into account_grants (account_id, role, shop_id) values ($1, 'financial-staff', null)`, [finance.rows[0].id]);
    await seedBenchPerformance(client, shopIds);
    await seedBenchOrders(client, shopIds, passwordHash);
    await seedBenchAppointments(client, shopIds);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  // Fresh statistics for the planner and a visibility map for index-only counts.
  await pool.query(
    'vacuum analyze shops, customers, staff, programs, banners, accounts, account_grants, orders, performance_records, shop_day_sales, appointments',
  );
  return { shopIds, managerShopId: shopIds[0], ms: performance.now() - t0 };
}

/**
 * Paid orders spread over the last 90 days across the bench shops, each shared half and half by two
 * staff of its shop (some have left since, as in a real shop), and their sale performance records: about 60% pending, 30% approved,
 * 10% rejected. Amounts are split as the checkstand splits them (the odd fen to the first share).
 */
async function seedBenchPerformance(client: pg.PoolClient, shopIds: number[]): Promise<void> {
  await client.query(
    `insert into orders (order_no, shop_id, customer_name, status, lines, total_fen, payable_fen, payments, paid_fen, staff_shares,
      paid_at, business_day, created_at, updated_at)
     select to_char(o.at at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' || lpad(o.shop_id::text, 3, '0') || '-' || lpad(g::text, 6, '0'),
            o.shop_id, '压测客户', 'paid',
            jsonb_build_array(jsonb_build_object('programId', 1, 'programName', '雾眉', 'programType', 1, 'unitPriceFen', o.price,
              'vipPrice', false, 'quantity', 1, 'discountFen', 0, 'amountFen', o.price)),
            o.price, o.price, jsonb_build_array(jsonb_build_object('method', 'wechat', 'amountFen', o.price)), o.price,
            jsonb_build_array(jsonb_build_object('staffId', s.ids[1 + g % s.n], 'staffName', s.names[1 + g % s.n], 'shareBp', 5000),
                              jsonb_build_object('staffId', s.ids[1 + (g + 1) % s.n], 'staffName', s.names[1 + (g + 1) % s.n], 'shareBp', 5000)),
            o.at, (o.at at time zone 'Asia/Shanghai')::date, o.at, o.at
     from generate_series(1, $2::int) g
     cross join lateral (select ($1::int[])[1 + g % cardinality($1::int[])] as shop_id,
                                now() - make_interval(secs => (g::bigint * 7919) % (90 * 86400)) as at,
                                10000 + (g * 37 % 500) * 100 as price) o
     join (select shop_id, array_agg(id order by id) as ids, array_agg(name order by id) as names, count(*)::int as n
           from staff group by shop_id) s on s.shop_id = o.shop_id`,
    [shopIds, BENCH.orders],
  );
  await client.query(
    `insert into performance_records (order_id, order_no, shop_id, staff_id, staff_name, kind, share_bp, amount_fen, commission_rate_bp, commission_fen,
                                      status, reviewed_by_name, reviewed_at, created_at, updated_at)
     select o.id, o.order_no, o.shop_id, st.id, st.name, 'sale', 5000, a.amount, st.commission_rate_bp, round(a.amount * st.commission_rate_bp / 10000.0),
            r.status, case when r.status = 'pending' then '' else '压测财务' end, case when r.status = 'pending' then null else o.created_at + interval '1 day' end,
            o.created_at, o.created_at
     from orders o
     cross join lateral jsonb_array_elements(o.staff_shares) with ordinality as x(share, i)
     join staff st on st.id = (x.share ->> 'staffId')::int
     cross join lateral (select case when x.i = 1 then o.payable_fen - o.payable_fen / 2 else o.payable_fen / 2 end as amount) a
     cross join lateral (select case when (o.id + x.i) % 10 < 6 then 'pending' when (o.id + x.i) % 10 < 9 then 'approved' else 'rejected' end as status) r
     where o.shop_id = any($1::int[])`,
    [shopIds],
  );
}
