import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement whose name is a hash of its text, so PostgreSQL
 * parses and plans each distinct text once per connection instead of on every call (planning was
 * about a quarter of PostgreSQL's time per checkout, bench/README.md). Values are always
 * parameters, so the texts are as many as the shapes the caller builds; for hot statements of few
 * shapes only.
 */
export async function executePrepared<Row extends Record<string, unknown>>(tx: DbOrTx, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `t_${createHash('sha1').update(query.sql).digest('base64url')}`;
  const result = (await tx._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}
