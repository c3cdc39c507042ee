import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API } from '../../contract/api';
import { buildApp } from '../../server/app';
import { hashToken } from '../../server/auth/token';
import { createTestContext, type TestContext } from './support/testApp';
import { poster, query } from './support/authCalls';

const MANAGER = '13800000002';
const FINANCE = '13800000003';

let t: TestContext;
let post: ReturnType<typeof poster>;

beforeAll(async () => {
  t = await createTestContext();
  post = poster(t);
});
afterAll(async () => t?.close());

/** Changes rows with the triggers of migration 0002 switched off for this transaction, so no process hears of it. */
async function unheard(text: string, params: unknown[]): Promise<void> {
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(text, params);
    await client.query('commit');
  } finally {
    client.release();
  }
}

/**
 * A read as the console makes it (GET; a POST would itself empty the cache): the envelope code and
 * how many customers the session may see, which tells a shop's manager from financial staff.
 */
async function look(token: string, app: FastifyInstance = t.app) {
  const res = await app.inject({ method: 'GET', url: `${API.resourceBase}/customers?_start=0&_end=1`, headers: { authorization: `Bearer ${token}` } });
  return { code: (res.json() as { code: number }).code, visible: Number(res.headers['x-total-count']) };
}

describe('session cache', () => {
  it('serves a session it has looked up without reading it again', async () => {
    const token = await t.login(MANAGER);
    const asManager = await look(token);
    const [{ all }] = await query<{ all: number }>(t, 'select count(*)::int as "all" from customers');
    expect(asManager.visible).toBeLessThan(all);
    // A change nobody is told about stays unseen: proof that the answer came from the cache.
    await unheard("update sessions set role = 'financial-staff', shop_id = null where token_hash = $1", [hashToken(token)]);
    expect(await look(token)).toEqual(asManager);
    // Any change made normally reaches the cache through PostgreSQL's notification.
    await query(t, "update accounts set name = name || '·' where phone = $1", [MANAGER]);
    expect(await look(token)).toEqual({ code: 0, visible: all });
  });

  it('forgets everything when this process answers a write, so the caller sees it at once', async () => {
    const token = await t.login(FINANCE);
    expect((await look(token)).code).toBe(0);
    expect((await post(API.logout, undefined, { token })).body.code).toBe(0);
    expect((await look(token)).code).toBe(50008);
  });

  it('hears of a change made by another server process on the same database', async () => {
    const other = await buildApp({ db: t.database.db, pool: t.database.pool, config: t.config, logger: false });
    try {
      const token = await t.login(MANAGER);
      expect((await look(token, other)).code).toBe(0);
      expect((await post(API.logout, undefined, { token })).body.code).toBe(0);
      await other.sessionCache.sync(t.database.pool);
      expect((await look(token, other)).code).toBe(50008);
    } finally {
      await other.close();
    }
  });

  it('does not keep an answer read before a change that arrived meanwhile', async () => {
    const token = await t.login(MANAGER);
    const cache = t.app.sessionCache;
    const before = cache.generation();
    cache.clear();
    cache.set(hashToken(token), { stale: true } as never, before);
    expect(cache.get(hashToken(token))).toBeUndefined();
  });

  it('keeps nothing while it cannot listen, and listens again once it can', async () => {
    const token = await t.login(MANAGER);
    expect((await look(token)).code).toBe(0);
    await query(t, "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'");
    await expect.poll(() => t.app.sessionCache.active).toBe(false);
    // Now even a change nobody is told about is seen, since every request reads the database.
    await unheard('update sessions set revoked_at = now(), revoked_reason = $2 where token_hash = $1', [hashToken(token), 'disabled']);
    expect((await look(token)).code).toBe(50012);
    await expect.poll(() => t.app.sessionCache.active, { timeout: 5_000 }).toBe(true);
  });
});
