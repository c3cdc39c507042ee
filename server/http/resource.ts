import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { and, Column, count, eq, fillPlaceholders, getTableColumns, getTableName, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { poolOf, type Db, type DbOrTx } from '../db/client';
import { sessionOf, type SessionContext } from '../auth/sessionGuard';
import { audit } from '../audit/audit';
import { inline, listQuery, listShape, listSpec, type Bind, type ListColumns, type ListSpec } from '../db/list/listQuery';
import { listRequestSchema, type ListRequest } from './listRequest';
import { boundValues, knownList, placeholders, prepareList, type Prepared } from '../db/list/preparedList';
import { page } from './reply';
import { forbidden, notFound } from './errors';
import { maskPhone } from '../../contract/mask';
import type { FilterField, ResourceDescriptor } from '../../contract/resource';

/**
 * The server's side of a REST resource (README "Decisions"): its descriptor (contract/) says who may
 * call what, what a list may filter and sort on, and the 404 text; this adds where it lives in SQL.
 * From the two come a scoped list page, a scoped read, a locked read for writes and a delete that
 * refuses while history refers to the row.
 */
export interface Resource<
  T extends PgTable,
  F extends Record<string, FilterField> = Record<string, FilterField>,
  E extends string = string,
> {
  descriptor: ResourceDescriptor<string, unknown, F, string>;
  table: T;
  /** Audit entity; for a resource whose rows may be deleted, its key into REFERRERS. */
  entity: E;
  list: ListSpec<F>;
  /** The query string of GET list, read into a ListRequest. */
  listQuery: ReturnType<typeof listRequestSchema>;
  /** 404 message: "员工不存在". */
  missing: string;
  /**
   * The rows a session may see; another shop's row then answers 404 as if it did not exist. Whether it
   * answers a condition may depend on the session, the form of that condition may not.
   */
  scope?: (s: SessionContext, bind?: Bind) => SQL | undefined;
  /** What `scope` binds for a session (undefined when it answers no condition): a list request of a known shape binds it without making the condition. */
  scopeValue?: (s: SessionContext) => number | undefined;
  /** Columns a list row carries beside the table's own (a shop's name), as correlated subqueries. */
  derived?: Record<string, SQL>;
}

/** The shop a session sees the rows of: a shop-manager's current shop (-1, which no row has, without one); undefined for admin and finance, who see all. */
function scopedShop(s: SessionContext): number | undefined {
  return s.role === 'shop-manager' ? (s.shopId ?? -1) : undefined;
}

/** Scope of shop-owned rows: a shop-manager sees its session's current shop; admin and finance see all. */
export function byShop(column: PgColumn) {
  return (s: SessionContext, bind: Bind = inline): SQL | undefined => {
    const shopId = scopedShop(s);
    return shopId === undefined ? undefined : eq(column, bind(shopId));
  };
}

/** Scope of rows that belong to a shop through another table: `where` builds the condition from the bound shop id. */
export function byShopThrough(where: (shopId: number) => SQL) {
  return (s: SessionContext, bind: Bind = inline): SQL | undefined => {
    const shopId = scopedShop(s);
    return shopId === undefined ? undefined : where(bind(shopId));
  };
}

/**
 * A resource from its descriptor and its table: `columns` names the SQL of every filter the descriptor
 * lists, and a shop-scoped descriptor needs the column that holds a row's shop, or (shopThrough) the
 * condition that finds a row's shop elsewhere.
 */
export function serverResource<T extends PgTable, F extends Record<string, FilterField>, const E extends string>(def: {
  descriptor: ResourceDescriptor<string, unknown, F, string>;
  table: T;
  entity: E;
  shopColumn?: PgColumn;
  shopThrough?: (shopId: number) => SQL;
  columns: ListColumns<F>;
  idColumn: AnyColumn;
  defaultSort?: SQL[];
  search?: ListSpec<F>['search'];
  maxPageSize?: ListSpec<F>['maxPageSize'];
  derived?: Record<string, SQL>;
}): Resource<T, F, E> {
  const { descriptor: d } = def;
  if (d.shopScoped && !def.shopColumn && !def.shopThrough) throw new Error(`${d.name} is shop-scoped but names no shop column`);
  const list = listSpec<F>({
    filters: d.filters,
    sortable: d.sortable,
    columns: def.columns,
    idColumn: def.idColumn,
    defaultSort: def.defaultSort,
    search: def.search,
    maxPageSize: def.maxPageSize,
  });
  return {
    descriptor: d,
    table: def.table,
    entity: def.entity,
    list,
    listQuery: listRequestSchema(list),
    missing: d.missing,
    scope: !d.shopScoped ? undefined : def.shopColumn ? byShop(def.shopColumn) : byShopThrough(def.shopThrough!),
    scopeValue: d.shopScoped ? scopedShop : undefined,
    derived: def.derived,
  };
}

export type RowOf<T extends PgTable> = T['$inferSelect'];

/** The column the page's total comes back in, beside the row's own; never part of a row. */
const TOTAL = '__total';

/**
 * Types drizzle's node-postgres driver keeps as PostgreSQL's text (times, dates, intervals and their
 * arrays): its columns read that text, so a page read here gives what drizzle's own query gives.
 */
const KEPT_AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const PAGE_TYPES = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    KEPT_AS_TEXT.has(typeId) ? asText : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/** How a page of one shape is run with pg: the rows statement's text and parameters, and how a row is read from its values. */
interface PageStatement<Row> {
  text: string;
  params: unknown[];
  row: (values: unknown[]) => Row;
}

/**
 * A row of a page from its values in the selection's order: each table column through its own
 * mapping (an instant's text into ISO), any other field as pg parsed it.
 */
function pageRow<Row>(selection: Record<string, unknown>): (values: unknown[]) => Row {
  const fields = Object.entries(selection).map(([name, field]) => ({ name, column: is(field, Column) ? field : undefined }));
  return (values) => {
    const row: Record<string, unknown> = {};
    fields.forEach(({ name, column }, i) => {
      const value = values[i];
      row[name] = value === null || !column ? value : column.mapFromDriverValue(value);
    });
    return row as Row;
  };
}

/** A list page's statements for one request: prepared per shape, with this request's values. */
export interface ListStatements<Row> {
  /** The page's rows, each with the list's total under TOTAL. */
  rows: Prepared<Row & { [TOTAL]: number }>;
  total: Prepared<{ total: number }>;
  names: { rows: string; total: string };
  values: Record<string, unknown>;
  page: PageStatement<Row>;
  pool: pg.Pool;
}

/** The shop a manager's session acts for: where the rows it creates belong; a client never picks it. */
export function currentShopId(req: FastifyRequest): number {
  const shopId = sessionOf(req).shopId;
  if (shopId == null) throw forbidden('请先选择门店');
  return shopId;
}

/**
 * The two statements of a list page, prepared for its shape, and the values to run them with; a
 * benchmark can run exactly the same SQL (statementOf). The statements and everything else the shape
 * decides (the conditions, the order) are made once per shape; a request of a known shape only binds
 * its values (bench/README.md, "lists").
 */
export function listStatements<T extends PgTable, F extends Record<string, FilterField>>(
  db: Db,
  res: Resource<T, F>,
  s: SessionContext,
  request: ListRequest,
): ListStatements<RowOf<T>> {
  const { bind, values } = boundValues();
  const scopeValue = res.scopeValue?.(s);
  if (scopeValue !== undefined) bind(scopeValue);
  const shape = `${res.entity}|${scopeValue === undefined ? 'all' : 'scoped'}|${listShape(request, res.list, bind)}`;
  type Row = RowOf<T> & { [TOTAL]: number };
  type Extra = { page: PageStatement<RowOf<T>> };
  const statements =
    knownList<Row, Extra>(db, shape) ??
    prepareList<Row, Extra>(db, shape, (names) => {
      // The same request bound again, into placeholders: it must bind the values above in the same order.
      const { bind: placed, values: placedValues } = placeholders();
      const scope = res.scope?.(s, placed);
      const list = listQuery(request, res.list, placed);
      if ((scope === undefined) !== (scopeValue === undefined) || JSON.stringify(placedValues) !== JSON.stringify(values))
        throw new Error(`${res.entity}: a request of shape ${shape} binds its values differently when building its statement`);
      const where = and(scope, list.where);
      const table = res.table as PgTable;
      const total = db.select({ total: count() }).from(table).where(where);
      // The count rides along with the page as a subquery PostgreSQL runs once: one round trip, not two.
      const tableColumns = getTableColumns(table);
      const columns = { ...tableColumns, ...res.derived };
      const totalField = sql<number>`(${total})`.mapWith(Number);
      const pageOf = (selection: SelectedFields) =>
        db
          .select(selection)
          .from(table)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
      // Derived fields (subqueries) are computed for the page's rows only, around the page: PostgreSQL
      // would compute a field of the page's own select for every row it skips to reach the offset too.
      // The page is named as the table, so the fields and the order read it as they read the table.
      const inner = res.derived ? pageOf({ ...tableColumns, [TOTAL]: totalField.as(TOTAL) }).as(getTableName(table)) : undefined;
      const rows = (
        inner
          ? db
              .select({
                ...tableColumns,
                ...res.derived,
                [TOTAL]: sql<number>`${sql.identifier(getTableName(table))}.${sql.identifier(TOTAL)}`,
              })
              .from(inner)
              .orderBy(...list.orderBy)
          : pageOf({ ...columns, [TOTAL]: totalField })
      ).prepare(names.rows);
      const { sql: text, params } = rows.getQuery();
      return {
        rows: rows as unknown as Prepared<Row>,
        total: total.prepare(names.total),
        page: { text, params, row: pageRow<RowOf<T>>(columns) },
      };
    });
  values.limit = request.end - request.start;
  values.offset = request.start;
  const { rows, total, names, page } = statements;
  return { rows, total, names, page, values, pool: poolOf(db) };
}

/**
 * A list request's conditions for a session without its paging: the scope and the filters, and the
 * order. What a summary or an export of the list reads, so it selects exactly the list's rows.
 */
export function listConditions<T extends PgTable, F extends Record<string, FilterField>>(
  res: Resource<T, F>,
  s: SessionContext,
  request: ListRequest,
): { where: SQL | undefined; orderBy: SQL[] } {
  const list = listQuery(request, res.list);
  return { where: and(res.scope?.(s), list.where), orderBy: list.orderBy };
}

/**
 * A page of a list and its total, taken from the first row (its last value); only a page past the
 * end, which carries no row to take it from, counts separately. The page runs as pg's named statement
 * with rows as arrays, each read by its shape's reader: drizzle's generic mapping of every field of
 * every row cost the lists about a third more server time per request (docs/performance.md).
 */
export async function readPage<Row>(statements: ListStatements<Row>): Promise<{ rows: Row[]; total: number }> {
  const { page, names, values } = statements;
  const found = await statements.pool.query<unknown[]>({
    name: names.rows || undefined,
    text: page.text,
    values: fillPlaceholders(page.params, values),
    rowMode: 'array',
    types: PAGE_TYPES,
  });
  const [first] = found.rows;
  const total = first ? (first[first.length - 1] as number) : (await statements.total.execute(values))[0].total;
  return { rows: found.rows.map(page.row), total };
}

/** Runs a list page and answers the rows with x-total-count; `map` shapes each row (e.g. masks a phone). */
export async function sendStatements<Row, Out = Row>(reply: FastifyReply, statements: ListStatements<Row>, map?: (row: Row) => Out) {
  const { rows, total } = await readPage(statements);
  // Without `map` a row goes out as it is, so Out is Row.
  return page<Out>(reply, map ? rows.map(map) : (rows as unknown as Out[]), total);
}

/** One page of a resource's list for the calling session. */
export function sendList<T extends PgTable, F extends Record<string, FilterField>, Out = RowOf<T>>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  res: Resource<T, F>,
  request: ListRequest,
  map?: (row: RowOf<T>) => Out,
) {
  return sendStatements<RowOf<T>, Out>(reply, listStatements(db, res, sessionOf(req), request), map);
}

/** The row with this id that the session may see, optionally locked for a write; 404 otherwise. */
export async function findRow<T extends PgTable, F extends Record<string, FilterField>>(
  db: DbOrTx,
  req: FastifyRequest,
  res: Resource<T, F>,
  id: number,
  lock = false,
): Promise<RowOf<T>> {
  const q = db
    .select()
    .from(res.table as PgTable)
    .where(and(eq(res.list.idColumn, id), res.scope?.(sessionOf(req))));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(res.missing);
  return row as RowOf<T>;
}

/** The PostgreSQL error behind a failed query (drizzle wraps it in `cause`). */
export function pgErrorOf(e: unknown): { code?: string; constraint?: string } {
  const err = e as { code?: string; cause?: { code?: string; constraint?: string } };
  return err.cause?.code ? err.cause : (err as { code?: string; constraint?: string });
}

/**
 * The full phone of a row the session may see, for POST /:id/reveal-phone; docs/domain.md wants every
 * full view audited, so the answer leaves only after its audit row is written.
 */
export async function revealPhone<T extends PgTable, F extends Record<string, FilterField>>(
  db: Db,
  req: FastifyRequest,
  res: Resource<T, F>,
  id: number,
  phoneOf: (row: RowOf<T>) => string,
) {
  const row = await findRow(db, req, res, id);
  const phone = phoneOf(row);
  await audit(db, req, { action: 'reveal-phone', entity: res.entity, entityId: id, summary: `查看完整手机号 ${maskPhone(phone)}` });
  return { phone };
}
