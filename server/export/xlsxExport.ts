import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../db/client';
import { audit } from '../audit/audit';
import { sessionOf } from '../auth/sessionGuard';
import { listConditions, type Resource } from '../http/resource';
import { invalid, tooMany } from '../http/errors';
import type { ListRequest } from '../http/listRequest';
import { periodOf } from '../db/list/dayRange';
import { SHEET_MAX_ROWS, XlsxSheetWriter } from './xlsxSheetWriter';
import type { FilterField } from '../../contract/resource';

/**
 * One column of a spreadsheet export. `yuan` takes integer fen and writes yuan as a number shown
 * 0.00 (`percent` likewise turns basis points into percent); `time` writes an instant as an Asia/Shanghai date-time cell; `day` a date column as
 * a date cell; `labels` writes a code's Chinese label; `shop` writes a shop id's name, from the shops
 * read once in the export's own snapshot (a subquery per row cost PostgreSQL a third of the export); a function writes what it makes of the value
 * (a JSON column as one line of text).
 */
interface ExportColumn {
  header: string;
  value: SQL | PgColumn;
  format?: 'yuan' | 'percent' | 'time' | 'day' | 'shop' | { labels: Readonly<Record<string, string>> } | ((value: unknown) => string);
  width?: number;
}

/**
 * A list's spreadsheet: its title (the sheet's name and the start of the file name: 业绩记录), its
 * columns, and the list filters that pick a state or kind, with their labels, named in the file name.
 */
export interface ExportSheet {
  title: string;
  columns: readonly ExportColumn[];
  states?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
/**
 * Exports running at once in this process. Each holds a pooled connection for its whole length, so
 * a few large ones must not take every connection the lists and the cashier need.
 */
const MAX_RUNNING = 2;
let running = 0;

/** Rows fetched from the cursor at a time: few enough to keep memory flat, many enough to keep round trips rare. */
const FETCH_ROWS = 2000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function selected(c: ExportColumn): SQL | PgColumn {
  if (c.format === 'time') return sql`to_char(${c.value} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
  if (c.format === 'day') return sql`${c.value}::text`;
  return c.value;
}

/** Columns whose integers are hundredths (fen, basis points), written divided by 100 and shown 0.00. */
const inHundredths = (c: ExportColumn) => c.format === 'yuan' || c.format === 'percent';

function cellValue(c: ExportColumn, v: unknown, shopNames: ReadonlyMap<number, string>): unknown {
  if (v === null || v === undefined) return null;
  if (c.format === 'shop') return shopNames.get(v as number) ?? v;
  if (inHundredths(c)) return Number(v) / 100;
  if (typeof c.format === 'function') return c.format(v);
  if (typeof c.format === 'object') return c.format.labels[v as string] ?? v;
  return v;
}

/** The query string as the client sent it, by name (a repeated name keeps all its values). */
function filtersOf(url: string): Record<string, string | string[]> {
  const params = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  return Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)!]));
}

/**
 * The file name names what was exported: 业绩记录_朝阳店_2026-11-01至2026-11-30_待审核.xlsx;
 * 全部门店 and 全部日期 when the list is not narrowed to one shop or a period; no state when none is picked.
 */
function exportFileName(sheet: ExportSheet, shopName: string | undefined, request: ListRequest): string {
  const { from, to } = periodOf(request.filters);
  const span = from && to ? `${from}至${to}` : from ? `${from}起` : to ? `截至${to}` : '全部日期';
  const states = request.filters
    .filter((f) => sheet.states?.[f.field])
    .map((f) => f.values.map((v) => sheet.states![f.field][String(v)] ?? String(v)).join('、'));
  return [sheet.title, shopName ?? '全部门店', span, ...states].join('_').replace(/[\\/:*?"<>|]/g, '-') + '.xlsx';
}

/** The one shop the export is narrowed to (the manager's own, or the shopId filter), by name. */
async function exportShopName(pool: pg.Pool, scopedShop: number | undefined, request: ListRequest): Promise<string | undefined> {
  const filtered = request.filters.find((f) => f.field === 'shopId' && f.values.length === 1)?.values[0];
  const shopId = scopedShop ?? (filtered === undefined ? undefined : Number(filtered));
  if (shopId === undefined) return undefined;
  const { rows } = await pool.query<{ name: string }>('select name from shops where id = $1', [shopId]);
  return rows[0]?.name;
}

/**
 * Refuses, before anything is written, an export with more rows than one sheet holds below its
 * header: one row past that many is looked for, unsorted, so the check stops early and sorts nothing.
 */
async function refuseOversized(db: Db, table: PgTable, where: SQL | undefined): Promise<void> {
  const beyond = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .offset(SHEET_MAX_ROWS - 1)
    .limit(1);
  if (beyond.length) throw invalid(`导出的记录超过 ${SHEET_MAX_ROWS - 1} 条，一张工作表放不下；请按门店、日期或状态缩小筛选范围后再导出`);
}

/** The header naming the file in Chinese (filename*), with a plain ASCII name for old clients. */
function contentDisposition(fileName: string, asciiName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a list as .xlsx while it is read: the rows the list's own request selects for this session
 * (scope, filters, order; paging ignored) come from a cursor in a read-only transaction in batches,
 * each batch written to the sheet as XML and deflated into the zip (yazl) that streams to the reply.
 * Only one batch is ever held; when the client reads slower than the database, the sheet's writes
 * (and so the fetching) wait for the reply to drain. The audit row (query string and row count) is
 * written before the file ends. An export larger than one sheet is refused (40000) before the reply starts.
 */
export async function sendListExport<T extends PgTable, F extends Record<string, FilterField>>(
  deps: { db: Db; pool: pg.Pool },
  req: FastifyRequest,
  reply: FastifyReply,
  res: Resource<T, F>,
  request: ListRequest,
  sheet: ExportSheet,
): Promise<FastifyReply> {
  const { db, pool } = deps;
  const session = sessionOf(req);
  const { where, orderBy } = listConditions(res, session, request);
  const entity = res.descriptor.name;
  const fields = Object.fromEntries(sheet.columns.map((c, i) => [`c${i}`, selected(c)]));
  const query = db
    .select(fields)
    .from(res.table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .toSQL();
  if (running >= MAX_RUNNING) throw tooMany('正在导出的文件较多，请稍后再试');
  // The place is taken before the checks below wait for the database, so a burst cannot pass the limit.
  running++;
  let fileName: string;
  try {
    await refuseOversized(db, res.table as PgTable, where);
    fileName = exportFileName(sheet, await exportShopName(pool, res.scopeValue?.(session), request), request);
  } catch (e) {
    running--;
    throw e;
  }
  const out = new PassThrough();
  let aborted = false;
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) aborted = true;
  });

  const write = async () => {
    const writer = new XlsxSheetWriter(
      out,
      sheet.title,
      sheet.columns.map((c) => ({
        header: c.header,
        width: c.width ?? 14,
        twoDecimals: inHundredths(c),
        date: c.format === 'time' ? ('time' as const) : c.format === 'day' ? ('date' as const) : undefined,
      })),
    );
    const client = await pool.connect();
    let rows = 0;
    try {
      await client.query('begin isolation level repeatable read read only');
      // The cursor is read to its end: plan for all of its rows, not the first tenth a cursor is planned for.
      await client.query('set local cursor_tuple_fraction = 1');
      const shops = await client.query<[number, string]>({ text: 'select id, name from shops', rowMode: 'array' });
      const shopNames = new Map(shops.rows);
      await client.query({ text: `declare export_rows no scroll cursor for ${query.sql}`, values: query.params });
      while (!aborted) {
        const batch = await client.query<unknown[]>({ text: `fetch ${FETCH_ROWS} from export_rows`, rowMode: 'array' });
        if (batch.rows.length === 0) break;
        await writer.addRows(batch.rows.map((r) => r.map((v, i) => cellValue(sheet.columns[i], v, shopNames))));
        rows += batch.rows.length;
      }
      await client.query('commit');
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
    if (aborted) return out.destroy();
    await audit(db, req, { action: 'export', entity, summary: JSON.stringify({ file: fileName, filters: filtersOf(req.url), rows }) });
    await writer.end();
  };
  write()
    .catch((e: unknown) => {
      req.log.error(e, 'export failed');
      out.destroy(e as Error);
    })
    .finally(() => running--);

  reply.header('content-type', XLSX_TYPE);
  reply.header('content-disposition', contentDisposition(fileName, `${entity}.xlsx`));
  reply.header('cache-control', 'no-store');
  return reply.send(out);
}
