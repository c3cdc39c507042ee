import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { AUTH_RATE_LIMITS } from '../../server/auth/rateLimit';
import { MAX_LOGIN_FAILURES } from '../../server/auth/loginThrottle';
import { createTestContext, type TestContext } from './support/testApp';
import { auditActions, freshRateWindow, poster, query } from './support/authCalls';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const FINANCE = '13800000003';
const MANAGER3 = '13800000004';
const LOCKED_MSG = /^登录失败次数过多，请在 1[45] 分钟后（\d{2}:\d{2}）重试$/;

describe('login lock-out after repeated failures', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
  });
  afterAll(async () => t?.close());

  it('refuses even the right password from that address with 42900 after 5 failures in 15 minutes, then lifts', async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      const r = await post(API.loginPassword, { phone: ADMIN, password: `Wrong${i}xyz` }, { ip: '10.10.0.1' });
      expect(r.body.code).toBe(40000);
    }
    for (let i = 0; i < 3; i++) {
      const locked = await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip: '10.10.0.1' });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe(42900);
      expect(locked.body.msg).toMatch(LOCKED_MSG);
      expect(locked.body.data.retryAfter).toBeGreaterThan(14 * 60);
      expect(locked.body.data.retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(locked.headers['retry-after']).toBe(String(locked.body.data.retryAfter));
    }
    // Refusals during the lock-out do not extend it, and leave one audit row for the lock.
    const [{ failures }] = await query<{ failures: number }>(
      t,
      'select count(*)::int as failures from login_attempts where phone = $1 and not ok',
      [ADMIN],
    );
    expect(failures).toBe(MAX_LOGIN_FAILURES);
    expect(await auditActions(t, t.demo.accountIds[ADMIN])).toEqual(Array(MAX_LOGIN_FAILURES).fill('login-failed'));
    expect((await auditActions(t)).filter((a) => a === 'login-locked')).toEqual(['login-locked']);

    // Other phones are not affected.
    expect((await post(API.loginPassword, { phone: FINANCE, password: DEMO_PASSWORD }, { ip: '10.10.0.2' })).body.code).toBe(0);

    // A quarter of an hour later the oldest failure has left the window.
    await query(t, "update login_attempts set created_at = created_at - interval '15 minutes' where phone = $1", [ADMIN]);
    expect((await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip: '10.10.0.1' })).body.code).toBe(0);
  });

  it('counts only the failures since the last successful login', async () => {
    const attempt = (password: string) => post(API.loginPassword, { phone: MANAGER3, password }, { ip: '10.10.0.3' });
    for (let i = 0; i < MAX_LOGIN_FAILURES - 1; i++) expect((await attempt('Wrong1234')).body.code).toBe(40000);
    expect((await attempt(DEMO_PASSWORD)).body.code).toBe(0);
    for (let i = 0; i < MAX_LOGIN_FAILURES - 1; i++) expect((await attempt('Wrong1234')).body.code).toBe(40000);
    expect((await attempt(DEMO_PASSWORD)).body.code).toBe(0);
  });

  it('locks an unknown phone the same way, so the lock-out reveals nothing', async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++)
      expect((await post(API.loginPassword, { phone: '13912345678', password: 'Wrong1234' }, { ip: '10.10.0.4' })).body.code).toBe(40000);
    const locked = await post(API.loginPassword, { phone: '13912345678', password: 'Wrong1234' }, { ip: '10.10.0.4' });
    expect(locked.body.msg).toMatch(LOCKED_MSG);
  });

  it('counts racing attempts right: exactly 5 of 9 parallel wrong attempts are checked', async () => {
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) => post(API.loginPassword, { phone: MANAGER, password: `Wrong${i}abc` }, { ip: '10.10.1.1' })),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([...Array(5).fill(40000), ...Array(4).fill(42900)]);
    const [{ n }] = await query<{ n: number }>(t, 'select count(*)::int as n from login_attempts where phone = $1', [MANAGER]);
    expect(n).toBe(MAX_LOGIN_FAILURES);
  });
});

describe('per-IP rate limits on the auth calls', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
  });
  afterAll(async () => t?.close());

  it(`allows ${AUTH_RATE_LIMITS.login.max} login calls a minute per IP, password and captcha together`, async () => {
    const ip = '10.20.0.1';
    await freshRateWindow(t);
    for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) {
      const r = await post(i % 2 ? API.loginCaptcha : API.loginPassword, {}, { ip });
      expect(r.body.code, `call ${i + 1}`).toBe(40000);
    }
    const limited = await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(42900);
    expect(limited.body.msg).toMatch(/^请求过于频繁，请在 \d{1,2} 秒后重试$/);
    expect(limited.body.data.retryAfter).toBeGreaterThan(0);
    expect(limited.body.data.retryAfter).toBeLessThanOrEqual(60);
    // Counted before the body is read: even malformed JSON is refused for the limit, not parsed.
    const malformed = await t.app.inject({
      method: 'POST',
      url: API.loginCaptcha,
      headers: { 'content-type': 'application/json' },
      payload: '{',
      remoteAddress: ip,
    });
    expect(malformed.statusCode).toBe(429);
    const [row] = await query<{ hits: number }>(t, 'select hits from rate_limit_hits where key = $1', [`login:${ip}`]);
    expect(row.hits).toBe(AUTH_RATE_LIMITS.login.max + 2);

    // Another client is not affected; the next window starts afresh.
    expect((await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip: '10.20.0.2' })).body.code).toBe(0);
    await query(t, "update rate_limit_hits set window_start = window_start - interval '1 minute' where key = $1", [`login:${ip}`]);
    expect((await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip })).body.code).toBe(0);
  });

  it(`allows ${AUTH_RATE_LIMITS.captcha.max} captcha requests a minute per IP`, async () => {
    const ip = '10.20.0.3';
    await freshRateWindow(t);
    for (let i = 0; i < AUTH_RATE_LIMITS.captcha.max; i++) {
      expect((await post(API.getCaptcha, { phone: `1390000${String(i).padStart(4, '0')}` }, { ip })).body.code).toBe(0);
    }
    const limited = await post(API.getCaptcha, { phone: '13900009999' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^请求过于频繁/);
    expect(t.sms).toEqual([]);
  });

  it(`allows ${AUTH_RATE_LIMITS.password.max} password changes a minute per IP`, async () => {
    const ip = '10.20.0.4';
    const token = await t.login(FINANCE);
    await freshRateWindow(t);
    for (let i = 0; i < AUTH_RATE_LIMITS.password.max; i++) {
      expect((await post(API.passwordModify, { oldPassword: `Guess${i}abc`, newPassword: 'Better2027' }, { token, ip })).body.code).toBe(
        40000,
      );
    }
    const limited = await post(API.passwordModify, { oldPassword: DEMO_PASSWORD, newPassword: 'Better2027' }, { token, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(42900);
  });

  it('uses the forwarded client IP only when the proxy is trusted', async () => {
    const trusted = await createTestContext({ trustProxy: true });
    try {
      const send = (forwarded: string) =>
        trusted.app.inject({
          method: 'POST',
          url: API.getCaptcha,
          payload: {},
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress: '10.20.0.5',
        });
      await freshRateWindow(trusted);
      for (let i = 0; i < AUTH_RATE_LIMITS.captcha.max; i++) await send('203.0.113.7');
      expect((await send('203.0.113.7')).statusCode).toBe(429);
      expect((await send('203.0.113.8')).statusCode).toBe(400);
    } finally {
      await trusted.close();
    }
  });

  it('cleans old windows, login attempts and captchas when a new window starts', async () => {
    await query(
      t,
      "insert into rate_limit_hits (key, window_start, hits) values ('login:10.99.0.1', now() - interval '2 hours', 5), ('login:1" +
        "0.99.0.2', now() - interval '10 minutes', 5)",
    );
    await query(
      t,
      "insert into login_attempts (phone, ok, created_at) values ('13700000001', false, now() - interval '2 days'), ('13700000002" +
        "', false, now() - interval '1 hour')",
    );
    await query(
      t,
      "insert into captchas (phone, code_hash, created_at, expires_at) values ('13700000001', repeat('a', 64), now() - interval '" +
        "3 days', now() - interval '3 days'), ('13700000002', repeat('a', 64), now() - interval '20 hours', now() - interval '20 hours')",
    );
    await post(API.loginPassword, {}, { ip: '10.20.0.6' });
    expect((await query<{ key: string }>(t, "select key from rate_limit_hits where key like 'login:10.99.%'")).map((r) => r.key)).toEqual([
      'login:10.99.0.2',
    ]);
    expect(
      (await query<{ phone: string }>(t, "select phone from login_attempts where phone like '1370000000%'")).map((r) => r.phone),
    ).toEqual(['13700000002']);
    expect((await query<{ phone: string }>(t, "select phone from captchas where phone like '1370000000%'")).map((r) => r.phone)).toEqual([
      '13700000002',
    ]);
  });
});
