/**
 * The booking calendar under load, against the data of `npm run seed:bench` (1,000,000 appointments;
 * the bench manager's shop has 30 artists and 3,000 appointments in its busy week).
 *
 *  1. The week view: the calendar's one call for the busy week (GET appointments with from/to, up to
 *     5,000 rows in start order), 20 connections, beside the route's own SQL run directly.
 *  2. A booking storm: 20 clients booking random slots (random artist, day and quarter hour, 60
 *     minutes) of the shop for S seconds; bookings per second, latency of every answer, and the
 *     double bookings found afterwards (overlapping active rows of one artist: must be 0). The storm's
 *     bookings are deleted afterwards, so every run meets the same calendar.
 *
 *   npx tsx bench/appointments.ts
 * Environment (all optional): as bench/customers.ts; BENCH_CONNECTIONS (20), BENCH_SECONDS (10).
 */
import { API } from '../contract/api';
import { ACTIVE_APPOINTMENT_STATUSES, MAX_CALENDAR_PAGE } from '../contract/appointment';
import { appointmentList, appointmentListStatements } from '../server/appointments/listing';
import { statementOf } from '../server/db/list/preparedList';
import { parseInput } from '../server/http/validate';
import { apiBesideSql, closedLoop, percentile, printTable, runAsCommand, verdict, withBench, SLICES, type BenchContext, type BenchOptions, type BenchResult } from './measure';

const DAY_MS = 86_400_000;
const STORM_NOTE = '压测预约';
const STORM_DAYS = 28;
const STORM_MINUTES = 60;

export interface StormResult {
  attempts: number;
  booked: number;
  clashes: number;
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  doubleBookings: number;
}

export async function benchAppointments(opts: BenchOptions = {}): Promise<{ week: BenchResult[]; storm: StormResult } | undefined> {
  return withBench(opts, 20, async (ctx) => {
    const pool = ctx.database.pool;
    // The busy week: the shop's Shanghai week holding the most appointments.
    const [busy] = (
      await pool.query<{ monday: string; rows: number }>(
        `select to_char(date_trunc('week', start_at at time zone 'Asia/Shanghai'), 'YYYY-MM-DD') as monday, count(*)::int as rows
         from appointments where shop_id = $1 group by 1 order by 2 desc limit 1`,
        [ctx.shopId],
      )
    ).rows;
    if (!busy) {
      console.log('压测门店没有预约。请用空数据库重新运行 npm run seed:bench。');
      return undefined;
    }
    const [{ artists }] = (await pool.query<{ artists: number }>(`select count(*)::int as artists from staff where shop_id = $1 and status = 'active'`, [ctx.shopId])).rows;
    const from = new Date(`${busy.monday}T00:00:00+08:00`);
    const to = new Date(from.getTime() + 7 * DAY_MS);
    console.log(
      `门店 ID ${ctx.shopId}：${artists} 名在职员工，${busy.monday} 起的一周 ${busy.rows} 条预约；${ctx.connections} 个并发连接，每项 ${ctx.durationMs / 1000} 秒（两种方式交替，各 ${SLICES} 段），服务器 ${ctx.serverUrl}`,
    );

    const week = await weekView(ctx, from, to, busy.rows);
    // Clear of the busy week, and in the future however old the seeded data is.
    const tomorrow = new Date(`${new Date(Date.now() + 8 * 3600_000 + DAY_MS).toISOString().slice(0, 10)}T00:00:00+08:00`);
    const storm = await bookingStorm(ctx, new Date(Math.max(to.getTime() + 7 * DAY_MS, tomorrow.getTime())));
    printTable(week);
    const [api, sql] = week;
    const share = api.rps / sql.rps;
    console.log(`周视图：HTTP API 达到直接 SQL 速率的 ${(share * 100).toFixed(0)}%`);
    console.log(`目标 周视图 p99 < 100 ms 且 ≥ 60% 直接 SQL 速率：p99 ${api.p99Ms.toFixed(1)} ms，${(share * 100).toFixed(0)}% —— ${verdict(api.p99Ms < 100 && share >= 0.6)}`);
    console.table([
      {
        客户端: ctx.connections,
        秒: Number(storm.seconds.toFixed(1)),
        请求: storm.attempts,
        成功预约: storm.booked,
        '冲突 409': storm.clashes,
        其他错误: storm.errors,
        '每秒成功预约': Number((storm.booked / storm.seconds).toFixed(1)),
        '每秒请求': Number((storm.attempts / storm.seconds).toFixed(1)),
        'p50 (ms)': Number(storm.p50Ms.toFixed(1)),
        'p99 (ms)': Number(storm.p99Ms.toFixed(1)),
      },
    ]);
    console.log(`目标 预约风暴后重复占用 = 0：${storm.doubleBookings} —— ${verdict(storm.doubleBookings === 0 && storm.errors === 0)}`);
    return { week, storm };
  });
}

/** The calendar's call for [from, to) as the console makes it, through the API and as the route's SQL. */
async function weekView(ctx: BenchContext, from: Date, to: Date, expectedRows: number): Promise<BenchResult[]> {
  const query = { from: from.toISOString(), to: to.toISOString(), _start: '0', _end: String(MAX_CALENDAR_PAGE), _sort: 'startAt', _order: 'asc' };
  const url = `${API.resourceBase}/appointments?${new URLSearchParams(query)}`;
  const checked = await fetch(`${ctx.serverUrl}${url}`, { headers: { authorization: `Bearer ${ctx.token}` } });
  const rows = ((await checked.json()) as { data: unknown[] }).data.length;
  if (rows !== expectedRows) throw new Error(`周视图返回 ${rows} 条，应为 ${expectedRows} 条`);
  const statements = appointmentListStatements(ctx.database.db, ctx.session, parseInput(appointmentList.listQuery, query));
  const rowsSql = statementOf(statements.rows, statements.names.rows, statements.values);
  const direct = async () => (await ctx.sqlPool.query(rowsSql)).rowCount === expectedRows;
  return apiBesideSql(ctx, `周视图（${expectedRows} 条）`, () => ctx.get(url), direct);
}

/**
 * `connections` clients booking random slots in the STORM_DAYS from `firstDay` for ctx.durationMs;
 * a 409 (the artist is taken) is the expected refusal, anything else but success is an error.
 */
async function bookingStorm(ctx: BenchContext, firstDay: Date): Promise<StormResult> {
  const pool = ctx.database.pool;
  const staffIds = (await pool.query<{ id: number }>(`select id from staff where shop_id = $1 and status = 'active' order by id`, [ctx.shopId])).rows.map((r) => r.id);
  const customerIds = (await pool.query<{ id: number }>(`select id from customers where shop_id = $1 order by id limit 500`, [ctx.shopId])).rows.map((r) => r.id);
  const programIds = (await pool.query<{ id: number }>(`select id from programs where status = 'on' order by id limit 50`)).rows.map((r) => r.id);
  const [{ open, close }] = (await pool.query<{ open: string; close: string }>(`select open_time as open, close_time as close from shops where id = $1`, [ctx.shopId])).rows;
  const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
  const quarters = Math.floor((minutes(close) - minutes(open) - STORM_MINUTES) / 15) + 1;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

  let booked = 0;
  let clashes = 0;
  const book = async () => {
    const day = new Date(firstDay.getTime() + Math.floor(Math.random() * STORM_DAYS) * DAY_MS);
    const startAt = new Date(day.getTime() + (minutes(open) + 15 * Math.floor(Math.random() * quarters)) * 60_000).toISOString();
    const res = await fetch(`${ctx.serverUrl}${API.resourceBase}/appointments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'new-customer', customerId: pick(customerIds), programId: pick(programIds), staffId: pick(staffIds), startAt, durationMinutes: STORM_MINUTES, note: STORM_NOTE }),
    });
    const body = (await res.json()) as { code: number };
    if (body.code === 0) booked++;
    else if (res.status === 409) clashes++;
    return body.code === 0 || res.status === 409;
  };
  const run = await closedLoop(ctx.connections, ctx.durationMs, 1_000_000, book);

  const stormEnd = new Date(firstDay.getTime() + (STORM_DAYS + 1) * DAY_MS).toISOString();
  const [{ doubles }] = (
    await pool.query<{ doubles: number }>(
      `select count(*)::int as doubles from appointments a join appointments b
         on b.staff_id = a.staff_id and b.id > a.id and b.start_at < a.end_at and a.start_at < b.end_at
       where a.shop_id = $1 and a.status = any($2::text[]) and b.status = any($2::text[]) and a.start_at >= $3 and a.start_at < $4`,
      [ctx.shopId, ACTIVE_APPOINTMENT_STATUSES, firstDay.toISOString(), stormEnd],
    )
  ).rows;
  await pool.query(`delete from appointments where shop_id = $1 and note = $2`, [ctx.shopId, STORM_NOTE]);
  return {
    attempts: run.requests,
    booked,
    clashes,
    errors: run.errors,
    seconds: run.seconds,
    p50Ms: percentile(run.latenciesMs, 0.5),
    p99Ms: percentile(run.latenciesMs, 0.99),
    doubleBookings: doubles,
  };
}

runAsCommand(import.meta, () => benchAppointments());
