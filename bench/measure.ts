/**
 * What the load benches share (bench/customers.ts, bench/appointments.ts): the seeded database, a
 * server on it logged in as the bench shop's manager, closed-loop load with latency percentiles, and
 * the HTTP API measured beside the same SQL run directly, in turns, with the CPU each side spent.
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
import type { SessionContext } from '../server/auth/sessionGuard';
import { BENCH } from '../server/seed/bench';
import { builtServer, children, startServer, type RunningServer } from './serverProcess';
import { HttpLoad } from './httpLoad';

export interface BenchOptions {
  databaseUrl?: string;
  serverUrl?: string;
  phone?: string;
  password?: string;
  connections?: number;
  durationMs?: number;
  /** Upper bound on requests per run, whatever the duration. */
  maxRequests?: number;
}

/** CPU milliseconds per request, by who spent them. */
export interface CpuPerRequest {
  /** The server's node processes (absent when the bench did not start the server). */
  server: number;
  /** Of `server`, the time spent in the kernel (socket reads and writes, wake-ups). */
  serverKernel: number;
  /** PostgreSQL's processes (absent when the bench did not start the database). */
  postgres: number;
  /** This process: the load generator (and the direct SQL client). */
  generator: number;
}

export interface BenchResult {
  scenario: string;
  via: 'HTTP API' | 'SQL';
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  cpu?: CpuPerRequest;
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
/** The two sides alternate this many times within their S seconds each. */
export const SLICES = 5;

/**
 * A closed loop: `connections` workers each send the next request as soon as the last one answered,
 * until the time is up or maxRequests have been sent.
 */
export async function closedLoop(
  connections: number,
  durationMs: number,
  maxRequests: number,
  once: () => Promise<boolean>,
): Promise<LoadRun> {
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

export const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;

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
  const res = await fetch(`${serverUrl}${API.loginPassword}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`压测账号 ${phone} 登录失败：${body.msg}`);
  return body.data.token;
}

/** The database: the given URL, or the embedded one under DATA_DIR when it exists. */
export async function openBenchDatabase(
  url: string | undefined,
): Promise<{ database: Database; url: string; close(): Promise<void> } | undefined> {
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

/** /proc counts CPU in clock ticks: 100 a second on Linux (getconf CLK_TCK). */
const TICK_MS = 1000 / 100;

/**
 * CPU milliseconds spent so far by the processes this one started (the server it spawned, the
 * embedded PostgreSQL and its backends), by kind, and by this process itself. Read from /proc, so
 * the figures do not depend on how busy the shared machine is.
 */
export function cpuSoFar(): CpuPerRequest {
  const own = process.cpuUsage();
  const total: CpuPerRequest = { server: 0, serverKernel: 0, postgres: 0, generator: (own.user + own.system) / 1000 };
  const queue = children(process.pid);
  while (queue.length) {
    const pid = queue.shift()!;
    queue.push(...children(pid));
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [utime, stime] = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .slice(11, 13)
        .map(Number);
      const ms = (utime + stime) * TICK_MS;
      if (name.startsWith('postgres')) total.postgres += ms;
      else if (name === 'node' || name === 'MainThread') {
        total.server += ms;
        total.serverKernel += stime * TICK_MS;
      }
    } catch {
      /* the process ended while we looked */
    }
  }
  return total;
}

/** "6.2 · 8.1 · 0.7": CPU milliseconds of the server, PostgreSQL and the load generator between two readings, per `count` (a paid order). */
export function cpuPerText(before: CpuPerRequest, after: CpuPerRequest, count: number): string {
  const per = (k: 'server' | 'postgres' | 'generator') => ((after[k] - before[k]) / Math.max(1, count)).toFixed(1);
  return `${per('server')} · ${per('postgres')} · ${per('generator')}`;
}

/** A bench run's setting: the database, the server, the account's session and the load's size. */
export interface BenchContext {
  database: Database;
  /** The account's shop; for an account of no shop (finance), the first bench shop. */
  shopId: number;
  /** The session the server builds for the account; scope is all the list SQL depends on. */
  session: SessionContext;
  serverUrl: string;
  /** The server the bench started (absent for BENCH_SERVER_URL). */
  server?: RunningServer;
  token: string;
  /** Keep-alive GETs over `connections` connections; success is HTTP 200 with envelope code 0. */
  get(path: string): Promise<boolean>;
  /** A pool of `connections` for the direct SQL side. */
  sqlPool: pg.Pool;
  connections: number;
  durationMs: number;
  maxRequests: number;
}

/**
 * Opens the seeded database, starts a server on it (unless BENCH_SERVER_URL names one), logs in as
 * the bench manager (or the account `phone` names) and runs `bench`; always cleans up. Answers
 * undefined, having said why, when there is no bench data. BENCH_SERVER_NODE_ARGS are flags for the
 * server's node only (e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`).
 */
export async function withBench<T>(
  opts: BenchOptions,
  defaultConnections: number,
  bench: (ctx: BenchContext) => Promise<T>,
): Promise<T | undefined> {
  const env = process.env;
  const phone = opts.phone ?? env.BENCH_PHONE ?? BENCH.managerPhone;
  const password = opts.password ?? env.BENCH_PASSWORD ?? BENCH.managerPassword;
  const connections = opts.connections ?? Number(env.BENCH_CONNECTIONS ?? defaultConnections);
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
  // pg's end() resolves before its sockets close: a client PostgreSQL terminates at shutdown then errors on the pool.
  sqlPool.on('error', () => {});
  let load: HttpLoad | undefined;
  try {
    // A manager acts for its shop; finance for none, and the bench's lists then read the first bench shop.
    const [grant] = (
      await db.database.pool.query<{ accountId: number; role: SessionContext['role']; shopId: number | null; firstShopId: number | null }>(
        `select a.id as "accountId", g.role, g.shop_id as "shopId",
           (select id from shops where name like $2 order by id limit 1) as "firstShopId"
         from accounts a join account_grants g on g.account_id = a.id
         where a.phone = $1 order by g.role = 'shop-manager' desc, g.id limit 1`,
        [phone, `${BENCH.shopPrefix}%`],
      )
    ).rows;
    const shopId = grant?.shopId ?? grant?.firstShopId;
    if (!grant || shopId == null) {
      console.log(`未找到压测数据（账号 ${phone}）。请先运行 npm run seed:bench。`);
      return undefined;
    }
    let serverUrl = givenServer?.replace(/\/$/, '');
    if (!serverUrl) {
      const port = await freePort();
      serverUrl = `http://127.0.0.1:${port}`;
      const [command, args] = builtServer();
      server = await startServer(
        command,
        args,
        { DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        `${serverUrl}${API.userInfo}`,
      );
    }
    const token = await login(serverUrl, phone, password);
    const http = (load = new HttpLoad(new URL(serverUrl), { authorization: `Bearer ${token}` }, connections));
    return await bench({
      database: db.database,
      shopId,
      session: { sessionId: 0, accountId: grant.accountId, accountName: '', role: grant.role, shopId: grant.shopId, shopName: null },
      serverUrl,
      server,
      token,
      get: (p) => http.get(p, '{"code":0'),
      sqlPool,
      connections,
      durationMs,
      maxRequests,
    });
  } finally {
    load?.close();
    await sqlPool.end().catch(() => {});
    await server?.stop();
    await db.close();
  }
}

/**
 * One scenario through the HTTP API and as direct SQL: both warmed, then measured in SLICES turns
 * each, so a slower spell of the shared machine falls on both alike; with the CPU per request each
 * side cost the server, PostgreSQL and the load generator.
 */
export async function apiBesideSql(
  ctx: BenchContext,
  scenario: string,
  api: () => Promise<boolean>,
  direct: () => Promise<boolean>,
): Promise<[BenchResult, BenchResult]> {
  const { connections, durationMs, maxRequests } = ctx;
  await closedLoop(connections, WARM_MS, 50_000, api);
  await closedLoop(connections, WARM_MS, 50_000, direct);
  const sides = [
    { via: 'HTTP API' as const, once: api, runs: [] as LoadRun[], cpu: { server: 0, serverKernel: 0, postgres: 0, generator: 0 } },
    { via: 'SQL' as const, once: direct, runs: [] as LoadRun[], cpu: { server: 0, serverKernel: 0, postgres: 0, generator: 0 } },
  ];
  for (let i = 0; i < SLICES; i++) {
    for (const side of sides) {
      const before = cpuSoFar();
      side.runs.push(await closedLoop(connections, durationMs / SLICES, Math.ceil(maxRequests / SLICES), side.once));
      const after = cpuSoFar();
      for (const k of ['server', 'serverKernel', 'postgres', 'generator'] as const) side.cpu[k] += after[k] - before[k];
    }
  }
  return sides.map((side) => {
    const result = summarize(scenario, side.via, joined(side.runs));
    const per = (ms: number) => ms / Math.max(1, result.requests);
    return {
      ...result,
      cpu: {
        server: per(side.cpu.server),
        serverKernel: per(side.cpu.serverKernel),
        postgres: per(side.cpu.postgres),
        generator: per(side.cpu.generator),
      },
    };
  }) as [BenchResult, BenchResult];
}

export function printTable(results: BenchResult[]): void {
  const ms = (n: number | undefined) => (n === undefined ? '' : Number(n.toFixed(3)));
  console.table(
    results.map((r) => ({
      场景: r.scenario,
      方式: r.via,
      请求数: r.requests,
      错误: r.errors,
      每秒请求: Math.round(r.rps),
      'p50 (ms)': Number(r.p50Ms.toFixed(2)),
      'p99 (ms)': Number(r.p99Ms.toFixed(2)),
      // CPU per request, which a busy shared machine does not change as much as it changes latency.
      'CPU 服务器 (ms/次)': ms(r.cpu?.server),
      其中内核: ms(r.cpu?.serverKernel),
      'CPU PostgreSQL (ms/次)': ms(r.cpu?.postgres),
      'CPU 压测端 (ms/次)': ms(r.cpu?.generator),
    })),
  );
}

export const verdict = (ok: boolean) => (ok ? '达标' : '未达标');

/** Runs `main` when this module is the command (`npx tsx bench/<file>.ts`), exiting 1 on no data or failure. */
export function runAsCommand(meta: ImportMeta, main: () => Promise<unknown>): void {
  if (!process.argv[1] || meta.url !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  main().then(
    (r) => process.exit(r ? 0 : 1),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
