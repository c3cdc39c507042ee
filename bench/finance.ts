/**
 * The finance lists under load, against the data of `npm run seed:bench` (100,000 performance records):
 *  1. GET performance-records/export of all 100,000 records as financial staff: time to the first
 *     byte, total time, and the server's peak memory growth while it streams (targets: < 1 s, < 5 s,
 *     < 100 MB);
 *  2. the review list filtered to one shop and one month at 20 concurrent connections, beside the
 *     route's own SQL run directly (targets: at least 60% of the direct rate, p99 under 100 ms).
 *
 *   npx tsx bench/finance.ts
 * Environment (all optional): BENCH_DATABASE_URL or DATABASE_URL, else the embedded one under
 * DATA_DIR; BENCH_CONNECTIONS (20), BENCH_SECONDS (10); BENCH_FINANCE_EXPORT=0 measures the list only.
 * The list is measured as bench/customers.ts measures its pages (bench/measure.ts apiBesideSql),
 * with the CPU per request of the server, PostgreSQL and the load generator.
 */
import fs from 'node:fs';
import { API } from '../contract/api';
import { statementOf } from '../server/db/list/preparedList';
import { performanceList, performanceListStatements } from '../server/performance/listing';
import { BENCH } from '../server/seed/bench';
import { treeMemory, type RunningServer } from './serverProcess';
import { apiBesideSql, printTable, runAsCommand, SLICES, verdict, withBench, type BenchOptions } from './measure';

const MB = 1024 * 1024;

/** Resident memory of a process, in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024;
}

/** The server's own node process: the largest node process in its tree. */
function serverPid(server: RunningServer): number {
  return treeMemory(server.child.pid!)
    .filter((p) => p.name === 'node' || p.name.startsWith('MainThread'))
    .sort((a, b) => b.rssKb - a.rssKb)[0].pid;
}

/** The last full month in Asia/Shanghai: from its first to its last day. */
function lastMonth(): { from: string; to: string } {
  const now = new Date(Date.now() + 8 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

async function benchExport(serverUrl: string, token: string, pid: number) {
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 5);
  const t0 = performance.now();
  // Only the finance bench's 100,000 records: their order numbers carry dashes, the reports' million ("B000000001") do not.
  const res = await fetch(`${serverUrl}${API.resourceBase}/performance-records/export?q=-`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`导出失败：HTTP ${res.status}`);
  const reader = res.body!.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - t0;
    bytes += value.length;
  }
  const totalMs = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  return { firstByteMs, totalMs, bytes, growth: peak - baseline };
}

export async function benchFinance(opts: BenchOptions = {}): Promise<boolean> {
  const ran = await withBench({ phone: BENCH.financePhone, ...opts }, 20, async (ctx) => {
    const { database } = ctx;
    const [{ records }] = (await database.pool.query<{ records: number }>(`select count(*)::int as records from performance_records`)).rows;
    if (records < BENCH.performanceRecords) {
      console.log(`未找到业绩压测数据（${records} 条业绩记录）。请在空数据库上运行 npm run seed:bench。`);
      return false;
    }
    if (ctx.server && process.env.BENCH_FINANCE_EXPORT !== '0') {
      const pid = serverPid(ctx.server);
      // A first, unmeasured export warms the code paths, as the list is warmed below.
      await benchExport(ctx.serverUrl, ctx.token, pid);
      const ex = await benchExport(ctx.serverUrl, ctx.token, pid);
      const [audit] = (
        await database.pool.query<{ summary: string }>(`select summary from audit_logs where action = 'export' order by id desc limit 1`)
      ).rows;
      const exported = JSON.parse(audit.summary).rows as number;
      console.log(
        `导出 ${exported} 条业绩记录（${(ex.bytes / MB).toFixed(1)} MB .xlsx）：首字节 ${ex.firstByteMs.toFixed(0)} ms（目标 < 1000 ms，${verdict(ex.firstByteMs < 1000)}），` +
          `全部 ${ex.totalMs.toFixed(0)} ms（目标 < 5000 ms，${verdict(ex.totalMs < 5000)}），服务器内存峰值增长 ${(ex.growth / MB).toFixed(1)} MB` +
          `（目标 < 100 MB，${verdict(ex.growth < 100 * MB)}）`,
      );
    }

    const month = lastMonth();
    const query = { shopId: String(ctx.shopId), from: month.from, to: month.to, _start: '0', _end: '10' };
    const url = `${API.resourceBase}/performance-records?${new URLSearchParams(query)}`;
    const statements = performanceListStatements(database.db, ctx.session, performanceList.listQuery.parse(query));
    const rowsSql = statementOf(statements.rows, statements.names.rows, statements.values);
    const totalSql = statementOf(statements.total, statements.names.total, statements.values);
    const total = Object.values((await ctx.sqlPool.query(totalSql)).rows[0])[0];
    const direct = async () => {
      const rows = await ctx.sqlPool.query(rowsSql);
      if (rows.rowCount === 0) await ctx.sqlPool.query(totalSql);
      return rows.rowCount !== null;
    };
    console.log(
      `审核列表：门店 ID ${ctx.shopId}，${month.from} 至 ${month.to}（${total} 条），每页 10 条（列表页默认），${ctx.connections} 个并发连接，每种方式` +
        ` ${ctx.durationMs / 1000} 秒（交替 ${SLICES} 段）`,
    );
    const [a, s] = await apiBesideSql(ctx, '审核列表（一店一月）', () => ctx.get(url), direct);
    printTable([a, s]);
    const share = a.rps / s.rps;
    console.log(
      `目标 ≥ 60% 直接 SQL 速率且 p99 < 100 ms：${(share * 100).toFixed(0)}%，p99 ${a.p99Ms.toFixed(1)} ms ——` +
        ` ${verdict(share >= 0.6 && a.p99Ms < 100 && a.errors === 0)}`,
    );
    return true;
  });
  return ran === true;
}

runAsCommand(import.meta, () => benchFinance());
