/**
 * The daily close under load, against the data of `npm run seed:bench` (50 shops) and a day of its
 * own it adds once:
 *  1. GET daily-closes/:shopId/:day, the figures of one open shop-day with 2,000 paid orders (each
 *     order's service income, a refund through a channel and a cash expense in the ledger), kept by
 *     the server while nothing of the shop changes (no write runs meanwhile); target p99 under 100 ms;
 *  2. GET daily-closes, finance's list of 50 shops × 31 days of closes for one month, a page of 20
 *     with the total; target p99 under 100 ms.
 *
 *   npx tsx bench/close.ts
 * Environment as bench/finance.ts: BENCH_DATABASE_URL or DATABASE_URL, else the embedded one under
 * DATA_DIR; BENCH_CONNECTIONS (20), BENCH_SECONDS (10).
 */
import type pg from 'pg';
import { API } from '../contract/api';
import { BENCH } from '../server/seed/bench';
import {
  closedLoop,
  printTable,
  runAsCommand,
  summarize,
  verdict,
  withBench,
  WARM_MS,
  type BenchContext,
  type BenchOptions,
} from './measure';

/** A month long past, so the bench's closes and its busy day meet no other data. */
const MONTH = { from: '2020-01-01', to: '2020-01-31' };
const BUSY_DAY = '2020-02-03';
const ORDERS = 2_000;
const P99_TARGET_MS = 100;
/** The lines every bench close carries: cash and WeChat took money that day. */
const CLOSE_LINES = [
  { method: 'cash', inFen: 300_000, refundFen: 0, expenseFen: 5_000, statementFen: null },
  { method: 'wechat', inFen: 500_000, refundFen: 10_000, expenseFen: 0, statementFen: 490_000 },
];

/**
 * The busy shop-day and the month of closes, written once: 2,000 paid orders of the first bench shop
 * on BUSY_DAY split over cash, WeChat and Alipay with their service income, one refund per hundred
 * orders back to its method, one cash expense; a submitted close for every bench shop and day of MONTH.
 */
async function addCloseData(pool: pg.Pool, shopId: number): Promise<void> {
  const [{ done }] = (
    await pool.query<{ done: boolean }>(`select exists (select 1 from daily_closes where day = $1) as done`, [MONTH.from])
  ).rows;
  if (done) return;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `with made as (
         insert into orders (order_no, shop_id, customer_name, status, lines, total_fen, payable_fen, payments, paid_fen, staff_shares, paid_at,
           business_day)
         select 'C' || lpad(g::text, 9, '0'), $1, '散客', 'paid', '[]', 10000 + g, 10000 + g,
           jsonb_build_array(jsonb_build_object('method', (array['cash', 'wechat', 'alipay'])[1 + g % 3], 'amountFen', 10000 + g)),
           10000 + g, '[]', ($2::date + time '12:00') at time zone 'Asia/Shanghai', $2
         from generate_series(1, ${ORDERS}) g returning id, payable_fen, payments)
       insert into ledger_entries (shop_id, type, category, amount_fen, method, occurred_on, note, order_id)
       select $1, 'income', 'service', payable_fen, null, $2, '压测订单', id from made
       union all
       select $1, 'income', 'refund', -1000, payments->0->>'method', $2, '压测退款', id from made where id % 100 = 0`,
      [shopId, BUSY_DAY],
    );
    await client.query(
      `insert into ledger_entries (shop_id, type, category, amount_fen, method, occurred_on, note)
       values ($1, 'expense', 'materials', 5000, 'cash', $2, '压测支出')`,
      [shopId, BUSY_DAY],
    );
    await client.query(
      `insert into daily_closes (shop_id, day, status, by_method, card_sales_fen, cash_expense_fen, opening_float_fen, expected_cash_fen,
         counted_cash_fen, difference_fen, has_difference, float_fen, submitted_by_name, submitted_at)
       select s.id, d::date, 'submitted',
         $4::jsonb,
         0, 5000, 20000, 315000, 315000 - (s.id + extract(day from d)::int) % 3 * 100, -((s.id + extract(day from d)::int) % 3 * 100),
         (s.id + extract(day from d)::int) % 3 <> 0, 20000, '压测店长', (d::date + time '21:30') at time zone 'Asia/Shanghai'
       from shops s cross join generate_series($1::date, $2::date, interval '1 day') d
       where s.name like $3
       on conflict (shop_id, day) do nothing`,
      [MONTH.from, MONTH.to, `${BENCH.shopPrefix}%`, JSON.stringify(CLOSE_LINES)],
    );
    await client.query('commit');
  } catch (e) {
    await client.query('rollback');
    throw e;
  } finally {
    client.release();
  }
}

async function measure(ctx: BenchContext, scenario: string, path: string) {
  await closedLoop(ctx.connections, WARM_MS, ctx.maxRequests, () => ctx.get(path));
  return summarize(scenario, 'HTTP API', await closedLoop(ctx.connections, ctx.durationMs, ctx.maxRequests, () => ctx.get(path)));
}

export async function benchClose(opts: BenchOptions = {}): Promise<boolean> {
  const ran = await withBench({ phone: BENCH.financePhone, ...opts }, 20, async (ctx) => {
    await addCloseData(ctx.sqlPool, ctx.shopId);
    const base = `${API.resourceBase}/daily-closes`;
    const figures = await measure(
      ctx,
      `一个门店日的日结数据（${ORDERS.toLocaleString('en-US')} 笔订单）`,
      `${base}/${ctx.shopId}/${BUSY_DAY}`,
    );
    const list = await measure(
      ctx,
      '财务日结列表（50 店 × 31 天，每页 20 条）',
      `${base}?day_gte=${MONTH.from}&day_lte=${MONTH.to}&_start=0&_end=20&_sort=day&_order=desc`,
    );
    printTable([figures, list]);
    const ok = [figures, list].every((r) => r.errors === 0 && r.p99Ms < P99_TARGET_MS);
    console.log(`p99 < ${P99_TARGET_MS} ms: ${verdict(ok)}`);
    return ok;
  });
  return ran ?? false;
}

runAsCommand(import.meta, benchClose);
