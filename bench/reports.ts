/**
 * The reports under load, against the data of `npm run seed:bench` (1,000,000 paid
 * orders over two years in 50 shops): POST /v1/graphql for shopRanking of a month and of a year,
 * staffRanking of a month and each role's Workplace, at 10 concurrent connections, p50 and p99
 * (target: p99 under 200 ms for the year's ranking). The server keeps report answers while the data
 * they read is unchanged (server/db/answerCache.ts), so with its own database the bench also measures
 * the year's ranking while an order changes every second, and the reports computed on every call
 * without the server: what each change costs.
 *
 *   npx tsx bench/reports.ts
 * Environment: BENCH_SERVER_URL (a running server on the seeded database; otherwise one is started on
 * DATABASE_URL or the embedded database under DATA_DIR), BENCH_CONNECTIONS (10), BENCH_SECONDS (10).
 * With a server of its own it also prints the CPU time per request of that server and of the embedded
 * PostgreSQL together (every process this one started): a figure the other jobs on a shared machine
 * move much less than the latencies.
 */
import { pathToFileURL } from 'node:url';
import { API } from '../contract/api';
import { GRAPHQL_PATH } from '../contract/report';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { freePort } from '../server/db/embedded';
import { BENCH } from '../server/seed/bench';
import { BENCH_REPORTS } from '../server/seed/benchOrders';
import type pg from 'pg';
import { addDays, calendarOf, periodOf } from '../server/reports/period';
import { shopRanking } from '../server/reports/sales';
import { staffRanking } from '../server/reports/staffRanking';
import { builtServer, startServer, type RunningServer } from './serverProcess';
import { closedLoop, cpuSoFar, login as measureLogin, percentile } from './measure';

/** CPU milliseconds spent so far by the server this bench started and its embedded PostgreSQL. */
function startedCpuMs(): number {
  const { server, postgres } = cpuSoFar();
  return server + postgres;
}

const login = (serverUrl: string, phone: string) => measureLogin(serverUrl, phone, BENCH.managerPassword);

export async function benchReports(): Promise<void> {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const durationMs = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
  let serverUrl = process.env.BENCH_SERVER_URL?.replace(/\/$/, '');
  let server: RunningServer | undefined;
  let close: (() => Promise<void>) | undefined;
  let pool: pg.Pool | undefined;
  if (!serverUrl) {
    const opened = await openDatabase(loadConfig());
    close = opened.close;
    pool = opened.database.pool;
    const port = await freePort();
    serverUrl = `http://127.0.0.1:${port}`;
    server = await startServer(
      ...builtServer(),
      { DATABASE_URL: opened.embedded?.url ?? process.env.DATABASE_URL ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      `${serverUrl}${API.userInfo}`,
    );
  }
  try {
    const tokens = {
      admin: await login(serverUrl, BENCH_REPORTS.adminPhone),
      finance: await login(serverUrl, BENCH_REPORTS.financePhone),
      manager: await login(serverUrl, BENCH.managerPhone),
    };
    const { today, monthStart } = calendarOf(Date.now());
    const month = { from: monthStart, to: today };
    const year = { from: addDays(today, -364), to: today };
    const scenarios: [string, keyof typeof tokens, string, Record<string, string>][] = [
      [
        'shopRanking 本月',
        'admin',
        'query($from: Date!, $to: Date!) { shopRanking(from: $from, to: $to) { shopId shopName revenueFen orderCount refundFen cu' +
          'stomerCount newCustomerCount } }',
        month,
      ],
      [
        'shopRanking 近一年',
        'admin',
        'query($from: Date!, $to: Date!) { shopRanking(from: $from, to: $to) { shopId shopName revenueFen orderCount refundFen cu' +
          'stomerCount newCustomerCount } }',
        year,
      ],
      [
        'staffRanking 本月',
        'admin',
        'query($from: Date!, $to: Date!) { staffRanking(from: $from, to: $to) { staffId staffName shopName approvedFen pendingFen commissionFen orderCount } }',
        month,
      ],
      [
        'workplace 店长',
        'manager',
        '{ workplace { shop { todayAppointmentCount nextAppointments { id } today { revenueFen } afterSaleWaitingCount newCustome' +
          'rsThisMonth trend { day revenueFen } } } }',
        {},
      ],
      [
        'workplace 管理员',
        'admin',
        '{ workplace { chain { today { revenueFen } month { revenueFen } topShops { shopId revenueFen } trend { day revenueFen } ' +
          'liveProgramCount liveBannerCount } } }',
        {},
      ],
      [
        'workplace 财务',
        'finance',
        '{ workplace { finance { pendingPerformanceCount pendingPerformanceFen pendingAfterSaleCount reviewedPerformanceCount trend { day revenueFen } } } }',
        {},
      ],
    ];
    console.log(`${connections} 个并发连接，每项 ${durationMs / 1000} 秒，服务器 ${serverUrl}`);
    /** Warmed, then measured: the row of the table. */
    const measure = async (scenario: string, once: () => Promise<boolean>, viaServer = true) => {
      await closedLoop(connections, 2000, 10_000, once);
      const cpuBefore = server ? startedCpuMs() : 0;
      const run = await closedLoop(connections, durationMs, 1_000_000, once);
      // Without the server the pool's own connections come and go, and their CPU with them: not counted.
      const cpu = server && viaServer ? `${((startedCpuMs() - cpuBefore) / run.requests).toFixed(1)} ms` : '-';
      return {
        scenario,
        requests: run.requests,
        errors: run.errors,
        rps: (run.requests / run.seconds).toFixed(1),
        p50: `${percentile(run.latenciesMs, 0.5).toFixed(1)} ms`,
        p99: `${percentile(run.latenciesMs, 0.99).toFixed(1)} ms`,
        'cpu/req': cpu,
      };
    };
    const graphql = (who: keyof typeof tokens, query: string, variables: Record<string, string>) => {
      const body = JSON.stringify({ operationName: null, query, variables });
      return async () => {
        const res = await fetch(`${serverUrl}${GRAPHQL_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
          body,
        });
        const text = await res.text();
        return res.status === 200 && !text.includes('"errors"');
      };
    };
    const rows = [];
    for (const [name, who, query, variables] of scenarios) rows.push(await measure(name, graphql(who, query, variables)));
    if (pool) {
      // The year's ranking while a paid order changes every second (far more often than a chain of 50
      // shops takes money): each change makes the next request compute the ranking again.
      const [yearName, yearWho, yearQuery, yearVariables] = scenarios[1];
      let writes = 0;
      const write = async () => {
        const { rowCount } = await pool.query(
          `update orders set note = note where id = (select max(id) from orders where status = 'paid')`,
        );
        writes += rowCount ?? 0;
      };
      const writer = setInterval(() => void write(), 1000);
      try {
        rows.push(await measure(`${yearName}（每秒一次写入）`, graphql(yearWho, yearQuery, yearVariables)));
      } finally {
        clearInterval(writer);
      }
      console.log(`每秒一次写入：共写入 ${writes} 笔订单`);
      // What a changed topic costs: the reports computed on every call, in this process, without the server.
      const direct = (compute: () => Promise<unknown>) => async () => (await compute(), true);
      rows.push(
        await measure(
          'shopRanking 本月（直接计算）',
          direct(() => shopRanking(pool, periodOf(month.from, month.to))),
          false,
        ),
      );
      rows.push(
        await measure(
          'shopRanking 近一年（直接计算）',
          direct(() => shopRanking(pool, periodOf(year.from, year.to))),
          false,
        ),
      );
      rows.push(
        await measure(
          'staffRanking 本月（直接计算）',
          direct(() => staffRanking(pool, periodOf(month.from, month.to), null)),
          false,
        ),
      );
    }
    console.table(rows);
  } finally {
    await server?.stop();
    await close?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchReports();
