import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Several writes as one statement (`with a as (…), b as (…) <last>`): one round trip instead of one
 * each, and all or nothing. Each round trip costs the server and PostgreSQL a socket write and a
 * wake-up, and a transaction around several holds its row locks across them (bench/README.md, the
 * checkout). Each write but the last becomes a CTE under its name, so a later one can use an earlier
 * one's `returning` by that name. The writes share the statement's snapshot, so none sees a row
 * another writes; foreign keys and triggers are checked at the statement's end, as for any
 * statement. `undefined` entries are left out. Meant for a shaped statement's builder
 * (shapedStatement.ts), so it is made once per shape.
 */
export function writeTogether(writes: Record<string, SQLWrapper | undefined>): SQL {
  // getSQL(): a query builder put into a template as itself would be wrapped in parentheses.
  const parts = Object.entries(writes).flatMap(([name, w]) => (w ? [{ name, sql: w.getSQL() }] : []));
  const last = parts.pop();
  if (!last) throw new Error('writeTogether: no writes');
  const ctes: SQL[] = parts.map((w) => sql`${sql.identifier(w.name)} as (${w.sql})`);
  return ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${last.sql}` : last.sql;
}
