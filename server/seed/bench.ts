import type pg from 'pg';
import { hashPassword } from '../auth/password';
import { CUSTOMER_SOURCES } from '../../contract/customer';
import { STAFF_JOBS } from '../../contract/staff';
import { FEMALE_GIVEN, SURNAMES } from './random';

/**
 * The bench data set: 50 shops, 100,000 customers, 30 active staff (and 2 who left) per shop, 500
 * programs, 1,000 banners and 1,000,000 appointments over two years, plus a shop-manager account for
 * the first bench shop that bench/customers.ts and bench/appointments.ts log in with. Rows are
 * generated inside PostgreSQL (generate_series), and every value is a function of the row number
 * and the day of loading: the same on every run of one day.
 */
export const BENCH = {
  shops: 50,
  customers: 100_000,
  activeStaffPerShop: 30,
  leftStaffPerShop: 2,
  programs: 500,
  banners: 1_000,
  appointments: 1_000_000,
  /** The manager's shop holds this many next week ("the busy week"), 100 per artist. */
  busyWeekAppointments: 3_000,
  /** Days of appointments, centred on the day of loading. */
  appointmentDays: 730,
  /** Raised whenever the data set changes: bench/run.ts reloads a kept data folder of another version. */
  version: 2,
  shopPrefix: '压测门店',
  managerPhone: '19900000001',
  managerPassword: 'Bench@2026',
} as const;

const STAFF_PER_SHOP = BENCH.activeStaffPerShop + BENCH.leftStaffPerShop;
/** Every bench appointment lasts 40 minutes on a 44-minute grid: 15 fit in the shops' 10:00–21:00. */
const BENCH_SLOT_MINUTES = 44;
const BENCH_BOOKING_MINUTES = 40;
const BENCH_SLOTS_PER_DAY = 15;

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

    // Each shop takes a block of STAFF_PER_SHOP rows; the last ones of a block have left.
    await client.query(
      `insert into staff (shop_id, name, phone, job, level, hired_at, status, commission_rate_bp)
       select ($4::int[])[1 + (g - 1) / $5::int],
              ($1::text[])[1 + (g * 11) % cardinality($1::text[])] || ($2::text[])[1 + (g * 17) % cardinality($2::text[])],
              '167' || lpad(g::text, 8, '0'), ($3::text[])[1 + g % cardinality($3::text[])], '',
              current_date - (g * 13 % 2000), case when (g - 1) % $5::int >= $6::int then 'left' else 'active' end, (g % 20) * 100
       from generate_series(1, cardinality($4::int[]) * $5::int) g`,
      [[...SURNAMES], [...FEMALE_GIVEN], [...STAFF_JOBS], shopIds, STAFF_PER_SHOP, BENCH.activeStaffPerShop],
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
       select '压测广告 ' || g, case when g % 2 = 0 then '小程序' else 'H5' end, g % 100, '首页轮播', '市场部',
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
    await insertAppointments(client, shopIds);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  // Fresh statistics for the planner and a visibility map for index-only counts.
  await pool.query('vacuum analyze shops, customers, staff, programs, banners, accounts, account_grants, appointments');
  return { shopIds, managerShopId: shopIds[0], ms: performance.now() - t0 };
}

/**
 * The appointments: one a day for every active artist of every shop, spread evenly over
 * BENCH.appointmentDays around today, and the busy week (next week, Monday to Sunday) of the first shop full:
 * 15 a day per artist for six days and 10 on Sunday. The busy week holds nothing else, and no artist
 * has two on one day elsewhere, so no two rows of one artist overlap whatever their status.
 */
async function insertAppointments(client: pg.PoolClient, shopIds: number[]): Promise<void> {
  const perShop = BENCH.customers / BENCH.shops;
  // Artists, customers and programs numbered from 0, so a row number picks one by modulo.
  await client.query(
    `create temp table bench_artists on commit drop as
     select (row_number() over (order by s.id) - 1)::int as i, s.id, s.name, s.shop_id,
            (row_number() over (partition by s.shop_id order by s.id) - 1)::int as k
     from staff s where s.shop_id = any($1::int[]) and s.status = 'active'`,
    [shopIds],
  );
  await client.query(
    `create temp table bench_clients on commit drop as
     select c.shop_id, (row_number() over (partition by c.shop_id order by c.id) - 1)::int as ord, c.id, c.name, c.phone
     from customers c where c.shop_id = any($1::int[])`,
    [shopIds],
  );
  await client.query(
    `create temp table bench_menu on commit drop as
     select (row_number() over (order by p.id) - 1)::int as ord, p.id, p.name from programs p where p.status = 'on'`,
  );
  await client.query('create unique index on bench_clients (shop_id, ord)');
  await client.query('analyze bench_artists, bench_clients, bench_menu');

  const artists = shopIds.length * BENCH.activeStaffPerShop;
  const spread = BENCH.appointments - BENCH.busyWeekAppointments;
  const perArtist = Math.ceil(spread / artists);
  // Days open to the spread rows: all but the busy week. Artist row k goes to day k * days / perArtist, never two on one day.
  const days = BENCH.appointmentDays - 7;
  if (perArtist > days) throw new Error('bench: more appointments per artist than days');
  await client.query(
    `with d as (select (now() at time zone 'Asia/Shanghai')::date - $7::int / 2 as first_day,
                       date_trunc('week', (now() at time zone 'Asia/Shanghai')::date + 7)::date as busy_monday,
                       (select min(i) from bench_artists where shop_id = $9::int) as busy_first),
     planned as (
       select n,
              case when n < $11::int then d.busy_first + n % $10::int else (n - $11::int) % $1::int end as artist,
              case when n < $11::int
                   then d.busy_monday + (n / $10::int) / $4::int
                   else d.first_day + ((n - $11::int) / $1::int) * $3::int / $2::int
                        + case when d.first_day + ((n - $11::int) / $1::int) * $3::int / $2::int >= d.busy_monday then 7 else 0 end
              end as day,
              case when n < $11::int then (n / $10::int) % $4::int else (n * 7) % $4::int end as slot
       from generate_series(0, $8::int - 1) n, d
     )
     insert into appointments (shop_id, kind, customer_id, customer_name, customer_phone, program_id, program_name, staff_id, staff_name,
                               start_at, end_at, duration_minutes, status, note, created_at, updated_at)
     select a.shop_id, 'new-customer', c.id, c.name, c.phone, m.id, m.name, a.id, a.name,
            t.start_at, t.start_at + make_interval(mins => $6::int), $6::int,
            case when t.start_at + make_interval(mins => $6::int) <= now()
                 then case when p.n % 10 < 8 then 'completed' when p.n % 10 = 8 then 'cancelled' else 'no-show' end
                 else case when p.n % 9 = 0 then 'cancelled' when p.n % 3 = 0 then 'confirmed' else 'booked' end end,
            '', t.start_at - interval '3 days', t.start_at - interval '3 days'
     from planned p
     join bench_artists a on a.i = p.artist
     cross join lateral (select ((p.day + time '10:00') + make_interval(mins => p.slot * $5::int)) at time zone 'Asia/Shanghai' as start_at) t
     join bench_clients c on c.shop_id = a.shop_id and c.ord = (p.n::bigint * 7919) % $12::int
     join bench_menu m on m.ord = p.n % (select count(*)::int from bench_menu)`,
    [artists, perArtist, days, BENCH_SLOTS_PER_DAY, BENCH_SLOT_MINUTES, BENCH_BOOKING_MINUTES, BENCH.appointmentDays, BENCH.appointments, shopIds[0], BENCH.activeStaffPerShop, BENCH.busyWeekAppointments, perShop],
  );
}
