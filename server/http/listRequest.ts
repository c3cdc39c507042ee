import { z } from 'zod';
import type { FilterField } from '../../contract/resource';
import { filterValue, type FilterValue } from '../db/list/filterValues';
import { isCustom, type ListSpec } from '../db/list/listQuery';

export type FilterOp = 'eq' | 'like' | 'gte' | 'lte' | 'ne';

/** A list call's query string once read: every name one of ours, every value of its filter's kind. */
export interface ListRequest {
  start: number;
  end: number;
  /** In the order of the descriptor's filters, so one set of filters always builds one statement. */
  filters: { field: string; op: FilterOp; values: FilterValue[] }[];
  /** Trimmed; '' when none. */
  q: string;
  sort: { field: string; order: 'asc' | 'desc' }[];
}

export const MAX_PAGE_SIZE = 200;
const MAX_Q = 50;

/** Operators by kind: like on text only; ranges on what orders (int, day, instant, text). */
function opsOf(kind: FilterField, custom: boolean): FilterOp[] {
  if (custom) return ['eq'];
  switch (kind.kind) {
    case 'text':
      return ['eq', 'like', 'gte', 'lte', 'ne'];
    case 'int':
    case 'day':
    case 'instant':
      return ['eq', 'gte', 'lte', 'ne'];
    default:
      return ['eq', 'ne'];
  }
}

type Query = Record<string, string | string[] | undefined>;
type Issues = { issues: z.core.$ZodRawIssue[] };

const asArray = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const pageMessage = (name: string) => `分页参数 ${name} 必须是非负整数`;

function refuse(ctx: Issues, query: Query, field: string, message: string): void {
  ctx.issues.push({ code: 'custom', message, path: [field], input: query[field] });
}

/** _start or _end: a non-negative integer, or the fallback when absent or empty. */
function pageParam(ctx: Issues, query: Query, name: '_start' | '_end', fallback: number): number {
  const raw = query[name] as string | undefined;
  if (raw === undefined || raw === '') return fallback;
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  refuse(ctx, query, name, pageMessage(name));
  return fallback;
}

/** The values of one filter key read by its kind, empty ones left out; undefined when one is not of its kind. */
function readFilter(kind: FilterField, raw: string | string[]): FilterValue[] | undefined {
  const read: FilterValue[] = [];
  for (const text of asArray(raw)) {
    if (text === '') continue;
    const value = filterValue(kind, text);
    if (value === undefined) return undefined;
    read.push(value);
  }
  return read;
}

/** _sort and _order: every key one of the list's sort keys, every order asc or desc. */
function sortOf(ctx: Issues, query: Query, sortable: Set<string>): ListRequest['sort'] {
  if (query._sort === undefined) return [];
  const orders = asArray(query._order).flatMap((s) => s.split(','));
  const fields = asArray(query._sort)
    .flatMap((s) => s.split(','))
    .filter(Boolean);
  return fields.map((field, i) => {
    if (!sortable.has(field)) refuse(ctx, query, '_sort', `不支持的排序字段：${field}`);
    const order = (orders[i] ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') refuse(ctx, query, '_order', '排序方向 _order 只能是 asc 或 desc');
    return { field, order: order === 'desc' ? ('desc' as const) : ('asc' as const) };
  });
}

/**
 * The query-string schema of a list (simple-rest: _start, _end, _sort, _order, q, field=, field_like=,
 * field_gte=, field_lte=, field_ne=), read into a ListRequest. Every name is looked up among the
 * spec's own keys (a list built here, never the request's object), so `__proto__` or `constructor`
 * is an unknown parameter like any other; every value is read by its filter's kind before SQL sees it.
 */
export function listRequestSchema<F extends Record<string, FilterField>>(
  spec: Pick<ListSpec<F>, 'filters' | 'sortable' | 'columns' | 'maxPageSize'>,
) {
  const keys: { key: string; field: string; op: FilterOp; kind: FilterField }[] = [];
  for (const [field, kind] of Object.entries(spec.filters)) {
    for (const op of opsOf(kind, isCustom(spec.columns[field])))
      keys.push({ key: op === 'eq' ? field : `${field}_${op}`, field, op, kind });
  }
  const sortable = new Set<string>(spec.sortable);
  const values = z.union([z.string(), z.array(z.string())]).optional();
  const single = (message: string) => z.string({ error: message }).optional();
  const shape: Record<string, typeof values | ReturnType<typeof single>> = {
    _start: single(pageMessage('_start')),
    _end: single(pageMessage('_end')),
    _sort: values,
    _order: values,
    q: single('搜索内容必须是文本'),
  };
  for (const { key } of keys) shape[key] = values;

  return z
    .strictObject(shape, {
      error: (iss) => (iss.code === 'unrecognized_keys' ? `不支持的筛选字段：${iss.keys.join('、')}` : '查询参数不正确'),
    })
    .transform((query, ctx): ListRequest => {
      const filters: ListRequest['filters'] = [];
      for (const { key, field, op, kind } of keys) {
        const raw = query[key];
        if (raw === undefined) continue;
        const values = readFilter(kind, raw);
        if (values) filters.push({ field, op, values });
        else refuse(ctx, query, field, `筛选字段 ${field} 的值不正确`);
      }

      const start = pageParam(ctx, query, '_start', 0);
      const end = pageParam(ctx, query, '_end', start + 10);
      const maxPage = spec.maxPageSize?.(filters) ?? MAX_PAGE_SIZE;
      if (end < start) refuse(ctx, query, '_end', '分页参数 _end 不能小于 _start');
      else if (end - start > maxPage) refuse(ctx, query, '_end', `每页最多 ${maxPage} 条`);

      const q = ((query.q as string | undefined) ?? '').trim();
      if (q.length > MAX_Q) refuse(ctx, query, 'q', `搜索内容最多 ${MAX_Q} 个字`);
      else if (q.includes('\u0000')) refuse(ctx, query, 'q', '搜索内容含有不允许的字符');

      return { start, end, filters, q, sort: sortOf(ctx, query, sortable) };
    });
}
