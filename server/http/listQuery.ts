import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { invalid } from './errors';

/**
 * How a list query's values enter its SQL: as they are (inline parameters), or as placeholders of a
 * statement prepared once per shape (server/http/preparedList.ts), the values bound at each call.
 * Typed as the value itself since drizzle takes a placeholder wherever it takes a value.
 */
export type Bind = <V>(value: V) => V;
export const inline: Bind = (value) => value;

/**
 * A condition with the shape of its SQL: two conditions with the same shape must build the same SQL
 * text, whatever their values, since the shape picks the prepared statement.
 */
export interface ListCondition {
  shape: string;
  where: SQL | undefined;
}

/**
 * simple-rest list conventions in SQL (DOMAIN.md "API shape"): _start, _end, _sort, _order,
 * field=value, field_like, field_gte, field_lte, field_ne and q. Paging always happens in the database.
 */
export interface ListSpec {
  /** Fields the client may filter and sort on, by API name. */
  fields: Record<string, AnyColumn>;
  /** Free-text search for q; the shape names which kind of search q asked for. */
  search?: (q: string, bind: Bind) => ListCondition | undefined;
  /** Order when no _sort is given (an id tiebreak is always added for stable pages). */
  defaultSort?: SQL[];
  /** Column used as the final tiebreak. */
  idColumn: AnyColumn;
  /** Largest page this list answers (MAX_PAGE_SIZE unless a route allows more, e.g. a calendar's range). */
  maxPageSize?: number;
}

export interface ListQuery {
  /** What decides the SQL text (fields, operators, value counts, search kind, order), never a value. */
  shape: string;
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export const MAX_PAGE_SIZE = 200;
const RESERVED = new Set(['_start', '_end', '_sort', '_order', 'q']);
type Op = 'like' | 'gte' | 'lte' | 'ne' | 'eq';
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** Columns PostgreSQL can ilike; on a number, time or array column the query itself would fail. */
const TEXT_COLUMNS = new Set(['PgText', 'PgVarchar', 'PgChar']);
/** Columns holding an int4: a fraction or an out-of-range number would fail in the database. */
const INT_COLUMNS = new Set(['PgInteger', 'PgSerial']);

function asArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  return v === undefined ? [] : [String(v)];
}

function intParam(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw invalid(`分页参数 ${name} 必须是非负整数`, [{ field: name, message: `分页参数 ${name} 必须是非负整数` }]);
  return n;
}

/** Listed rows keep their points in time in instant columns (ISO strings, server/db/schema/columns.ts). */
const isInstant = (column: AnyColumn) => column.columnType === 'PgCustomColumn' && column.getSQLType() === 'timestamp with time zone';

/** Turns a query-string value into what the column holds; bad values are 40000, never a SQL error. */
function coerce(column: AnyColumn, field: string, raw: string): unknown {
  const bad = () => invalid(`筛选字段 ${field} 的值不正确`, [{ field, message: `筛选字段 ${field} 的值不正确` }]);
  switch (isInstant(column) ? 'instant' : column.dataType) {
    case 'number': {
      const n = Number(raw);
      if (raw === '' || !Number.isFinite(n)) throw bad();
      if (INT_COLUMNS.has(column.columnType) && !(Number.isInteger(n) && Math.abs(n) <= 2_147_483_647)) throw bad();
      return n;
    }
    case 'boolean':
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      throw bad();
    case 'instant': {
      // A calendar day (Asia/Shanghai) or a full ISO timestamp; nothing that Date would guess at.
      const isDay = DAY_RE.test(raw);
      if (!isDay && !ISO_RE.test(raw)) throw bad();
      const d = new Date(isDay ? `${raw}T00:00:00+08:00` : raw);
      if (Number.isNaN(d.getTime()) || (isDay && new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw)) throw bad();
      return d.toISOString();
    }
    default:
      // PostgreSQL text cannot hold U+0000.
      if (raw.length > 200 || raw.includes('\u0000')) throw bad();
      return raw;
  }
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** q as part of any of these text columns, case-insensitive: the free-text search most lists use. */
export function textSearch(...columns: AnyColumn[]): NonNullable<ListSpec['search']> {
  return (q, bind) => {
    const pattern = bind(`%${escapeLike(q)}%`);
    return { shape: 'text', where: or(...columns.map((column) => ilike(column, pattern))) };
  };
}

/** The condition of one filter; its shape is the filter's key, how many values it has and whether they are whole days. */
function condition(column: AnyColumn, field: string, op: Op, values: string[], bind: Bind): ListCondition {
  if (op === 'like') {
    if (!TEXT_COLUMNS.has(column.columnType)) throw invalid(`筛选字段 ${field} 不支持模糊查询`, [{ field: `${field}_like`, message: `筛选字段 ${field} 不支持模糊查询` }]);
    return { shape: `${field}_like`, where: ilike(column, bind(`%${escapeLike(coerce(column, field, values[0]) as string)}%`)) };
  }
  const isDay = isInstant(column) && DAY_RE.test(values[0]);
  const v = coerce(column, field, values[0]);
  const nextDay = () => bind(new Date(Date.parse(v as string) + 86_400_000).toISOString());
  const shape = `${field}_${op}${isDay ? ':day' : ''}`;
  switch (op) {
    case 'gte':
      return { shape, where: gte(column, bind(v)) };
    case 'lte':
      // Date filters are inclusive days in Asia/Shanghai: "lte 2026-11-22" means before the next day.
      return { shape, where: isDay ? lt(column, nextDay()) : lte(column, bind(v)) };
    case 'ne':
      return { shape, where: ne(column, bind(v)) };
    default:
      // "createdAt=2026-11-22" means that whole day, not its first instant.
      if (isDay && values.length === 1) return { shape, where: and(gte(column, bind(v)), lt(column, nextDay())) };
      if (values.length > 1) return { shape: `${shape}:${values.length}`, where: inArray(column, values.map((x) => bind(coerce(column, field, x)))) };
      return { shape, where: eq(column, bind(v)) };
  }
}

/** Reads a list query; `bind` decides whether its values go inline or become placeholders. */
export function parseListQuery(query: Record<string, unknown>, spec: ListSpec, bind: Bind = inline): ListQuery {
  const start = intParam(query._start, '_start', 0);
  const end = intParam(query._end, '_end', start + 10);
  if (end < start) throw invalid('分页参数 _end 不能小于 _start', [{ field: '_end', message: '分页参数 _end 不能小于 _start' }]);
  const maxPage = spec.maxPageSize ?? MAX_PAGE_SIZE;
  if (end - start > maxPage) throw invalid(`每页最多 ${maxPage} 条`, [{ field: '_end', message: `每页最多 ${maxPage} 条` }]);

  const conditions: ListCondition[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const m = /^(.+?)(?:_(like|gte|lte|ne))?$/.exec(key)!;
    const field = m[1];
    const op = (m[2] ?? 'eq') as Op;
    const column = spec.fields[field];
    if (!column) throw invalid(`不支持的筛选字段：${key}`, [{ field: key, message: `不支持的筛选字段：${key}` }]);
    const values = asArray(raw).filter((v) => v !== '');
    if (values.length === 0) continue;
    conditions.push(condition(column, field, op, values, bind));
  }
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  if (q && spec.search) {
    if (q.length > 50) throw invalid('搜索内容最多 50 个字', [{ field: 'q', message: '搜索内容最多 50 个字' }]);
    if (q.includes('\u0000')) throw invalid('搜索内容含有不允许的字符', [{ field: 'q', message: '搜索内容含有不允许的字符' }]);
    const found = spec.search(q, bind);
    if (found) conditions.push({ shape: `q:${found.shape}`, where: found.where });
  }

  const sorts = asArray(query._sort).flatMap((s) => s.split(',')).filter(Boolean);
  const orders = asArray(query._order).flatMap((s) => s.split(','));
  const orderShape: string[] = [];
  const orderBy: SQL[] = sorts.map((field, i) => {
    const column = spec.fields[field];
    if (!column) throw invalid(`不支持的排序字段：${field}`, [{ field: '_sort', message: `不支持的排序字段：${field}` }]);
    const order = (orders[i] ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw invalid('排序方向 _order 只能是 asc 或 desc', [{ field: '_order', message: '排序方向 _order 只能是 asc 或 desc' }]);
    orderShape.push(`${field}:${order}`);
    return order === 'desc' ? desc(column) : asc(column);
  });
  if (orderBy.length === 0 && spec.defaultSort) orderBy.push(...spec.defaultSort);
  orderBy.push(sorts.length || spec.defaultSort ? sql`${spec.idColumn} desc` : desc(spec.idColumn));

  return {
    shape: `${conditions.map((c) => c.shape).join('&')}|${orderShape.join(',')}`,
    where: conditions.length ? and(...conditions.map((c) => c.where)) : undefined,
    orderBy,
    limit: end - start,
    offset: start,
  };
}
