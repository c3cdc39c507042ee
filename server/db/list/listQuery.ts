import { and, asc, desc, eq, gte, ilike, inArray, like, lt, lte, ne, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { FilterField } from '../../../contract/resource';
import { isInstant, type FilterValue } from './filterValues';
import type { ListRequest } from '../../http/listRequest';

/**
 * How a list query's values enter its SQL: as they are (inline parameters), or as placeholders of a
 * statement prepared once per shape (./preparedList.ts), the values bound at each call. Typed as the
 * value itself since drizzle takes a placeholder wherever it takes a value.
 */
export type Bind = <V>(value: V) => V;
export const inline: Bind = (value) => value;

/**
 * A condition with the shape of its SQL: two conditions with the same shape must build the same SQL
 * text, whatever their values, since the shape picks the prepared statement. Either its SQL, made
 * with `bind`, or (BoundCondition) the values it binds and how their placeholders make its SQL.
 */
export type ListCondition = { shape: string; where: SQL | undefined } | BoundCondition;

/**
 * A condition that names its values instead of binding them: a request of a shape already prepared
 * then binds them without making any SQL (drizzle's operators cost a microsecond or so each). `sql`
 * takes the placeholders in the order of `bound`; made once, not per request.
 */
export interface BoundCondition {
  shape: string;
  bound: unknown[];
  sql: (placeholders: unknown[]) => SQL | undefined;
}

/**
 * A filter that is not one column compared with a value (a customer's tags, a shop's region, an
 * account's grants): it builds its own condition from the values, already read by the filter's kind,
 * and may look at the request's other filters. It takes `field=` only, no operator.
 */
export interface CustomFilter {
  where: (values: FilterValue[], bind: Bind, request: ListRequest) => ListCondition | undefined;
  /** The column _sort orders by, when the filter is also a sort key. */
  sortColumn?: AnyColumn;
}

/** Where each filter of a descriptor lives in SQL: exactly its keys, so a filter without a column fails the type check. */
export type ListColumns<F extends Record<string, FilterField>> = { readonly [K in keyof F]: AnyColumn | CustomFilter };

/** simple-rest lists in SQL (README "Decisions"): what the client may filter and sort on, and how. */
export interface ListSpec<F extends Record<string, FilterField> = Record<string, FilterField>> {
  /** The filters of the descriptor (contract/), by API name. */
  filters: F;
  /** The sort keys of the descriptor; each has a column. */
  sortable: readonly (keyof F & string)[];
  columns: ListColumns<F>;
  /** Free-text search for q; the shape names which kind of search q asked for. */
  search?: (q: string, bind: Bind) => ListCondition | undefined;
  /** Order when no _sort is given (an id tiebreak is always added for stable pages). */
  defaultSort?: SQL[];
  /** Column used as the final tiebreak. */
  idColumn: AnyColumn;
  /** Largest page this request may ask for (MAX_PAGE_SIZE unless the list allows more, e.g. a calendar's bounded range). */
  maxPageSize?: (filters: ListRequest['filters']) => number;
}

export interface ListQuery {
  /** What decides the SQL text (fields, operators, value counts, search kind, order), never a value. */
  shape: string;
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

// Not drizzle's is(c, Column), which walks the prototype chain: this runs for every filter of every request.
export const isCustom = (c: AnyColumn | CustomFilter): c is CustomFilter => typeof (c as Partial<CustomFilter>).where === 'function';
const sortColumnOf = (c: AnyColumn | CustomFilter) => (isCustom(c) ? c.sortColumn : c);

/** A list spec whose sort keys all have columns: checked once at start-up, not per request. */
export function listSpec<F extends Record<string, FilterField>>(spec: ListSpec<F>): ListSpec<F> {
  for (const field of spec.sortable) {
    if (!Object.hasOwn(spec.columns, field) || !sortColumnOf(spec.columns[field])) throw new Error(`sort key ${field} has no column`);
  }
  return spec;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function partSearch(compare: typeof like, columns: AnyColumn[]): NonNullable<ListSpec['search']> {
  const sql = ([pattern]: unknown[]) => or(...columns.map((column) => compare(column, pattern as string)));
  return (q) => ({ shape: 'text', bound: [`%${escapeLike(q)}%`], sql });
}

/** q as part of any of these text columns, case-insensitive: the free-text search most lists use. */
export const textSearch = (...columns: AnyColumn[]) => partSearch(ilike, columns);

/**
 * q as part of a number written in digits and dashes (an order number): with no letters case plays
 * no part, and LIKE spares the case folding ILIKE does for every row scanned (a third of a long export).
 */
export const numberSearch = (column: AnyColumn) => partSearch(like, [column]);

const sqlValue = (v: FilterValue) => (isInstant(v) ? v.at : v);

/** How a filter's bound values become SQL, given their placeholders in the order they were bound. */
type Comparison = (column: AnyColumn, bound: unknown[]) => SQL | undefined;
const contains: Comparison = (column, [pattern]) => ilike(column, pattern as string);
const atLeast: Comparison = (column, [v]) => gte(column, v);
const atMost: Comparison = (column, [v]) => lte(column, v);
const before: Comparison = (column, [v]) => lt(column, v);
const notEqual: Comparison = (column, [v]) => ne(column, v);
const equal: Comparison = (column, [v]) => eq(column, v);
const withinDay: Comparison = (column, [from, next]) => and(gte(column, from), lt(column, next));
const oneOf: Comparison = (column, bound) => inArray(column, bound);

/**
 * One filter on one column: its shape (the filter's key, how many values it has and whether they are
 * whole days), the values it binds in order, and how they compare. The values are decided here alone,
 * so a statement built from them and a later request of the same shape bind alike.
 */
function filterOf(
  field: string,
  op: ListRequest['filters'][number]['op'],
  values: FilterValue[],
): { shape: string; bound: unknown[]; compare: Comparison } {
  const [v] = values;
  if (op === 'like') return { shape: `${field}_like`, bound: [`%${escapeLike(v as string)}%`], compare: contains };
  const day = isInstant(v) ? v.nextDay : undefined;
  const shape = `${field}_${op}${day ? ':day' : ''}`;
  switch (op) {
    case 'gte':
      return { shape, bound: [sqlValue(v)], compare: atLeast };
    case 'lte':
      // Days are inclusive in Asia/Shanghai: "lte 2026-11-22" means before the next day.
      return day ? { shape, bound: [day], compare: before } : { shape, bound: [sqlValue(v)], compare: atMost };
    case 'ne':
      return { shape, bound: [sqlValue(v)], compare: notEqual };
    default:
      // "createdAt=2026-11-22" means that whole day, not its first instant.
      if (day && values.length === 1) return { shape, bound: [sqlValue(v), day], compare: withinDay };
      if (values.length > 1) return { shape: `${shape}:${values.length}`, bound: values.map(sqlValue), compare: oneOf };
      return { shape, bound: [sqlValue(v)], compare: equal };
  }
}

/** A condition's SQL: made with `bind` already, or made here of its values' placeholders (only when building). */
function placed(condition: ListCondition, bind: Bind, build: boolean): SQL | undefined {
  if (!('bound' in condition)) return condition.where;
  const placeholders = condition.bound.map(bind);
  return build ? condition.sql(placeholders) : undefined;
}

/**
 * The conditions of a request's filters and q, in their order, each value bound with `bind`. With
 * `build` false only the shape is made and the values bound: a statement already built for the shape
 * needs nothing else. A custom condition that binds its values itself makes its SQL either way.
 */
function conditionsOf<F extends Record<string, FilterField>>(
  request: ListRequest,
  spec: ListSpec<F>,
  bind: Bind,
  build: boolean,
): { shape: string; where: SQL[] } {
  const columns = spec.columns as ListColumns<Record<string, FilterField>>;
  const shapes: string[] = [];
  const where: SQL[] = [];
  for (const { field, op, values } of request.filters) {
    if (values.length === 0) continue;
    const column = columns[field];
    let made: SQL | undefined;
    if (isCustom(column)) {
      const found = column.where(values, bind, request);
      if (!found) continue;
      shapes.push(`${field}:${found.shape}`);
      made = placed(found, bind, build);
    } else {
      const filter = filterOf(field, op, values);
      const placeholders = filter.bound.map(bind);
      shapes.push(filter.shape);
      made = build ? filter.compare(column, placeholders) : undefined;
    }
    if (made) where.push(made);
  }
  const found = request.q && spec.search ? spec.search(request.q, bind) : undefined;
  if (found) {
    shapes.push(`q:${found.shape}`);
    const made = placed(found, bind, build);
    if (made) where.push(made);
  }
  return { shape: shapes.join('&'), where };
}

/** The part of a shape the sort order decides. */
function sortShape(request: ListRequest): string {
  let shape = '';
  for (const { field, order } of request.sort) shape = shape ? `${shape},${field}:${order}` : `${field}:${order}`;
  return shape;
}

/** The SQL of a list request; `bind` decides whether its values go inline or become placeholders. */
export function listQuery<F extends Record<string, FilterField>>(request: ListRequest, spec: ListSpec<F>, bind: Bind = inline): ListQuery {
  const columns = spec.columns as ListColumns<Record<string, FilterField>>;
  const conditions = conditionsOf(request, spec, bind, true);
  const orderBy: SQL[] = request.sort.map(({ field, order }) => {
    const column = sortColumnOf(columns[field])!;
    return order === 'desc' ? desc(column) : asc(column);
  });
  if (orderBy.length === 0 && spec.defaultSort) orderBy.push(...spec.defaultSort);
  orderBy.push(request.sort.length || spec.defaultSort ? sql`${spec.idColumn} desc` : desc(spec.idColumn));

  return {
    shape: `${conditions.shape}|${sortShape(request)}`,
    where: conditions.where.length ? and(...conditions.where) : undefined,
    orderBy,
    limit: request.end - request.start,
    offset: request.start,
  };
}

/**
 * The shape of a list request's SQL, its values bound with `bind` in the order listQuery binds them,
 * without making the SQL: what a request of a shape already prepared needs.
 */
export function listShape<F extends Record<string, FilterField>>(request: ListRequest, spec: ListSpec<F>, bind: Bind): string {
  return `${conditionsOf(request, spec, bind, false).shape}|${sortShape(request)}`;
}
