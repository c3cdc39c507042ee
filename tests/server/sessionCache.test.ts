import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { API } from '../../contract/api';
import { buildApp } from '../../server/app';
import { hashToken } from '../../server/auth/token';
import { createTestContext, type TestContext } from './support/testApp';
import { poster, query } from './support/authCalls';
import { rest } from './support/restCalls';

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
  const res = await app.inject({
    method: 'GET',
    url: `${API.resourceBase}/customers?_start=0&_end=1`,
    headers: { authorization: `Bearer ${token}` },
  });
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

  it('keeps its sessions across the writes of the checkout and the calendar, which change nothing a lookup reads', async () => {
    const token = await t.login(MANAGER);
    const call = rest(t);
    const [shop1] = t.demo.shopIds;
    const listener = new pg.Client({ connectionString: (t.database.pool.options as { connectionString: string }).connectionString });
    const heard: string[] = [];
    await listener.connect();
    try {
      listener.on('notification', (n) => heard.push(`${n.channel}: ${n.payload}`));
      await listener.query('listen session_changed');
      const asManager = await look(token);
      // Unheard, so only a cleared cache would show it.
      await unheard("update sessions set role = 'financial-staff', shop_id = null where token_hash = $1", [hashToken(token)]);

      const [program] = await query<{ id: number }>(t, `select id from programs where status = 'on' and price_fen > 0 order by id limit 1`);
      const [customer] = await query<{ id: number }>(t, 'select id from customers where shop_id = $1 order by id limit 1', [shop1]);
      const [artist] = await query<{ id: number }>(t, `select id from staff where shop_id = $1 and status = 'active' order by id limit 1`, [
        shop1,
      ]);
      const orderBody = {
        customerId: customer.id,
        lines: [{ programId: program.id, quantity: 1, discountFen: 0 }],
        staffShares: [{ staffId: artist.id, shareBp: 10_000 }],
      };
      const expectOk = (r: { body: { code: number } }) => expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
      const order = (await call(token, 'POST', '/orders', orderBody)).body.data;
      expectOk(await call(token, 'POST', `/orders/${order.id}/pay`, { payments: [{ method: 'cash', amountFen: order.payableFen }] }));
      const unpaid = (await call(token, 'POST', '/orders', orderBody)).body.data;
      expectOk(await call(token, 'POST', `/orders/${unpaid.id}/cancel`, { reason: '顾客改天再来' }));
      const request = await call(token, 'POST', '/after-sales', { orderId: order.id, type: 'complaint', reason: '等待时间长' });
      expectOk(request);
      expectOk(await call(token, 'POST', `/after-sales/${request.body.data.id}/withdraw`, {}));
      const day = new Date(Date.now() + 8 * 3600_000 + 40 * 86_400_000).toISOString().slice(0, 10);
      const booking = await call(token, 'POST', '/appointments', {
        customerId: customer.id,
        programId: program.id,
        staffId: artist.id,
        durationMinutes: 60,
        startAt: new Date(`${day}T11:00:00+08:00`).toISOString(),
      });
      expectOk(booking);
      const id = booking.body.data.id;
      expectOk(await call(token, 'PATCH', `/appointments/${id}`, { startAt: new Date(`${day}T12:00:00+08:00`).toISOString() }));
      expectOk(await call(token, 'POST', `/appointments/${id}/confirm`, {}));
      expectOk(await call(token, 'POST', `/appointments/${id}/cancel`, { reason: '顾客临时有事' }));

      expect(await look(token)).toEqual(asManager);
      // Notifications arrive in commit order: once this marker is heard, every write's would have been.
      await query(t, `select pg_notify('session_changed', 'marker')`);
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      expect(heard).toEqual(['session_changed: marker']);
    } finally {
      await listener.end();
    }
  });
});
