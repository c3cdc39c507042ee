import { z } from 'zod';
import type { FilterField } from '../../../contract/resource';
import { filterValue, type FilterValue } from './filterValues';
import { isCustom, type ListSpec } from './listQuery';

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

const asArray = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The query-string schema of a list (simple-rest: _start, _end, _sort, _order, q, field=, field_like=,
 * field_gte=, field_lte=, field_ne=), read into a ListRequest. Every name is looked up among the
 * spec's own keys (a Map built here, never the request's object), so `__proto__` or `constructor`
 * is an unknown parameter like any other; every value is read by its filter's kind before SQL sees it.
 */
export function listRequestSchema<F extends Record<string, FilterField>>(spec: Pick<ListSpec<F>, 'filters' | 'sortable' | 'columns' | 'maxPageSize'>) {
  const keys = new Map<string, { field: string; op: FilterOp; kind: FilterField }>();
  for (const [field, kind] of Object.entries(spec.filters)) {
    for (const op of opsOf(kind, isCustom(spec.columns[field]))) keys.set(op === 'eq' ? field : `${field}_${op}`, { field, op, kind });
  }
  const sortable = new Set<string>(spec.sortable);
  const values = z.union([z.string(), z.array(z.string())]).optional();
  const single = (message: string) => z.string({ error: message }).optional();
  const pageMessage = (name: string) => `分页参数 ${name} 必须是非负整数`;
  const shape: Record<string, typeof values | ReturnType<typeof single>> = {
    _start: single(pageMessage('_start')),
    _end: single(pageMessage('_end')),
    _sort: values,
    _order: values,
    q: single('搜索内容必须是文本'),
  };
  for (const key of keys.keys()) shape[key] = values;

  return z
    .strictObject(shape, { error: (iss) => (iss.code === 'unrecognized_keys' ? `不支持的筛选字段：${iss.keys.join('、')}` : '查询参数不正确') })
    .transform((query, ctx): ListRequest => {
      const bad = (field: string, message: string) => ctx.issues.push({ code: 'custom', message, path: [field], input: query[field] });
      const page = (name: '_start' | '_end', fallback: number) => {
        const raw = query[name] as string | undefined;
        if (raw === undefined || raw === '') return fallback;
        if (/^\d{1,15}$/.test(raw)) return Number(raw);
        bad(name, pageMessage(name));
        return fallback;
      };
      const filters: ListRequest['filters'] = [];
      for (const [key, { field, op, kind }] of keys) {
        const raw = query[key];
        if (raw === undefined) continue;
        const read = asArray(raw)
          .filter((v) => v !== '')
          .map((v) => filterValue(kind, v));
        if (read.some((v) => v === undefined)) bad(field, `筛选字段 ${field} 的值不正确`);
        else filters.push({ field, op, values: read as FilterValue[] });
      }

      const start = page('_start', 0);
      const end = page('_end', start + 10);
      const maxPage = spec.maxPageSize?.(filters) ?? MAX_PAGE_SIZE;
      if (end < start) bad('_end', '分页参数 _end 不能小于 _start');
      else if (end - start > maxPage) bad('_end', `每页最多 ${maxPage} 条`);

      const q = ((query.q as string | undefined) ?? '').trim();
      if (q.length > MAX_Q) bad('q', `搜索内容最多 ${MAX_Q} 个字`);
      else if (q.includes('\u0000')) bad('q', '搜索内容含有不允许的字符');

      const orders = asArray(query._order).flatMap((s) => s.split(','));
      const sort = asArray(query._sort)
        .flatMap((s) => s.split(','))
        .filter(Boolean)
        .map((field, i) => {
          if (!sortable.has(field)) bad('_sort', `不支持的排序字段：${field}`);
          const order = (orders[i] ?? 'asc').toLowerCase();
          if (order !== 'asc' && order !== 'desc') bad('_order', '排序方向 _order 只能是 asc 或 desc');
          return { field, order: order === 'desc' ? ('desc' as const) : ('asc' as const) };
        });
      return { start, end, filters, q, sort };
    });
}
