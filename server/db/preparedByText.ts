import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();
/**
 * Beyond this many texts per process a statement runs unprepared: each prepared one costs memory
 * in every pooled connection, and the checkout's texts multiply with lines and staff shares.
 */
const MAX_TEXTS = 200;
const named = new Set<string>();

/**
 * Runs a statement as a named prepared statement whose name is a hash of its text, so PostgreSQL
 * parses and plans each distinct text once per connection instead of on every call (planning was
 * about a quarter of PostgreSQL's time per checkout, bench/README.md). Values are always
 * parameters, so the texts are as many as the shapes the caller builds: meant for hot statements
 * of few shapes.
 */
export async function executePrepared<Row extends Record<string, unknown>>(tx: DbOrTx, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  let name: string | undefined = `t_${createHash('sha1').update(query.sql).digest('base64url')}`;
  if (!named.has(name)) {
    if (named.size < MAX_TEXTS) named.add(name);
    else name = undefined;
  }
  const result = (await tx._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}
