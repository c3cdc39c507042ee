import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { createTestContext, type TestContext } from '../support/testApp';
import { ADMIN, MANAGER_1 } from '../support/restCalls';
import { API } from '../../../contract/api';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** Sends `head` on a raw socket and answers what the server wrote back before it closed, and when. */
function trickle(port: number, head: string): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => socket.destroy());
  });
}

/** The JSON body of a raw answer. */
const envelopeOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('requests that never finish', () => {
  it('gives a request 60 seconds to arrive whole and its headers 20', () => {
    expect(t.config.requestTimeoutMs).toBe(60_000);
    expect(t.config.headersTimeoutMs).toBe(20_000);
    expect(t.app.server.requestTimeout).toBe(60_000);
    expect(t.app.server.headersTimeout).toBe(20_000);
  });

  describe('on a listening server with short limits', () => {
    let app: FastifyInstance;
    let port: number;
    beforeAll(async () => {
      app = await buildApp({
        db: t.database.db,
        pool: t.database.pool,
        config: { ...t.config, requestTimeoutMs: 2000, headersTimeoutMs: 1000 },
        logger: false,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => app?.close());

    it('answers 408 to a body that stops coming', async () => {
      const r = await trickle(
        port,
        `POST ${API.loginPassword} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"phone"`,
      );
      expect(r.text).toMatch(/^HTTP\/1\.1 408/);
      expect(r.ms).toBeLessThan(8000);
      expect(envelopeOf(r.text)).toMatchObject({ code: 40000, data: null });
    });

    it('answers 408 to headers that stop coming', async () => {
      const r = await trickle(port, `GET ${API.userInfo} HTTP/1.1\r\nHost: x\r\n`);
      expect(r.text).toMatch(/^HTTP\/1\.1 408/);
      expect(r.ms).toBeLessThan(8000);
    });

    it('answers 431 with the envelope to an Authorization header over the size limit', async () => {
      const r = await trickle(port, `GET ${API.userInfo} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(r.text).toMatch(/^HTTP\/1\.1 431/);
      expect(r.text).toMatch(/content-type: application\/json/i);
      const body = envelopeOf(r.text);
      expect(body).toMatchObject({ code: 40000, data: null });
      expect(body.msg).toContain('请求头过大');
    });

    it('answers 400 with the envelope to bytes that are no HTTP', async () => {
      const r = await trickle(port, `NOT HTTP AT ALL\r\n\r\n`);
      expect(r.text).toMatch(/^HTTP\/1\.1 400/);
      expect(envelopeOf(r.text)).toMatchObject({ code: 40000, data: null });
    });
  });
});

describe('API answers are never cached', () => {
  it('sends Cache-Control: no-store on JSON answers with personal data and on errors', async () => {
    const admin = await t.login(ADMIN);
    const manager = await t.login(MANAGER_1);
    const customer = (
      await t.database.pool.query<{ id: number }>('select id from customers where shop_id = $1 order by id limit 1', [t.demo.shopIds[0]])
    ).rows[0].id;
    const calls: [string | undefined, 'GET' | 'POST', string][] = [
      [manager, 'GET', `${API.resourceBase}/customers`],
      [manager, 'GET', `${API.resourceBase}/customers/${customer}`],
      [manager, 'POST', `${API.resourceBase}/customers/${customer}/reveal-phone`],
      [manager, 'GET', `${API.resourceBase}/staff`],
      [admin, 'GET', `${API.resourceBase}/accounts`],
      [manager, 'POST', API.userInfo],
      [manager, 'POST', API.roleShop],
      [undefined, 'GET', `${API.resourceBase}/customers`],
      [undefined, 'GET', '/api/nothing-here'],
    ];
    for (const [token, method, url] of calls) {
      const res = await t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
  });
});
