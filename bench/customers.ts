/**
 * The customers list under load, against the data of `npm run seed:bench`.
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
import { API } from '../contract/api';
import { customerListStatements } from '../server/routes/customers';
import { statementOf } from '../server/db/list/preparedList';
import { apiBesideSql, printTable, runAsCommand, verdict, withBench, SLICES, type BenchOptions, type BenchResult } from './measure';

export async function benchCustomers(opts: BenchOptions = {}): Promise<BenchResult[] | undefined> {
  return withBench(opts, 50, async (ctx) => {
    const [{ total, last4 }] = (
      await ctx.database.pool.query<{ total: number; last4: string }>(
        `select count(*)::int as total, (select right(phone, 4) from customers where shop_id = $1 order by id limit 1) as last4 from
          customers where shop_id = $1`,
        [ctx.shopId],
      )
    ).rows;
    const sorted = { _sort: 'createdAt', _order: 'desc' };
    const scenarios: [string, Record<string, string>][] = [
      ['第 1 页（按创建时间倒序）', { _start: '0', _end: '10', ...sorted }],
      ['第 200 页（_start=1990）', { _start: '1990', _end: '2000', ...sorted }],
      [`手机尾号 ${last4} 搜索`, { q: last4, _start: '0', _end: '10', ...sorted }],
    ];
    console.log(
      `门店 ID ${ctx.shopId}（${total} 位客户），${ctx.connections} 个并发连接，每项 ${ctx.durationMs / 1000} 秒（两种方式交替，各 ${SLICES} 段），服务器 ${ctx.serverUrl}`,
    );

    const results: BenchResult[] = [];
    for (const [name, query] of scenarios) {
      const url = `${API.resourceBase}/customers?${new URLSearchParams(query)}`;
      const statements = customerListStatements(ctx.database.db, ctx.session, query);
      // The route's own prepared statements under their own names, so PostgreSQL plans them once per connection here too.
      const rowsSql = statementOf(statements.rows, statements.names.rows, statements.values);
      const totalSql = statementOf(statements.total, statements.names.total, statements.values);
      // As the route does: the page with its total, and a separate count only for a page past the end.
      const direct = async () => {
        const rows = await ctx.sqlPool.query(rowsSql);
        if (rows.rowCount === 0) await ctx.sqlPool.query(totalSql);
        return rows.rowCount !== null;
      };
      results.push(...(await apiBesideSql(ctx, name, () => ctx.get(url), direct)));
    }
    printResults(results);
    return results;
  });
}

function printResults(results: BenchResult[]): void {
  printTable(results);
  const pairs = new Map<string, { api?: BenchResult; sql?: BenchResult }>();
  for (const r of results) pairs.set(r.scenario, { ...pairs.get(r.scenario), [r.via === 'SQL' ? 'sql' : 'api']: r });
  const [page1, , last4] = [...pairs.values()];
  for (const [name, { api, sql }] of pairs)
    console.log(`${name}：HTTP API 达到直接 SQL 速率的 ${((api!.rps / sql!.rps) * 100).toFixed(0)}%`);
  const share = page1.api!.rps / page1.sql!.rps;
  console.log(
    `目标 第 1 页 ≥ 60% 直接 SQL 速率且 p99 < 100 ms：${(share * 100).toFixed(0)}%，p99 ${page1.api!.p99Ms.toFixed(1)} ms ——` +
      ` ${verdict(share >= 0.6 && page1.api!.p99Ms < 100)}`,
  );
  console.log(`目标 尾号搜索 p50 < 50 ms：${last4.api!.p50Ms.toFixed(1)} ms —— ${verdict(last4.api!.p50Ms < 50)}`);
}

runAsCommand(import.meta, () => benchCustomers());
