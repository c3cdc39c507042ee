import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/api';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { MAX_LOGIN_FAILURES, MAX_PHONE_FAILURES, PHONE_LOCKED } from '../../../server/auth/loginThrottle';
import { createTestContext, type TestContext } from '../support/testApp';
import { poster, query } from '../support/authCalls';
import { ADMIN, FINANCE } from '../support/restCalls';

let t: TestContext;
let post: ReturnType<typeof poster>;
beforeAll(async () => {
  t = await createTestContext();
  post = poster(t);
});
afterAll(async () => t?.close());

const lockRows = async () =>
  (await query<{ summary: string }>(t, `select summary from audit_logs where action = 'login-locked' order by id`)).map((r) => r.summary);

describe('password-login lock-out', () => {
  it('locks only the address that failed, so nobody can lock the owner out from elsewhere', async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++)
      expect((await post(API.loginPassword, { phone: ADMIN, password: 'Wrong-1234' }, { ip: '10.20.0.1' })).body.code).toBe(40000);
    const locked = await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip: '10.20.0.1' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip: '10.20.0.2' })).body.code).toBe(0);
  });

  it('pauses password login for a phone failed from many addresses, says an SMS code works, and audits the lock once', async () => {
    for (let i = 0; i < MAX_PHONE_FAILURES; i++) {
      // Never five from one address: no address lock forms.
      const r = await post(API.loginPassword, { phone: FINANCE, password: 'Wrong-1234' }, { ip: `10.30.${Math.floor(i / 4)}.${i % 4}` });
      expect(r.body.code).toBe(40000);
    }
    for (const ip of ['10.40.0.1', '10.40.0.2', '10.40.0.3']) {
      const r = await post(API.loginPassword, { phone: FINANCE, password: DEMO_PASSWORD }, { ip });
      expect(r.status).toBe(429);
      expect(r.body.msg.startsWith(`${PHONE_LOCKED}，请在`)).toBe(true);
      expect(r.body.msg).toContain('短信验证码');
      expect(Number(r.headers['retry-after'])).toBe(r.body.data.retryAfter);
    }
    const rows = await lockRows();
    expect(rows.filter((s) => s.includes('138****0003'))).toHaveLength(1);
    // An SMS code still logs in.
    expect((await post(API.getCaptcha, { phone: FINANCE }, { ip: '10.40.0.4' })).body.code).toBe(0);
    const code = t.sms.at(-1)!.code;
    expect((await post(API.loginCaptcha, { phone: FINANCE, captcha: code }, { ip: '10.40.0.4' })).body.code).toBe(0);
  });

  it('keeps its state in PostgreSQL, never in the process', async () => {
    const [{ n }] = await query<{ n: number }>(t, `select count(*)::int as n from rate_limit_hits where key like 'login-locked:%'`);
    expect(n).toBe(2);
  });
});
