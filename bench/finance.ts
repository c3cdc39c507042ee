/**
 * Issue 13 "Speed", against the data of `npm run seed:bench` (100,000 performance records):
 *  1. GET performance-records/export of all 100,000 records as financial staff: time to the first
 *     byte, total time, and the server's peak memory growth while it streams (targets: < 1 s, < 5 s,
 *     < 100 MB);
 *  2. the review list filtered to one shop and one month at 20 concurrent connections, beside the
 *     route's own SQL run directly (targets: at least 60% of the direct rate, p99 under 100 ms).
 *
 *   npx tsx bench/finance.ts
 * Environment (all optional): BENCH_DATABASE_URL or DATABASE_URL, else the embedded one under
 * DATA_DIR; BENCH_CONNECTIONS (20), BENCH_SECONDS (10).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { API } from '../contract/api';
import { freePort } from '../server/db/embedded';
import { statementOf } from '../server/db/list/preparedList';
import { performanceList, performanceListStatements } from '../server/performance/listing';
import type { SessionContext } from '../server/auth/sessionGuard';
import { BENCH } from '../server/seed/bench';
import { startServer, treeMemory, type RunningServer } from './serverProcess';
import { HttpLoad } from './httpLoad';
import { closedLoop, joined, login, openBenchDatabase, SLICES, summarize, WARM_MS, type LoadRun } from './measure';

const MB = 1024 * 1024;

/** Resident memory of a process, in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024;
}

/** The server's own node process: the largest node process under the launcher (npx and tsx are small). */
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
  const res = await fetch(`${serverUrl}${API.resourceBase}/performance-records/export?q=-`, { headers: { authorization: `Bearer ${token}` } });
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

export async function benchFinance(): Promise<boolean> {
  const env = process.env;
  const connections = Number(env.BENCH_CONNECTIONS ?? 20);
  const durationMs = Number(env.BENCH_SECONDS ?? 10) * 1000;
  const db = await openBenchDatabase(env.BENCH_DATABASE_URL ?? env.DATABASE_URL);
  if (!db) return false;
  let server: RunningServer | undefined;
  let load: HttpLoad | undefined;
  const sqlPool = new pg.Pool({ connectionString: db.url, max: connections });
  try {
    const [finance] = (await db.database.pool.query<{ id: number }>(`select id from accounts where phone = $1`, [BENCH.financePhone])).rows;
    const [{ records }] = (await db.database.pool.query<{ records: number }>(`select count(*)::int as records from performance_records`)).rows;
    if (!finance || records < BENCH.performanceRecords) {
      console.log(`未找到业绩压测数据（财务账号 ${BENCH.financePhone}，${records} 条业绩记录）。请在空数据库上运行 npm run seed:bench。`);
      return false;
    }
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    server = await startServer('npx', ['tsx', 'server/main.ts'], { DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, `${serverUrl}${API.userInfo}`);
    const token = await login(serverUrl, BENCH.financePhone, BENCH.managerPassword);
    const pid = serverPid(server);

    // A first, unmeasured export warms the code paths, as the list is warmed below.
    await benchExport(serverUrl, token, pid);
    const ex = await benchExport(serverUrl, token, pid);
    const [audit] = (await db.database.pool.query<{ summary: string }>(`select summary from audit_logs where action = 'export' order by id desc limit 1`)).rows;
    const exported = JSON.parse(audit.summary).rows as number;
    const verdict = (ok: boolean) => (ok ? '达标' : '未达标');
    console.log(`导出 ${exported} 条业绩记录（${(ex.bytes / MB).toFixed(1)} MB .xlsx）：首字节 ${ex.firstByteMs.toFixed(0)} ms（目标 < 1000 ms，${verdict(ex.firstByteMs < 1000)}），` +
      `全部 ${ex.totalMs.toFixed(0)} ms（目标 < 5000 ms，${verdict(ex.totalMs < 5000)}），服务器内存峰值增长 ${(ex.growth / MB).toFixed(1)} MB（目标 < 100 MB，${verdict(ex.growth < 100 * MB)}）`);

    const [{ shopId }] = (await db.database.pool.query<{ shopId: number }>(`select id as "shopId" from shops where name like $1 order by id limit 1`, [`${BENCH.shopPrefix}%`])).rows;
    const month = lastMonth();
    const query = { shopId: String(shopId), from: month.from, to: month.to, _start: '0', _end: '10' };
    const url = `${API.resourceBase}/performance-records?${new URLSearchParams(query)}`;
    const session: SessionContext = { sessionId: 0, accountId: finance.id, accountName: '', role: 'financial-staff', shopId: null, shopName: null };
    const statements = performanceListStatements(db.database.db, session, performanceList.listQuery.parse(query));
    const rowsSql = statementOf(statements.rows, statements.names.rows, statements.values);
    const totalSql = statementOf(statements.total, statements.names.total, statements.values);
    const total = Object.values((await sqlPool.query(totalSql)).rows[0])[0];
    const http = (load = new HttpLoad(new URL(serverUrl), { authorization: `Bearer ${token}` }, connections));
    const get = () => http.get(url, '{"code":0');
    const direct = async () => {
      const rows = await sqlPool.query(rowsSql);
      if (rows.rowCount === 0) await sqlPool.query(totalSql);
      return rows.rowCount !== null;
    };
    console.log(`审核列表：门店 ID ${shopId}，${month.from} 至 ${month.to}（${total} 条），每页 10 条（列表页默认），${connections} 个并发连接，每种方式 ${durationMs / 1000} 秒（交替 ${SLICES} 段）`);
    await closedLoop(connections, WARM_MS, 50_000, get);
    await closedLoop(connections, WARM_MS, 50_000, direct);
    const api: LoadRun[] = [];
    const sql: LoadRun[] = [];
    for (let i = 0; i < SLICES; i++) {
      api.push(await closedLoop(connections, durationMs / SLICES, 400_000, get));
      sql.push(await closedLoop(connections, durationMs / SLICES, 400_000, direct));
    }
    const [a, s] = [summarize('审核列表（一店一月）', 'HTTP API', joined(api)), summarize('审核列表（一店一月）', 'SQL', joined(sql))];
    console.table([a, s].map((r) => ({ 方式: r.via, 请求数: r.requests, 错误: r.errors, 每秒请求: Math.round(r.rps), 'p50 (ms)': Number(r.p50Ms.toFixed(2)), 'p99 (ms)': Number(r.p99Ms.toFixed(2)) })));
    const share = a.rps / s.rps;
    console.log(`目标 ≥ 60% 直接 SQL 速率且 p99 < 100 ms：${(share * 100).toFixed(0)}%，p99 ${a.p99Ms.toFixed(1)} ms —— ${verdict(share >= 0.6 && a.p99Ms < 100 && a.errors === 0)}`);
    return true;
  } finally {
    load?.close();
    await sqlPool.end().catch(() => {});
    await server?.stop();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchFinance().then(
    (ok) => process.exit(ok ? 0 : 1),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
