/**
 * The customers list under load (issue 4 "Scale and speed"), against the data of `npm run seed:bench`.
 *
 * For one shop's list, as that shop's manager (page 1 and page 200 sorted by created date, and a q
 * search by the last four phone digits) it measures requests per second and p50/p99 latency with
 * N concurrent connections for S seconds through the HTTP API, and beside it the very same SQL run
 * directly against PostgreSQL with the same concurrency, so the figures show what the server adds.
 * The two sides take turns in slices of S/5 seconds, so a slower spell of the shared machine falls
 * on both alike instead of on whichever ran during it.
 *
 *   npx tsx bench/customers.ts
 * Environment (all optional):
 *   BENCH_DATABASE_URL or DATABASE_URL  the seeded database; otherwise the embedded one under DATA_DIR (./data)
 *   BENCH_SERVER_URL                    a running server on this machine; otherwise one is started on that database
 *   BENCH_PHONE, BENCH_PASSWORD         the shop-manager to log in as (default: the bench manager of seed:bench)
 *   BENCH_CONNECTIONS (50), BENCH_SECONDS (10)
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { API } from '../contract/api';
import { loadConfig } from '../server/config';
import { connect, type Database } from '../server/db/client';
import { openDatabase } from '../server/db/open';
import { freePort, DataDirInUseError } from '../server/db/embedded';
import { customerListStatements } from '../server/routes/customers';
import { statementOf } from '../server/db/list/preparedList';
import type { SessionContext } from '../server/auth/sessionGuard';
import { BENCH } from '../server/seed/bench';
import { startServer, type RunningServer } from './serverProcess';
import { HttpLoad } from './httpLoad';

export interface BenchCustomersOptions {
  databaseUrl?: string;
  serverUrl?: string;
  phone?: string;
  password?: string;
  connections?: number;
  durationMs?: number;
  /** Upper bound on requests per run, whatever the duration. */
  maxRequests?: number;
}

export interface BenchResult {
  scenario: string;
  via: 'HTTP API' | 'SQL';
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LoadRun {
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: Float64Array;
}

/** Long enough for V8 to optimise the hot paths and every pooled connection to prepare its statements. */
export const WARM_MS = Number(process.env.BENCH_WARM_MS ?? 3000);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A closed loop: `connections` workers each send the next request as soon as the last one answered,
 * until the time is up or maxRequests have been sent.
 */
export async function closedLoop(connections: number, durationMs: number, maxRequests: number, once: () => Promise<boolean>): Promise<LoadRun> {
  const latencies = new Float64Array(maxRequests);
  let sent = 0;
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + durationMs;
  const worker = async () => {
    while (sent < maxRequests && performance.now() < deadline) {
      const i = sent++;
      const start = performance.now();
      const ok = await once().catch(() => false);
      latencies[i] = performance.now() - start;
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return { requests: sent, errors, seconds, latenciesMs: latencies.slice(0, sent).sort() };
}

/** The two sides alternate this many times within their S seconds each. */
export const SLICES = 5;

/** One run made of the slices measured for one side. */
export function joined(runs: LoadRun[]): LoadRun {
  const latencies = new Float64Array(runs.reduce((n, r) => n + r.latenciesMs.length, 0));
  let at = 0;
  for (const r of runs) {
    latencies.set(r.latenciesMs, at);
    at += r.latenciesMs.length;
  }
  const sum = (k: 'requests' | 'errors' | 'seconds') => runs.reduce((n, r) => n + r[k], 0);
  return { requests: sum('requests'), errors: sum('errors'), seconds: sum('seconds'), latenciesMs: latencies.sort() };
}

export const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

export function summarize(scenario: string, via: BenchResult['via'], run: LoadRun): BenchResult {
  return {
    scenario,
    via,
    requests: run.requests,
    errors: run.errors,
    rps: run.requests / run.seconds,
    p50Ms: percentile(run.latenciesMs, 0.5),
    p99Ms: percentile(run.latenciesMs, 0.99),
  };
}

export async function login(serverUrl: string, phone: string, password: string): Promise<string> {
  const res = await fetch(`${serverUrl}${API.loginPassword}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password }) });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`压测账号 ${phone} 登录失败：${body.msg}`);
  return body.data.token;
}

/** The database: the given URL, or the embedded one under DATA_DIR when it exists. */
export async function openBenchDatabase(url: string | undefined): Promise<{ database: Database; url: string; close(): Promise<void> } | undefined> {
  if (url) {
    const database = connect(url, 2);
    return { database, url, close: () => database.close() };
  }
  const config = loadConfig();
  if (!fs.existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    console.log(`未找到数据库：没有设置 DATABASE_URL，${config.dataDir} 下也没有内置数据库。请先运行 npm run seed:bench。`);
    return undefined;
  }
  try {
    const opened = await openDatabase(config);
    return { database: opened.database, url: opened.embedded!.url, close: opened.close };
  } catch (e) {
    if (e instanceof DataDirInUseError) {
      console.log(`${e.message}（压测需要独占该数据库，或用 BENCH_DATABASE_URL / BENCH_SERVER_URL 指定）`);
      return undefined;
    }
    throw e;
  }
}

export async function benchCustomers(opts: BenchCustomersOptions = {}): Promise<BenchResult[] | undefined> {
  const env = process.env;
  const phone = opts.phone ?? env.BENCH_PHONE ?? BENCH.managerPhone;
  const password = opts.password ?? env.BENCH_PASSWORD ?? BENCH.managerPassword;
  const connections = opts.connections ?? Number(env.BENCH_CONNECTIONS ?? 50);
  const durationMs = opts.durationMs ?? Number(env.BENCH_SECONDS ?? 10) * 1000;
  const maxRequests = opts.maxRequests ?? 2_000_000;
  const givenServer = opts.serverUrl ?? env.BENCH_SERVER_URL;
  if (givenServer && !LOCAL_HOSTS.has(new URL(givenServer).host.replace(/:\d+$/, ''))) {
    throw new Error(`只对本机压测：${givenServer} 不是 127.0.0.1 / localhost`);
  }

  const db = await openBenchDatabase(opts.databaseUrl ?? env.BENCH_DATABASE_URL ?? env.DATABASE_URL);
  if (!db) return undefined;
  let server: RunningServer | undefined;
  const sqlPool = new pg.Pool({ connectionString: db.url, max: connections });
  let load: HttpLoad | undefined;
  try {
    const [grant] = (
      await db.database.pool.query<{ accountId: number; shopId: number }>(
        `select a.id as "accountId", g.shop_id as "shopId" from accounts a join account_grants g on g.account_id = a.id
         where a.phone = $1 and g.role = 'shop-manager' order by g.id limit 1`,
        [phone],
      )
    ).rows;
    if (!grant) {
      console.log(`未找到压测数据（店长账号 ${phone}）。请先运行 npm run seed:bench。`);
      return undefined;
    }
    const [{ total, last4 }] = (
      await db.database.pool.query<{ total: number; last4: string }>(
        `select count(*)::int as total, (select right(phone, 4) from customers where shop_id = $1 order by id limit 1) as last4 from customers where shop_id = $1`,
        [grant.shopId],
      )
    ).rows;

    let serverUrl = givenServer?.replace(/\/$/, '');
    if (!serverUrl) {
      const port = await freePort();
      serverUrl = `http://127.0.0.1:${port}`;
      server = await startServer('npx', ['tsx', 'server/main.ts'], { DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, `${serverUrl}${API.userInfo}`);
    }
    const token = await login(serverUrl, phone, password);
    const http = (load = new HttpLoad(new URL(serverUrl), { authorization: `Bearer ${token}` }, connections));
    // Success is HTTP 200 with envelope code 0.
    const get = (path: string) => http.get(path, '{"code":0');
    // The session the server builds for this manager; scope is all the SQL depends on.
    const session: SessionContext = { sessionId: 0, accountId: grant.accountId, accountName: '', role: 'shop-manager', shopId: grant.shopId, shopName: null };

    const sorted = { _sort: 'createdAt', _order: 'desc' };
    const scenarios: [string, Record<string, string>][] = [
      ['第 1 页（按创建时间倒序）', { _start: '0', _end: '10', ...sorted }],
      ['第 200 页（_start=1990）', { _start: '1990', _end: '2000', ...sorted }],
      [`手机尾号 ${last4} 搜索`, { q: last4, _start: '0', _end: '10', ...sorted }],
    ];
    console.log(`门店 ID ${grant.shopId}（${total} 位客户），${connections} 个并发连接，每项 ${durationMs / 1000} 秒（两种方式交替，各 ${SLICES} 段），服务器 ${serverUrl}`);

    const results: BenchResult[] = [];
    for (const [name, query] of scenarios) {
      const url = `${API.resourceBase}/customers?${new URLSearchParams(query)}`;
      const statements = customerListStatements(db.database.db, session, query);
      // The route's own prepared statements under their own names, so PostgreSQL plans them once per connection here too.
      const rowsSql = statementOf(statements.rows, statements.names.rows, statements.values);
      const totalSql = statementOf(statements.total, statements.names.total, statements.values);
      // As the route does: the page with its total, and a separate count only for a page past the end.
      const direct = async () => {
        const rows = await sqlPool.query(rowsSql);
        if (rows.rowCount === 0) await sqlPool.query(totalSql);
        return rows.rowCount !== null;
      };
      // Warm both paths (JIT, plan and buffer caches) before measuring.
      await closedLoop(connections, WARM_MS, 50_000, () => get(url));
      await closedLoop(connections, WARM_MS, 50_000, direct);
      const api: LoadRun[] = [];
      const sql: LoadRun[] = [];
      for (let i = 0; i < SLICES; i++) {
        api.push(await closedLoop(connections, durationMs / SLICES, Math.ceil(maxRequests / SLICES), () => get(url)));
        sql.push(await closedLoop(connections, durationMs / SLICES, Math.ceil(maxRequests / SLICES), direct));
      }
      results.push(summarize(name, 'HTTP API', joined(api)));
      results.push(summarize(name, 'SQL', joined(sql)));
    }
    printResults(results);
    return results;
  } finally {
    load?.close();
    await sqlPool.end().catch(() => {});
    await server?.stop();
    await db.close();
  }
}

function printResults(results: BenchResult[]): void {
  console.table(
    results.map((r) => ({
      场景: r.scenario,
      方式: r.via,
      请求数: r.requests,
      错误: r.errors,
      '每秒请求': Math.round(r.rps),
      'p50 (ms)': Number(r.p50Ms.toFixed(2)),
      'p99 (ms)': Number(r.p99Ms.toFixed(2)),
    })),
  );
  const pairs = new Map<string, { api?: BenchResult; sql?: BenchResult }>();
  for (const r of results) pairs.set(r.scenario, { ...pairs.get(r.scenario), [r.via === 'SQL' ? 'sql' : 'api']: r });
  const [page1, , last4] = [...pairs.values()];
  for (const [name, { api, sql }] of pairs) console.log(`${name}：HTTP API 达到直接 SQL 速率的 ${((api!.rps / sql!.rps) * 100).toFixed(0)}%`);
  const share = page1.api!.rps / page1.sql!.rps;
  const verdict = (ok: boolean) => (ok ? '达标' : '未达标');
  console.log(`目标 第 1 页 ≥ 60% 直接 SQL 速率且 p99 < 100 ms：${(share * 100).toFixed(0)}%，p99 ${page1.api!.p99Ms.toFixed(1)} ms —— ${verdict(share >= 0.6 && page1.api!.p99Ms < 100)}`);
  console.log(`目标 尾号搜索 p50 < 50 ms：${last4.api!.p50Ms.toFixed(1)} ms —— ${verdict(last4.api!.p50Ms < 50)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchCustomers().then(
    (r) => process.exit(r ? 0 : 1),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
