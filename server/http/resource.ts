import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
import { sessionOf, type SessionContext } from '../auth/sessionGuard';
import { audit } from '../audit/audit';
import { inline, parseListQuery, type Bind, type ListCondition, type ListSpec } from './listQuery';
import { placeholders, preparedList, type Prepared } from './preparedList';
import { page } from './reply';
import { conflict, forbidden, notFound } from './errors';
import { referencesTo, type ReferencedEntity } from './references';
import { maskPhone } from '../../contract/mask';

/**
 * The parts every REST resource shares (DOMAIN.md "API shape"): a scoped list page, a scoped read,
 * a locked read for writes and a delete that refuses while history refers to the row.
 */
export interface Resource<T extends PgTable> {
  table: T;
  /** Audit entity and key into REFERRERS. */
  entity: ReferencedEntity;
  list: ListSpec;
  /** 404 message: "员工不存在". */
  missing: string;
  /**
   * The rows a session may see; another shop's row then answers 404 as if it did not exist. Whether it
   * answers a condition may depend on the session, the form of that condition may not.
   */
  scope?: (s: SessionContext, bind?: Bind) => SQL | undefined;
}

export type RowOf<T extends PgTable> = T['$inferSelect'];

/** The column the page's total comes back in, taken off every row before it is sent. */
const TOTAL = '__total';

/** The shop a manager's session acts for: where the rows it creates belong; a client never picks it. */
export function currentShopId(req: FastifyRequest): number {
  const shopId = sessionOf(req).shopId;
  if (shopId == null) throw forbidden('请先选择门店');
  return shopId;
}

/** Scope of shop-owned rows: a shop-manager sees its session's current shop; admin and finance see all. */
export function byShop(column: PgColumn) {
  return (s: SessionContext, bind: Bind = inline): SQL | undefined => (s.role === 'shop-manager' ? eq(column, bind(s.shopId ?? -1)) : undefined);
}

/** A route's own condition on a list (a tag or region filter), built with the list's binder. */
export type ExtraCondition = (bind: Bind) => ListCondition | undefined;

/**
 * The two statements of a list page, prepared for its shape, and the values to run them with; a
 * benchmark can run exactly the same SQL (statementOf).
 */
export function listStatements<T extends PgTable>(db: Db, res: Resource<T>, s: SessionContext, query: Record<string, unknown>, extra?: ExtraCondition) {
  const { bind, values } = placeholders();
  const scope = res.scope?.(s, bind);
  const more = extra?.(bind);
  const list = parseListQuery(query, res.list, bind);
  values.limit = list.limit;
  values.offset = list.offset;
  const where = and(scope, more?.where, list.where);
  const table = res.table as PgTable;
  const shape = [res.entity, scope ? 'scoped' : 'all', more?.shape ?? '', list.shape].join('|');
  const statements = preparedList<RowOf<T>>(db, shape, (names) => {
    const total = db.select({ total: count() }).from(table).where(where);
    // The count rides along with the page as a subquery PostgreSQL runs once: one round trip, not two.
    const withTotal = { ...getTableColumns(table), [TOTAL]: sql<number>`(${total})`.mapWith(Number) };
    return {
      rows: db.select(withTotal).from(table).where(where).orderBy(...list.orderBy).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(names.rows) as unknown as Prepared<RowOf<T>>,
      total: total.prepare(names.total),
    };
  });
  return { ...statements, values };
}

/**
 * Runs a list page and answers the rows with x-total-count; `map` shapes each row (e.g. masks a
 * phone). Only a page past the end, which carries no row to read the total from, counts separately.
 */
export async function sendStatements<Row, Out = Row>(reply: FastifyReply, statements: { rows: Prepared<Row>; total: Prepared<{ total: number }>; values: Record<string, unknown> }, map?: (row: Row) => Out) {
  const found = (await statements.rows.execute(statements.values)) as (Row & { [TOTAL]?: number })[];
  const total = found.length ? found[0][TOTAL]! : (await statements.total.execute(statements.values))[0].total;
  const rows = found.map(({ [TOTAL]: _t, ...row }) => row as Row);
  return page<Row | Out>(reply, map ? rows.map(map) : rows, total);
}

/** One page of a resource's list for the calling session. */
export function sendList<T extends PgTable, Out = RowOf<T>>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  res: Resource<T>,
  opts: { query?: Record<string, unknown>; extra?: ExtraCondition; map?: (row: RowOf<T>) => Out } = {},
) {
  const query = opts.query ?? { ...(req.query as Record<string, unknown>) };
  return sendStatements<RowOf<T>, Out>(reply, listStatements(db, res, sessionOf(req), query, opts.extra), opts.map);
}

/** The row with this id that the session may see, optionally locked for a write; 404 otherwise. */
export async function findRow<T extends PgTable>(db: DbOrTx, req: FastifyRequest, res: Resource<T>, id: number, lock = false): Promise<RowOf<T>> {
  const q = db
    .select()
    .from(res.table as PgTable)
    .where(and(eq(res.list.idColumn, id), res.scope?.(sessionOf(req))));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(res.missing);
  return row as RowOf<T>;
}

/**
 * Deletes the row in one transaction with its audit row, unless something refers to it: then 409
 * with `blocked(row, references)` as the message.
 */
export async function deleteRow<T extends PgTable>(
  db: Db,
  req: FastifyRequest,
  res: Resource<T>,
  id: number,
  opts: { summary: (row: RowOf<T>) => string; blocked: (row: RowOf<T>, references: string[]) => string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findRow(tx, req, res, id, true);
    const refs = await referencesTo(tx, res.entity, id);
    if (refs.length) throw conflict(opts.blocked(row, refs));
    await tx.delete(res.table as PgTable).where(eq(res.list.idColumn, id));
    await audit(tx, req, { action: 'delete', entity: res.entity, entityId: id, summary: opts.summary(row) });
  });
}

/** The PostgreSQL error behind a failed query (drizzle wraps it in `cause`). */
export function pgErrorOf(e: unknown): { code?: string; constraint?: string } {
  const err = e as { code?: string; cause?: { code?: string; constraint?: string } };
  return err.cause?.code ? err.cause : (err as { code?: string; constraint?: string });
}

/**
 * The full phone of a row the session may see, for POST /:id/reveal-phone; DOMAIN.md wants every
 * full view audited, so the answer leaves only after its audit row is written.
 */
export async function revealPhone<T extends PgTable>(db: Db, req: FastifyRequest, res: Resource<T>, id: number, phoneOf: (row: RowOf<T>) => string) {
  const row = await findRow(db, req, res, id);
  const phone = phoneOf(row);
  await audit(db, req, { action: 'reveal-phone', entity: res.entity, entityId: id, summary: `查看完整手机号 ${maskPhone(phone)}` });
  return { phone };
}
