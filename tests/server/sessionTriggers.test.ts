import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLookupQuery } from '../../server/auth/sessionGuard';
import { createTestContext, type TestContext } from './support/testApp';

/**
 * Each server process caches session lookups and forgets them when a trigger of migration 0002
 * announces a change. A column the lookup reads that no trigger watches would let a cached session
 * outlive a change (a role switch, a disabled account); a trigger on a column the lookup no longer
 * reads empties every cache for nothing. This keeps the two in step.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** Columns a lookup reads whose change needs no notice: keys never updated, and a reason written only with revoked_at. */
const NEVER_CHANGED_ALONE = new Set(['sessions.id', 'accounts.id', 'shops.id', 'sessions.revoked_reason']);

describe('session cache triggers and the session lookup', () => {
  it('watch exactly the columns the lookup reads', async () => {
    const text = sessionLookupQuery(t.database.db).toSQL().sql;
    const read = new Set([...text.matchAll(/"(sessions|accounts|shops)"\."(\w+)"/g)].map(([, table, column]) => `${table}.${column}`));
    expect(read.size).toBeGreaterThan(5);

    const { rows } = await t.database.pool.query<{ table: string; def: string }>(
      `select c.relname as table, pg_get_triggerdef(tg.oid) as def from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
       where not tg.tgisinternal and pg_get_triggerdef(tg.oid) like '%notify_session_changed%'`,
    );
    const watched = new Set(rows.flatMap((r) => [...r.def.matchAll(/old\.(\w+)/gi)].map(([, column]) => `${r.table}.${column}`)));
    // Every table the lookup reads is watched for deletes too.
    const deleteWatched = new Set(rows.filter((r) => /AFTER DELETE/i.test(r.def)).map((r) => r.table));

    const needed = [...read].filter((c) => !NEVER_CHANGED_ALONE.has(c)).sort();
    expect([...watched].filter((c) => !needed.includes(c)).sort()).toEqual([]);
    expect(needed.filter((c) => !watched.has(c))).toEqual([]);
    expect([...deleteWatched].sort()).toEqual([...new Set([...read].map((c) => c.split('.')[0]))].sort());
  });
});
