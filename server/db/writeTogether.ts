import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { executePrepared } from './preparedByText';

/**
 * Several writes sent as one statement (`with w0 as (…), w1 as (…) <last>`): one round trip instead
 * of one each. Each round trip costs the server and PostgreSQL a socket write and a wake-up, and
 * inside a transaction that holds a busy row lock every round trip is time the lock is held
 * (bench/README.md, the checkout). The writes share the statement's snapshot, so none may read or
 * change a row another of them writes; foreign keys and triggers are checked at the statement's end,
 * as for any statement. `undefined` entries are left out. Prepared by its text (preparedByText.ts).
 */
export async function writeTogether(tx: DbOrTx, writes: (SQLWrapper | undefined)[]): Promise<void> {
  // getSQL(): a query builder put into a template as itself would be wrapped in parentheses.
  const parts = writes.filter((w): w is SQLWrapper => w !== undefined).map((w) => w.getSQL());
  if (!parts.length) return;
  const last = parts.pop()!;
  const ctes: SQL[] = parts.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
  await executePrepared(tx, ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : last);
}
