import { createHash } from 'node:crypto';
import { is, Param, Placeholder, sql, SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();

/**
 * Beyond this many shapes per process a statement is made for its call only and runs unprepared:
 * each prepared one costs memory in every pooled connection, and the checkout's shapes multiply with
 * lines and staff shares.
 */
const MAX_SHAPES = 200;

/** A value of a call's values, found by its path ("order.id", "records.0.amountFen"). */
type Read = (values: object) => unknown;

/** A statement of one shape: its SQL made once, each call binding only its values. */
export interface ShapedStatement {
  /** The name PostgreSQL prepares it under (undefined beyond MAX_SHAPES: parsed and planned per call). */
  readonly name: string | undefined;
  readonly text: string;
  /** What each parameter is, in order: a constant of the shape or a value of the call, encoded as its column writes it. */
  readonly params: readonly Read[];
}

const shapes = new Map<string, ShapedStatement>();

/** The value at `path` in a call's values, for a statement's SQL (see shapedStatement). */
export const valueAt = (path: string) => sql.placeholder(path);

/**
 * The row (or rows) as placeholders of the values under `path`: `{ id: valueAt('order.id'), … }`, for
 * an insert or update. A field that is SQL stays SQL: it is part of the shape, the same in every call.
 */
export function valuesAt<T extends object>(path: string, row: T): T {
  if (Array.isArray(row)) return row.map((r, i) => valuesAt(`${path}.${i}`, r)) as T;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, is(v, SQL) ? v : valueAt(`${path}.${k}`)])) as T;
}

function readerOf(path: string): Read {
  const keys = path.split('.');
  return (values) => {
    let v: unknown = values;
    for (const k of keys) v = (v as Record<string, unknown> | undefined)?.[k];
    // A value the call left out would be sent as NULL, and an SQL one as its JSON: both mean the shape's key missed a difference.
    if (v === undefined || v instanceof SQL) throw new Error(`语句参数 ${path} ${v === undefined ? '缺失' : '是 SQL，形状不符'}`);
    return v;
  };
}

/** What one rendered parameter is per call: a value read by its placeholder's path (through its column's encoder), or a constant. */
function paramOf(p: unknown): Read {
  if (is(p, Placeholder)) return readerOf(p.name);
  if (is(p, Param) && is(p.value, Placeholder)) {
    const read = readerOf(p.value.name);
    const encoder = p.encoder;
    return (values) => {
      const v = read(values);
      return v === null ? null : encoder.mapToDriverValue(v);
    };
  }
  return () => p;
}

/**
 * The statement of `shape`: `build` makes its SQL with placeholders (valueAt, valuesAt) the first
 * time, and every later call of the same shape only binds its values (runShaped). A shape is what the
 * SQL depends on (which writes, how many rows; never a value), so the caller's key must name every
 * difference its builder makes. Making drizzle SQL was about half of the server's CPU per checkout
 * (bench/README.md), and a statement prepared once per connection spares PostgreSQL's parse and plan.
 */
export function shapedStatement(shape: string, build: () => SQL | SQLWrapper): ShapedStatement {
  const known = shapes.get(shape);
  if (known) return known;
  const query = dialect.sqlToQuery(build().getSQL());
  const keep = shapes.size < MAX_SHAPES;
  const made: ShapedStatement = {
    name: keep ? `s_${createHash('sha1').update(query.sql).digest('base64url')}` : undefined,
    text: query.sql,
    params: query.params.map(paramOf),
  };
  if (keep) shapes.set(shape, made);
  return made;
}

/** Runs the statement with this call's values; rows as pg gives them (times as PostgreSQL's text, as drizzle reads them). */
export async function runShaped<Row extends Record<string, unknown>>(
  db: DbOrTx,
  statement: ShapedStatement,
  values: object,
): Promise<Row[]> {
  const params = statement.params.map((read) => read(values));
  const result = (await db._.session.prepareQuery({ sql: statement.text, params }, undefined, statement.name, false).execute()) as {
    rows: Row[];
  };
  return result.rows;
}
