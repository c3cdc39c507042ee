import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../server/db/schema';
import { customers } from '../../server/db/schema';
import { isoInstant } from '../../server/db/schema/columns';
import { createTestContext, type TestContext } from './support/testApp';

// What PostgreSQL prints for timestamptz in various session time zones and precisions.
const printed = [
  '2026-11-22 23:31:15.685+00',
  '2026-11-22 23:31:15.6+00',
  '2026-11-22 23:31:15.685999+00',
  '2026-11-22 23:31:15+00',
  '1999-01-01 00:00:00.001+00',
  '2026-11-23 07:31:15.685+08',
  '2026-11-22 18:01:15.5-05:30',
  '2026-03-29 02:30:00+01',
];

describe('isoInstant', () => {
  it.each(printed)('prints %s as a Date would, to the millisecond', (text) => {
    expect(isoInstant(text)).toBe(new Date(text).toISOString());
  });
});

describe('instant columns read from PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it.each(['UTC', 'Asia/Shanghai', 'America/St_Johns'])('give the same ISO string whatever the session time zone (%s)', async (zone) => {
    const client = await t.database.pool.connect();
    try {
      await client.query(`set time zone '${zone}'`);
      const db = drizzle(client, { schema });
      const at = (literal: string) => sql<string>`${literal}::timestamptz`.mapWith(customers.createdAt);
      const [row] = await db
        .select({ micro: at('2026-11-22T23:31:15.685999Z'), whole: at('2026-11-22T16:00:00Z'), old: at('1970-01-01T00:00:00.5Z') })
        .from(sql`(select 1) as one`);
      expect(row).toEqual({ micro: '2026-11-22T23:31:15.685Z', whole: '2026-11-22T16:00:00.000Z', old: '1970-01-01T00:00:00.500Z' });
    } finally {
      await client.query('reset time zone');
      client.release();
    }
  });
});
