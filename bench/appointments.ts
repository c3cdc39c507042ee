/**
 * The booking calendar under load, against the data of `npm run seed:bench`
 * (1,000,000 appointments; the bench manager's shop has 30 artists and a week holding 3,000).
 *
 *  1. The week view: the call the calendar page makes for that week (GET appointments with from/to,
 *     one page of up to 5,000 rows in start order, the board's fields: _view=calendar), as the bench manager at N connections, beside the
 *     route's own SQL run directly, in turns (targets: p99 under 100 ms, at least 60 % of the direct rate).
 *  2. A booking storm: N clients booking random slots of the shop for S seconds through POST
 *     appointments (a random artist, program and customer of the shop, a start on the 15-minute grid
 *     inside opening hours in the next four weeks): bookings per second, the refusals (409: the artist
 *     is taken), then the double bookings found by SQL (active bookings of one artist that overlap:
 *     must be 0). The storm's bookings are deleted afterwards, so every run meets the same calendar.
 *
 *   npx tsx bench/appointments.ts
 * Environment (all optional): as bench/customers.ts; BENCH_CONNECTIONS (20), BENCH_SECONDS (10).
 */
import { API } from '../contract/api';
import { ACTIVE_APPOINTMENT_STATUSES, MAX_CALENDAR_PAGE, SLOT_MINUTES, type AppointmentCalendar } from '../contract/appointment';
import { appointmentCalendarStatements, appointmentListQuery } from '../server/appointments/listing';
import { shanghaiDayOf, shanghaiInstant } from '../contract/shanghaiTime';
import { statementOf } from '../server/db/list/preparedList';
import { seededRandom } from '../server/seed/random';
import {
  apiBesideSql,
  closedLoop,
  percentile,
  printTable,
  runAsCommand,
  verdict,
  withBench,
  type BenchContext,
  type BenchOptions,
  type BenchResult,
} from './measure';

const DAY_MS = 86_400_000;
/** The note the storm's bookings carry, by which they are found and deleted. */
const STORM_NOTE = '压测预约';
/** The storm books from tomorrow over this many days. */
const STORM_DAYS = 28;

export interface StormResult {
  attempts: number;
  booked: number;
  refused: number;
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  doubleBookings: number;
}

/** The shop's Shanghai week holding the most appointments: its Monday and how many it holds. */
async function busiestWeek(ctx: BenchContext): Promise<{ monday: string; rows: number } | undefined> {
  const [week] = (
    await ctx.database.pool.query<{ monday: string; rows: number }>(
      `select to_char(date_trunc('week', start_at at time zone 'Asia/Shanghai'), 'YYYY-MM-DD') as monday, count(*)::int as rows
       from appointments where shop_id = $1 group by 1 order by 2 desc limit 1`,
      [ctx.shopId],
    )
  ).rows;
  return week;
}

async function benchWeekView(ctx: BenchContext, week: { monday: string; rows: number }): Promise<[BenchResult, BenchResult]> {
  const from = new Date(shanghaiInstant(week.monday, '00:00'));
  // As the calendar page asks for its week (src/pages/appointment/AppointmentBoard.tsx through simple-rest, keys in its order).
  const query = {
    _end: String(MAX_CALENDAR_PAGE),
    _order: 'asc',
    _sort: 'startAt',
    _start: '0',
    _view: 'calendar',
    from: from.toISOString(),
    to: new Date(from.getTime() + 7 * DAY_MS).toISOString(),
  };
  const url = `${API.resourceBase}/appointments?${new URLSearchParams(query)}`;
  const answer = await fetch(`${ctx.serverUrl}${url}`, { headers: { authorization: `Bearer ${ctx.token}` } });
  const text = await answer.text();
  const rows = (JSON.parse(text) as { data: AppointmentCalendar }).data.id.length;
  if (rows !== week.rows) throw new Error(`周视图应返回 ${week.rows} 条，实际 ${rows} 条`);
  console.log(
    `周视图：门店 ID ${ctx.shopId}，${week.monday} 起一周 ${rows} 条预约，每次回答 ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB` +
      `，${ctx.connections} 个并发连接，每种方式 ${ctx.durationMs / 1000} 秒`,
  );

  const { view, ...request } = appointmentListQuery.parse(query);
  if (view !== 'calendar') throw new Error('周视图应使用 _view=calendar');
  const statements = appointmentCalendarStatements(ctx.database.db, ctx.session, request);
  const rowsSql = statementOf(statements.rows, statements.names.rows, statements.values);
  const totalSql = statementOf(statements.total, statements.names.total, statements.values);
  // As the route does: the page as PostgreSQL's JSON text, and a count only when the page cannot tell the total.
  const direct = async () => {
    const [page] = (await ctx.sqlPool.query<{ calendar: string; rows: number }>(rowsSql)).rows;
    if (page.rows === 0 || page.rows === statements.limit) await ctx.sqlPool.query(totalSql);
    return page.calendar.length > 0;
  };
  return apiBesideSql(ctx, `周视图（${rows} 条）`, () => ctx.get(url), direct);
}

/** Double bookings: pairs of active bookings of one staff member of the shop whose times overlap. */
async function doubleBookings(ctx: BenchContext): Promise<number> {
  const [{ pairs }] = (
    await ctx.database.pool.query<{ pairs: number }>(
      `select count(*)::int as pairs
       from appointments a join appointments b on b.staff_id = a.staff_id and b.id > a.id
         and tstzrange(b.start_at, b.end_at, '[)') && tstzrange(a.start_at, a.end_at, '[)')
       where a.shop_id = $1 and a.status = any($2) and b.status = any($2)`,
      [ctx.shopId, ACTIVE_APPOINTMENT_STATUSES],
    )
  ).rows;
  return pairs;
}

async function bookingStorm(ctx: BenchContext): Promise<StormResult> {
  const pool = ctx.database.pool;
  const removeStorm = () => pool.query(`delete from appointments where shop_id = $1 and note = $2`, [ctx.shopId, STORM_NOTE]);
  // What an interrupted earlier run may have left.
  await removeStorm();
  const [shop] = (
    await pool.query<{ openTime: string; closeTime: string }>(
      `select open_time as "openTime", close_time as "closeTime" from shops where id = $1`,
      [ctx.shopId],
    )
  ).rows;
  const staffIds = (
    await pool.query<{ id: number }>(`select id from staff where shop_id = $1 and status = 'active' order by id`, [ctx.shopId])
  ).rows.map((r) => r.id);
  const customerIds = (await pool.query<{ id: number }>(`select id from customers where shop_id = $1 order by id`, [ctx.shopId])).rows.map(
    (r) => r.id,
  );
  const programs = (
    await pool.query<{ id: number; minutes: number }>(
      `select id, duration_minutes as minutes from programs where status = 'on' order by id`,
    )
  ).rows;
  const today = shanghaiDayOf(Date.now());
  const days = Array.from({ length: STORM_DAYS }, (_, i) => shanghaiDayOf(shanghaiInstant(today, '12:00') + (i + 1) * DAY_MS));

  const random = seededRandom(11);
  /** A random slot: an artist, a program and a start on the grid such that it ends by closing time. */
  const slot = () => {
    const program = random.pick(programs);
    const day = random.pick(days);
    const open = shanghaiInstant(day, shop.openTime);
    const lastStart = shanghaiInstant(day, shop.closeTime) - program.minutes * 60_000;
    const start = open + random.int(0, Math.floor((lastStart - open) / (SLOT_MINUTES * 60_000))) * SLOT_MINUTES * 60_000;
    return {
      customerId: random.pick(customerIds),
      programId: program.id,
      staffId: random.pick(staffIds),
      startAt: new Date(start).toISOString(),
      note: STORM_NOTE,
    };
  };

  let booked = 0;
  let refused = 0;
  const unexpected = new Map<string, number>();
  const book = async () => {
    const res = await fetch(`${ctx.serverUrl}${API.resourceBase}/appointments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(slot()),
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (res.status === 200 && body.code === 0) booked++;
    else if (res.status === 409) refused++;
    else unexpected.set(`HTTP ${res.status} ${body.msg}`, (unexpected.get(`HTTP ${res.status} ${body.msg}`) ?? 0) + 1);
    return res.status === 200 || res.status === 409;
  };
  const run = await closedLoop(ctx.connections, ctx.durationMs, 1_000_000, book);
  for (const [what, n] of unexpected) console.log(`意外的回答 ×${n}：${what}`);
  const found = await doubleBookings(ctx);
  const removed = (await removeStorm()).rowCount;
  console.log(`已删除本次抢约的 ${removed} 条预约`);
  return {
    attempts: run.requests,
    booked,
    refused,
    errors: run.errors,
    seconds: run.seconds,
    p50Ms: percentile(run.latenciesMs, 0.5),
    p99Ms: percentile(run.latenciesMs, 0.99),
    doubleBookings: found,
  };
}

export async function benchAppointments(opts: BenchOptions = {}): Promise<{ week: BenchResult[]; storm: StormResult } | undefined> {
  return withBench(opts, 20, async (ctx) => {
    const week = await busiestWeek(ctx);
    if (!week) {
      console.log('压测门店没有预约。请在空数据库上重新运行 npm run seed:bench。');
      return undefined;
    }
    const [api, sql] = await benchWeekView(ctx, week);
    printTable([api, sql]);
    const share = api.rps / sql.rps;
    console.log(
      `目标 周视图 p99 < 100 ms 且 ≥ 60% 直接 SQL 速率：p99 ${api.p99Ms.toFixed(1)} ms，${(share * 100).toFixed(0)}% ——` +
        ` ${verdict(api.p99Ms < 100 && share >= 0.6 && api.errors === 0)}`,
    );

    console.log(
      `\n抢约：${ctx.connections} 个客户端在 ${ctx.durationMs / 1000} 秒内随机预约门店 ID ${ctx.shopId} 未来 ${STORM_DAYS} 天的时段`,
    );
    const storm = await bookingStorm(ctx);
    console.table([
      {
        尝试: storm.attempts,
        成功: storm.booked,
        '冲突 (409)': storm.refused,
        其他错误: storm.errors,
        每秒成功预约: Number((storm.booked / storm.seconds).toFixed(1)),
        'p50 (ms)': Number(storm.p50Ms.toFixed(1)),
        'p99 (ms)': Number(storm.p99Ms.toFixed(1)),
        重复预约: storm.doubleBookings,
      },
    ]);
    console.log(`目标 重复预约为 0：${storm.doubleBookings} —— ${verdict(storm.doubleBookings === 0)}`);
    return { week: [api, sql], storm };
  });
}

runAsCommand(import.meta, () => benchAppointments());
