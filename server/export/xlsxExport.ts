import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../db/client';
import { audit } from '../audit/audit';
import { sessionOf } from '../auth/sessionGuard';
import { listConditions, type Resource } from '../http/resource';
import { tooMany } from '../http/errors';
import type { ListRequest } from '../http/listRequest';
import { periodOf } from '../db/list/dayRange';
import { XlsxSheetWriter } from './xlsxSheetWriter';
import type { FilterField } from '../../contract/resource';

/**
 * One column of a spreadsheet export. `yuan` takes integer fen and writes yuan as a number shown
 * 0.00 (`percent` likewise turns basis points into percent); `time` writes an instant as Asia/Shanghai "YYYY-MM-DD HH:mm:ss"; `day` a date column as
 * "YYYY-MM-DD"; `labels` writes a code's Chinese label; `shop` writes a shop id's name, from the shops
 * read once in the export's own snapshot (a subquery per row cost PostgreSQL a third of the export); a function writes what it makes of the value
 * (a JSON column as one line of text).
 */
interface ExportColumn {
  header: string;
  value: SQL | PgColumn;
  format?: 'yuan' | 'percent' | 'time' | 'day' | 'shop' | { labels: Readonly<Record<string, string>> } | ((value: unknown) => string);
  width?: number;
}

/** A list's spreadsheet: its title (the sheet's name and the start of the file name: 业绩记录) and columns. */
export interface ExportSheet {
  title: string;
  columns: readonly ExportColumn[];
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

/** 业绩记录_2026-11-01至2026-11-30.xlsx; 业绩记录_全部.xlsx without a period. */
function exportFileName(title: string, period: { from?: string; to?: string }): string {
  const { from, to } = period;
  const span = from && to ? `${from}至${to}` : from ? `${from}起` : to ? `截至${to}` : '全部';
  return `${title}_${span}.xlsx`;
}

/** The header naming the file in Chinese (filename*), with a plain ASCII name for old clients. */
function contentDisposition(fileName: string, asciiName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a list as .xlsx while it is read: the rows the list's own request selects for this session
 * (scope, filters, order; paging ignored) come from a cursor in a read-only transaction in batches,
 * each batch written to the sheet as XML and deflated into the zip that goes to the reply. Only
 * one batch is ever held; when the client reads slower than the database, fetching waits for the
 * reply to drain. The audit row (query string and row count) is written before the file ends.
 */
export function sendListExport<T extends PgTable, F extends Record<string, FilterField>>(
  deps: { db: Db; pool: pg.Pool },
  req: FastifyRequest,
  reply: FastifyReply,
  res: Resource<T, F>,
  request: ListRequest,
  sheet: ExportSheet,
): FastifyReply {
  const { db, pool } = deps;
  if (running >= MAX_RUNNING) throw tooMany('正在导出的文件较多，请稍后再试');
  const { where, orderBy } = listConditions(res, sessionOf(req), request);
  const entity = res.descriptor.name;
  const fields = Object.fromEntries(sheet.columns.map((c, i) => [`c${i}`, selected(c)]));
  const query = db
    .select(fields)
    .from(res.table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .toSQL();
  const out = new PassThrough();
  const fileName = exportFileName(sheet.title, periodOf(request.filters));
  let aborted = false;
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) aborted = true;
  });

  const write = async () => {
    const writer = new XlsxSheetWriter(
      out,
      sheet.title,
      sheet.columns.map((c) => ({ header: c.header, width: c.width ?? 14, twoDecimals: inHundredths(c) })),
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
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
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
  running++;
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
