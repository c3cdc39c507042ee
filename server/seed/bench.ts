import type pg from 'pg';
import { hashPassword } from '../auth/password';
import { CUSTOMER_SOURCES } from '../../contract/customer';
import { STAFF_JOBS } from '../../contract/staff';
import { FEMALE_GIVEN, SURNAMES } from './random';

/**
 * The bench data set of issue 4 ("Scale and speed"): 50 shops, 100,000 customers, 1,000 staff,
 * 500 programs and 1,000 banners, plus a shop-manager account for the first bench shop that
 * bench/customers.ts logs in with. Rows are generated inside PostgreSQL (generate_series), so
 * loading takes seconds, and every value is a function of the row number: the same on every run.
 */
export const BENCH = {
  shops: 50,
  customers: 100_000,
  staff: 1_000,
  programs: 500,
  banners: 1_000,
  shopPrefix: '压测门店',
  managerPhone: '19900000001',
  managerPassword: 'Bench@2026',
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
         ($2::text[])[1 + (g * 13) % cardinality($2::text[])] || case when g % 3 = 0 then '' else ($2::text[])[1 + (g * 31) % cardinality($2::text[])] end as given,
         now() - make_interval(secs => (g::bigint * 7919) % (3 * 365 * 86400)) as created_at) s`,
      [[...SURNAMES], [...FEMALE_GIVEN], [...CUSTOMER_SOURCES], shopIds, BENCH.customers],
    );

    await client.query(
      `insert into staff (shop_id, name, phone, job, level, hired_at, status, commission_rate_bp)
       select ($4::int[])[1 + g % cardinality($4::int[])],
              ($1::text[])[1 + (g * 11) % cardinality($1::text[])] || ($2::text[])[1 + (g * 17) % cardinality($2::text[])],
              '167' || lpad(g::text, 8, '0'), ($3::text[])[1 + g % cardinality($3::text[])], '',
              current_date - (g * 13 % 2000), case when g % 10 = 0 then 'left' else 'active' end, (g % 20) * 100
       from generate_series(1, $5::int) g`,
      [[...SURNAMES], [...FEMALE_GIVEN], [...STAFF_JOBS], shopIds, BENCH.staff],
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

    const account = await client.query<{ id: number }>(`insert into accounts (name, phone, password_hash, job_name) values ('压测店长', $1, $2, '店长') returning id`, [
      BENCH.managerPhone,
      passwordHash,
    ]);
    await client.query(`insert into account_grants (account_id, role, shop_id) values ($1, 'shop-manager', $2)`, [account.rows[0].id, shopIds[0]]);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  // Fresh statistics for the planner and a visibility map for index-only counts.
  await pool.query('vacuum analyze shops, customers, staff, programs, banners, accounts, account_grants');
  return { shopIds, managerShopId: shopIds[0], ms: performance.now() - t0 };
}
