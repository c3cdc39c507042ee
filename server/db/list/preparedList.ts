import { fillPlaceholders, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Bind } from './listQuery';

/**
 * Beyond this many shapes per database a list is built per call, unprepared: shapes multiply with
 * filters and sort orders, and each prepared one costs memory in every pooled connection.
 */
const MAX_SHAPES = 500;
let named = 0;

/** What a drizzle prepared query offers that we use; its own type carries the row type. */
export interface Prepared<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
  getQuery(): { sql: string; params: unknown[] };
}

export interface PreparedPair<Row> {
  rows: Prepared<Row>;
  total: Prepared<{ total: number }>;
  /** The statement name both carry into PostgreSQL ('' when unprepared). */
  names: { rows: string; total: string };
}

/**
 * Builds the pair of statements of one list shape, given the names to prepare them under, with
 * whatever else is derived from the shape alone (how its rows are read).
 */
export type ListBuilder<Row, Extra extends object = object> = (names: {
  rows: string;
  total: string;
}) => Omit<PreparedPair<Row>, 'names'> & Extra;

const byDatabase = new WeakMap<Db, Map<string, PreparedPair<unknown>>>();

/**
 * The statements of a list page of this shape: built and prepared the first time (drizzle renders the
 * SQL once, PostgreSQL plans it once per connection), reused for every later call of the same shape.
 */
export function preparedList<Row, Extra extends object = object>(
  db: Db,
  shape: string,
  build: ListBuilder<Row, Extra>,
): PreparedPair<Row> & Extra {
  return knownList<Row, Extra>(db, shape) ?? prepareList(db, shape, build);
}

/** The statements already prepared for this shape, if any: a request looks them up before it makes a builder. */
export function knownList<Row, Extra extends object = object>(db: Db, shape: string): (PreparedPair<Row> & Extra) | undefined {
  return byDatabase.get(db)?.get(shape) as (PreparedPair<Row> & Extra) | undefined;
}

/** Builds and keeps the statements of a shape not prepared yet (beyond MAX_SHAPES, builds them for this call only). */
export function prepareList<Row, Extra extends object = object>(
  db: Db,
  shape: string,
  build: ListBuilder<Row, Extra>,
): PreparedPair<Row> & Extra {
  let shapes = byDatabase.get(db);
  if (!shapes) byDatabase.set(db, (shapes = new Map()));
  if (shapes.size >= MAX_SHAPES) {
    const names = { rows: '', total: '' };
    return { ...build(names), names };
  }
  const n = named++;
  const names = { rows: `list_${n}_rows`, total: `list_${n}_total` };
  const pair = { ...build(names), names };
  shapes.set(shape, pair as PreparedPair<unknown>);
  return pair;
}

const valueNames: string[] = [];
/** The name of the n-th value a request binds: v0, v1, … */
const valueName = (n: number) => (valueNames[n] ??= `v${n}`);

/**
 * A binder keeping the n-th value under the n-th name in `values` and answering what `as` makes of
 * it: placeholders when a shape is prepared, the values themselves when it is already known.
 */
function binder(values: Record<string, unknown>, as: (name: string, value: unknown) => unknown): Bind {
  let n = 0;
  return <V>(value: V) => {
    const name = valueName(n++);
    values[name] = value;
    return as(name, value) as V;
  };
}

const asPlaceholder = (name: string) => sql.placeholder(name);
const asValue = (_name: string, value: unknown) => value;

/** A binder that turns every value into a numbered placeholder and keeps the values to execute with. */
export function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  return { values, bind: binder(values, asPlaceholder) };
}

/**
 * A binder that keeps every value under the name placeholders() would give it and answers the value
 * itself: a request of a shape already prepared binds its values this way, making no SQL.
 */
export function boundValues(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  return { values, bind: binder(values, asValue) };
}

/** One statement as PostgreSQL receives it, for running the very same SQL without the server (bench/customers.ts). */
export function statementOf(prepared: Prepared<unknown>, name: string, values: Record<string, unknown>) {
  const { sql: text, params } = prepared.getQuery();
  return { name: name || undefined, text, values: fillPlaceholders(params, values) };
}
