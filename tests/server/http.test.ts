import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { TOTAL_COUNT_HEADER } from '../../contract/envelope';
import { BODY_LIMIT } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { createTestContext, type TestContext } from './support/testApp';
import { query } from './support/authCalls';

const SHOPS = `${API.resourceBase}/shops`;
const CONSOLE_ORIGIN = 'https://console.example.com';

/** A response body must never carry a stack trace or an internal error text. */
function expectNoInternals(body: string) {
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(body).not.toMatch(/stack|node_modules|Failed query|relation "|TypeError|ReferenceError/i);
}

describe('security basics', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    token = await t.login('13800000001');
  });
  afterAll(async () => t?.close());

  it('sends the helmet security headers and no x-powered-by', async () => {
    for (const res of [
      await t.app.inject({ method: 'POST', url: API.loginPassword, payload: {} }),
      await t.app.inject({ method: 'GET', url: SHOPS, headers: { authorization: `Bearer ${token}` } }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers a body over 1 MB with 40000 (HTTP 400), never 500', async () => {
    const payload = JSON.stringify({ phone: '13800000001', password: 'x'.repeat(BODY_LIMIT) });
    const res = await t.app.inject({ method: 'POST', url: API.loginPassword, headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 40000, msg: '请求体过大', data: { fields: [] } });
  });

  it('answers malformed JSON with 40000 (HTTP 400)', async () => {
    for (const payload of ['{', '{"phone":', "{'phone':'1'}", '{"a":1}}', 'undefined']) {
      const res = await t.app.inject({ method: 'POST', url: API.loginPassword, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ code: 40000, msg: '请求体不是合法的 JSON', data: { fields: [] } });
      expectNoInternals(res.body);
    }
  });

  it('answers unknown API paths and wrong methods with the 40400 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/beer/backstage/user/login/nothing'],
      ['GET', API.loginPassword],
      ['DELETE', API.userInfo],
      ['GET', '/v1/graphql'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 40400, msg: '接口不存在', data: null });
    }
  });

  it('keeps CORS closed when no origins are configured', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: API.loginPassword,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const res = await t.app.inject({ method: 'POST', url: API.loginPassword, headers: { origin: 'https://evil.example' }, payload: {} });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an internal failure with a bare 50000 envelope, no stack trace', async () => {
    // A context of its own: its database loses a table underneath the app.
    const broken = await createTestContext();
    try {
      await query(broken, 'alter table accounts rename to accounts_gone');
      const res = await broken.app.inject({
        method: 'POST',
        url: API.loginPassword,
        payload: { phone: '13800000001', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 50000, msg: '服务器内部错误，请稍后重试', data: null });
      expectNoInternals(res.body);
    } finally {
      await query(broken, 'alter table accounts_gone rename to accounts');
      await broken.close();
    }
  });

  it('answers a unique violation raised by the database with 40900, not 500', async () => {
    const strict = await createTestContext();
    try {
      // Forces the race outcome: a second session of one account now breaks a unique index.
      await query(strict, 'create unique index sessions_one_per_account on sessions (account_id)');
      await strict.login('13800000003');
      const res = await strict.app.inject({
        method: 'POST',
        url: API.loginPassword,
        payload: { phone: '13800000003', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 40900, msg: '记录已存在，不能重复', data: null });
      expectNoInternals(res.body);
      // The failed login rolled back whole: no audit row claims a second login.
      expect(await query(strict, "select id from audit_logs where action = 'login'")).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });
});

describe('CORS with configured origins', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ corsOrigins: [CONSOLE_ORIGIN] });
  });
  afterAll(async () => t?.close());

  it('answers the preflight of a configured origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: API.loginPassword,
      headers: {
        origin: CONSOLE_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CONSOLE_ORIGIN);
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('exposes x-total-count to the configured origin only', async () => {
    const token = await t.login('13800000001');
    const res = await t.app.inject({ method: 'GET', url: SHOPS, headers: { origin: CONSOLE_ORIGIN, authorization: `Bearer ${token}` } });
    expect(res.headers['access-control-allow-origin']).toBe(CONSOLE_ORIGIN);
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain(TOTAL_COUNT_HEADER);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('3');

    const foreign = await t.app.inject({
      method: 'GET',
      url: SHOPS,
      headers: { origin: 'https://evil.example', authorization: `Bearer ${token}` },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const foreignPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: SHOPS,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(foreignPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
