import type { FilterField, ResourceDescriptor } from '../../../contract/resource';
import { badField } from './http';

/**
 * The list protocol (_start, _end, _sort, _order, field=, field_like, field_gte, field_lte, field_ne,
 * q; total in x-total-count) over rows in memory, read from a resource descriptor's filters and sort
 * keys with the server's rules and messages.
 */

type FilterValue = string | number | boolean;

export interface ListHooks<Row> {
  /**
   * Query keys a feature reads itself, by exact key (`regionCode`, `tags`): each gets the key's values,
   * already checked against the descriptor's filter kind, and answers which rows match.
   */
  filters?: Record<string, (values: FilterValue[]) => (row: Row) => boolean>;
  /** The Asia/Shanghai day a row falls on for from= and to= (inclusive days); null: on none. */
  period?: (row: Row, params: URLSearchParams) => string | null;
  /** What q= matches; without it q is ignored. */
  search?: (row: Row, q: string) => boolean;
  /** A page larger than 200 rows the query may ask for (a calendar's week). */
  maxPageSize?: (params: URLSearchParams) => number | undefined;
  /** Order without _sort; the id, newest first, always breaks ties. */
  defaultSort?: (a: Row, b: Row) => number;
}

type ListSpec = Pick<ResourceDescriptor, 'filters' | 'sortable'>;

const MAX_PAGE_SIZE = 200;
const RESERVED = new Set(['_start', '_end', '_sort', '_order', 'q']);
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const BOOLS = new Map([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);
type Op = 'eq' | 'like' | 'gte' | 'lte' | 'ne';
const OPS: Record<Exclude<Op, 'like'>, (order: number) => boolean> = {
  eq: (c) => c === 0,
  ne: (c) => c !== 0,
  gte: (c) => c >= 0,
  lte: (c) => c <= 0,
};

function pageParam(params: URLSearchParams, name: '_start' | '_end', fallback: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw badField(name, `分页参数 ${name} 必须是非负整数`);
  return n;
}

const isDay = (raw: string) => DAY_RE.test(raw) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw);
/** The Asia/Shanghai calendar day of a point in time. */
export const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

/** A query-string value as each filter kind holds it, or undefined; a point in time is epoch ms, or a day (a whole one in Asia/Shanghai). */
const READ: { [K in FilterField['kind']]: (raw: string, f: Extract<FilterField, { kind: K }>) => FilterValue | undefined } = {
  int: (raw) => (/^-?\d{1,10}$/.test(raw) && Math.abs(Number(raw)) <= 2_147_483_647 ? Number(raw) : undefined),
  bool: (raw) => BOOLS.get(raw),
  day: (raw) => (isDay(raw) ? raw : undefined),
  instant: (raw) => (isDay(raw) ? raw : ISO_RE.test(raw) && !Number.isNaN(Date.parse(raw)) ? Date.parse(raw) : undefined),
  enum: (raw, f) => f.values.find((v) => String(v) === raw),
  text: (raw) => (raw.length <= 200 && !raw.includes('\u0000') ? raw : undefined),
};

function coerce(f: FilterField, field: string, raw: string): FilterValue {
  const value = (READ[f.kind] as (raw: string, f: FilterField) => FilterValue | undefined)(raw, f);
  if (value === undefined) throw badField(field, `筛选字段 ${field} 的值不正确`);
  return value;
}

/** Orders like PostgreSQL: nulls after every value. */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return (a as FilterValue) < (b as FilterValue) ? -1 : 1;
}

const cellOf = (row: object, field: string) => (row as Record<string, unknown>)[field];

/** One filter as a row predicate; a null cell matches no condition, as in SQL. */
function condition(f: FilterField, field: string, key: string, op: Op, raws: string[]): (row: object) => boolean {
  if (op === 'like' && f.kind !== 'text') throw badField(key, `筛选字段 ${field} 不支持模糊查询`);
  if ((op === 'gte' || op === 'lte') && (f.kind === 'bool' || f.kind === 'enum')) throw badField(key, `筛选字段 ${field} 不支持范围查询`);
  const values = raws.map((raw) => coerce(f, field, raw));
  // A point in time against a day is compared as its Asia/Shanghai day: "createdAt_lte=2026-11-22" takes in all of that day.
  const order = (cell: unknown, v: FilterValue) =>
    compare(f.kind !== 'instant' ? cell : typeof v === 'string' ? shanghaiDay(String(cell)) : Date.parse(String(cell)), v);
  return (row) => {
    const cell = cellOf(row, field);
    if (cell === null || cell === undefined) return false;
    if (op === 'like') return String(cell).toLowerCase().includes(String(values[0]).toLowerCase());
    return op === 'eq' ? values.some((v) => order(cell, v) === 0) : OPS[op](order(cell, values[0]));
  };
}

/** _start and _end, checked: a page is rows.slice(start, end). */
export function pageBounds(params: URLSearchParams, maxPageSize = MAX_PAGE_SIZE): { start: number; end: number } {
  const start = pageParam(params, '_start', 0);
  const end = pageParam(params, '_end', start + 10);
  if (end < start) throw badField('_end', '分页参数 _end 不能小于 _start');
  if (end - start > maxPageSize) throw badField('_end', `每页最多 ${maxPageSize} 条`);
  return { start, end };
}

/** Every row of `rows` the query's filters, search and order pick, in that order: a list without pages (its sums, its export). */
export function matchingRows<Row extends { id: number }>(
  spec: ListSpec,
  hooks: ListHooks<Row>,
  params: URLSearchParams,
  rows: Row[],
): Row[] {
  // Names from the request are looked up among our own entries only.
  const filters = new Map(Object.entries(spec.filters));
  const own = new Map(Object.entries({ ...periodFilters(hooks, params), ...hooks.filters }));
  const conditions: ((row: Row) => boolean)[] = [];
  for (const key of new Set(params.keys())) {
    if (RESERVED.has(key)) continue;
    const [, field, op = 'eq'] = /^(.+?)(?:_(like|gte|lte|ne))?$/.exec(key)!;
    const f = filters.get(field);
    if (!f) throw badField(key, `不支持的筛选字段：${key}`);
    const raws = params.getAll(key).filter((v) => v !== '');
    if (raws.length === 0) continue;
    const mine = own.get(key);
    conditions.push(mine ? mine(raws.map((raw) => coerce(f, field, raw))) : condition(f, field, key, op as Op, raws));
  }
  const q = params.get('q')?.trim();
  if (q && hooks.search) {
    if (q.length > 50) throw badField('q', '搜索内容最多 50 个字');
    if (q.includes('\u0000')) throw badField('q', '搜索内容含有不允许的字符');
    conditions.push((row) => hooks.search!(row, q));
  }

  const sorts = params
    .getAll('_sort')
    .flatMap((s) => s.split(','))
    .filter(Boolean);
  const orders = params.getAll('_order').flatMap((s) => s.split(','));
  const sortable = new Set<string>(spec.sortable);
  const keys = sorts.map((field, i) => {
    if (!sortable.has(field)) throw badField('_sort', `不支持的排序字段：${field}`);
    const order = (orders[i] ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw badField('_order', '排序方向 _order 只能是 asc 或 desc');
    return { field, sign: order === 'desc' ? -1 : 1 };
  });

  return rows
    .filter((row) => conditions.every((c) => c(row)))
    .sort((a, b) => {
      for (const { field, sign } of keys) {
        const c = compare(cellOf(a, field), cellOf(b, field)) * sign;
        if (c) return c;
      }
      return (keys.length === 0 && hooks.defaultSort?.(a, b)) || b.id - a.id;
    });
}

/** from= and to= read by the period hook. */
function periodFilters<Row>({ period }: ListHooks<Row>, params: URLSearchParams) {
  if (!period) return {};
  const within = (test: (day: string) => boolean) => (row: Row) => {
    const day = period(row, params);
    return day !== null && test(day);
  };
  return {
    from: ([from]: FilterValue[]) => within((day) => day >= String(from)),
    to: ([to]: FilterValue[]) => within((day) => day <= String(to)),
  };
}

/** q as part of any of these text fields, case-insensitive: the search most lists use. */
export function textSearch<Row>(...fields: (keyof Row & string)[]) {
  return (row: Row, q: string) => fields.some((f) => String(row[f]).toLowerCase().includes(q.toLowerCase()));
}
