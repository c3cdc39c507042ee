import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLoad } from '../../server/seed/bulkLoad';
import { changeVersion } from '../../server/db/answerCache';
import { createTestContext, type TestContext } from './support/testApp';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('bulkLoad', () => {
  // seed:bench writes customers, staff and bookings in one transaction: their change counters' deferred events are still queued.
  it('loads a table in a transaction that already wrote it and the tables its keys name, and the counters still rise', async () => {
    const shop = t.demo.shopIds[0];
    const before = {
      calendar: await changeVersion(t.database.pool, 'calendar', shop),
      reports: await changeVersion(t.database.pool, 'reports', shop),
    };
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`update customers set name = name where shop_id = $1`, [shop]);
      await client.query(`update appointments set note = note where shop_id = $1`, [shop]);
      const copied = await bulkLoad(client, 'appointments', () =>
        client.query(`insert into appointments select * from appointments where false`).then((r) => r.rowCount),
      );
      expect(copied).toBe(0);
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_constraint where conrelid = 'appointments'::regclass and contype in ('f', 'x')`,
      );
      expect(rows[0].n).toBeGreaterThan(0);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await changeVersion(t.database.pool, 'calendar', shop)).not.toBe(before.calendar);
    expect(await changeVersion(t.database.pool, 'reports', shop)).not.toBe(before.reports);
  });
});
