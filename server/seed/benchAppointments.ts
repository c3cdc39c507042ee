import type pg from 'pg';
import { bulkLoad } from './bulkLoad';

/**
 * The booking calendar's share of the bench set: 1,000,000 appointments over two
 * years around the loading day on the active staff of the bench shops, and in the first shop (the
 * bench manager's) the coming Monday–Sunday holding 3,000 of them across its 30 artists.
 */
export const BENCH_APPOINTMENTS = {
  total: 1_000_000,
  /** Days covered, half before the loading day and half after it. */
  days: 730,
  /** The first shop's busy week: the coming Monday to Sunday (Asia/Shanghai). */
  busyWeek: 3_000,
  busyWeekDays: 7,
} as const;

/**
 * Where a row stands, given when it is: past ones were settled, those under way have arrived, future
 * ones await. `h` spreads the outcomes by the row's number.
 */
const STATUS = `case when t.end_at <= now() then (case when s.h % 20 = 0 then 'cancelled' when s.h % 20 = 1 then 'no-show' else 'completed' end)
                     when t.start_at <= now() then 'arrived'
                     when s.h % 3 = 0 then 'confirmed' else 'booked' end`;

/**
 * Generated inside PostgreSQL, every value a function of the row number. Every row lies inside its
 * shop's opening hours on the 15-minute grid, and no two rows of one artist overlap whatever their
 * status, so the exclusion constraint holds:
 * - in the busy week each of the first shop's artists has back-to-back bookings of 30 or 45 minutes
 *   (14 or 15 a day, 100 a week) from opening to closing;
 * - everywhere else an artist has at most one booking a day, for its program's duration: artist-days
 *   are numbered artist by artist (leaving out the busy week) and the rows take evenly spaced ones.
 * Customers are the shop's own, programs are on the shelf. The table's indexes and constraints are
 * built once after the rows are in (./bulkLoad.ts), which also checks the exclusion constraint over
 * all of them.
 */
export async function seedBenchAppointments(client: pg.PoolClient, shopIds: number[]): Promise<void> {
  const [{ artists, busyArtists, busyStart }] = (
    await client.query<{ artists: number; busyArtists: number; busyStart: number }>(
      `select count(*)::int as artists, count(*) filter (where shop_id = ($1::int[])[1])::int as "busyArtists",
              -- days from the first day (the loading day less half the span) to the coming Monday
              ($2::int / 2 + 7 - extract(isodow from (now() at time zone 'Asia/Shanghai'))::int + 1) as "busyStart"
       from staff where shop_id = any($1::int[]) and status = 'active'`,
      [shopIds, BENCH_APPOINTMENTS.days],
    )
  ).rows;
  const { total, days, busyWeek, busyWeekDays } = BENCH_APPOINTMENTS;
  const perArtist = busyWeek / busyArtists;
  if (!Number.isInteger(perArtist)) throw new Error(`busy week of ${busyWeek} does not divide among ${busyArtists} artists`);
  const background = total - busyWeek;
  // Artist-days left for one booking each: every artist's days, less the busy artists' busy week.
  const busyCandidates = busyArtists * (days - busyWeekDays);
  const candidates = artists * days - busyArtists * busyWeekDays;
  if (candidates < background) throw new Error(`${background} appointments do not fit ${candidates} artist-days`);

  await bulkLoad(client, 'appointments', () =>
    client.query(
      `with artist as (
         select s.id, s.name, s.shop_id, (row_number() over (order by array_position($1::int[], s.shop_id), s.id) - 1)::int as a
         from staff s where s.shop_id = any($1::int[]) and s.status = 'active'
       ),
       slot as (
         -- one a day: row g takes artist-day c of the $4 candidates, evenly spread; the busy artists' come
         -- first ($2 less $6 days each: their busy week, from day $8, left out), then everyone else's
         select case when x.c < $5 then x.c / ($2::int - $6::int) else $7::int + (x.c - $5) / $2::int end as a,
                case when x.c < $5 then x.c % ($2::int - $6::int) + case when x.c % ($2::int - $6::int) >= $8::int then $6::int else 0 end
                     else (x.c - $5) % $2::int end as d,
                g as h, null::int as i, null::int as n
         from generate_series(0, $3::int - 1) g
         cross join lateral (select (g::bigint * $4::bigint / $3::int)::int as c) x
         union all
         -- the busy week: $9 bookings an artist, n on day d, the i-th from quarter i * Q / n to (i + 1) * Q / n of the Q opening quarters
         select b.a, $8::int + w.d, $3::int + (b.a * $6::int + w.d) * $9::int + i, i, k.n
         from artist b
         cross join generate_series(0, $6::int - 1) w(d)
         cross join lateral (select $9::int / $6::int + case when w.d < $9::int % $6::int then 1 else 0 end as n) k
         cross join generate_series(0, k.n - 1) i
         where b.a < $7::int
       ),
       shop_customer as (
         select shop_id, array_agg(id order by id) as ids from customers where shop_id = any($1::int[]) group by shop_id
       ),
       on_shelf as (select array_agg(id order by id) as ids from programs where status = 'on')
       insert into appointments (shop_id, kind, customer_id, customer_name, customer_phone, program_id, program_name, staff_id, staff_name,
                                 start_at, end_at, duration_minutes, status, cancel_reason, created_at, updated_at)
       select ar.shop_id, 'new-customer', cu.id, cu.name, cu.phone, pr.id, pr.name, ar.id, ar.name,
              t.start_at, t.end_at, m.minutes, st.status, case when st.status = 'cancelled' then '客户临时有事' else '' end,
              t.booked_at, case when st.status in ('booked', 'confirmed') then t.booked_at else least(now(), t.end_at) end
       from slot s
       join artist ar on ar.a = s.a
       join shops sh on sh.id = ar.shop_id
       join shop_customer sc on sc.shop_id = ar.shop_id
       join customers cu on cu.id = sc.ids[1 + (s.h::bigint * 7919 % cardinality(sc.ids))::int]
       cross join on_shelf os
       join programs pr on pr.id = os.ids[1 + s.h % cardinality(os.ids)]
       cross join lateral (select ((now() at time zone 'Asia/Shanghai')::date - $2::int / 2 + s.d + sh.open_time::time) at time zone 'Asia/Shanghai' as opens,
                                  (extract(epoch from sh.close_time::time - sh.open_time::time) / 900)::int as q) o
       cross join lateral (
         select case when s.n is null then pr.duration_minutes else 15 * ((s.i + 1) * o.q / s.n - s.i * o.q / s.n) end as minutes,
                case when s.n is null then s.h * 7 % (o.q - pr.duration_minutes / 15 + 1) else s.i * o.q / s.n end as quarter
       ) m
       cross join lateral (select o.opens + make_interval(mins => 15 * m.quarter) as start_at,
                                  o.opens + make_interval(mins => 15 * m.quarter + m.minutes) as end_at,
                                  least(now(), o.opens - make_interval(days => 1 + s.h % 20)) as booked_at) t
       cross join lateral (select ${STATUS} as status) st`,
      [shopIds, days, background, candidates, busyCandidates, busyWeekDays, busyArtists, busyStart, perArtist],
    ),
  );
}
