import { maskPhone } from '../../contract/mask';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { CAPTCHA_DAILY_MAX, CAPTCHA_MAX_TRIES, CAPTCHA_FAILED } from '../../server/auth/captcha';
import { createTestContext, type TestContext } from './support/testApp';
import { auditActions, poster, query } from './support/authCalls';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const FINANCE = '13800000003';
const MANAGER3 = '13800000004';
const UNKNOWN = '13912345678';
const FAILED = { code: 40000, msg: CAPTCHA_FAILED, data: { fields: [] } };

describe('login captcha', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  // Each test comes from its own client, so the per-IP limits never mix into these rules.
  let ip = 0;
  const next = () => `10.30.0.${++ip}`;
  const requestCode = (phone: string) => post(API.getCaptcha, { phone }, { ip: next() });
  const loginWith = (phone: string, captcha: string) => post(API.loginCaptcha, { phone, captcha }, { ip: next() });
  /** Makes the phone's codes look older, as if time had passed. */
  const age = (phone: string, interval: string) =>
    query(t, `update captchas set created_at = created_at - $2::interval, expires_at = expires_at - $2::interval where phone = $1`, [
      phone,
      interval,
    ]);

  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
  });
  beforeEach(() => {
    t.sms.length = 0;
  });
  afterAll(async () => t?.close());

  it('sends a 6-digit code through the SMS sender, never in the response, stored hashed for 5 minutes', async () => {
    const r = await requestCode(MANAGER3);
    expect(r.body).toEqual({ code: 0, msg: '验证码已发送，5 分钟内有效', data: null });
    expect(t.sms).toHaveLength(1);
    const { phone, code } = t.sms[0];
    expect(phone).toBe(MANAGER3);
    expect(code).toMatch(/^\d{6}$/);
    expect(r.raw).not.toContain(code);
    const rows = await query<{ code_hash: string; ttl: number }>(
      t,
      'select code_hash, extract(epoch from expires_at - created_at)::int as ttl from captchas where phone = $1',
      [MANAGER3],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].ttl).toBe(300);
    expect(await auditActions(t, t.demo.accountIds[MANAGER3])).toEqual(['captcha-sent']);
    const [audit] = await query<{ summary: string }>(t, "select summary from audit_logs where action = 'captcha-sent'");
    expect(audit.summary).not.toContain(code);
  });

  it('logs in with the code once; the same code then fails', async () => {
    await age(MANAGER3, '2 minutes');
    await requestCode(MANAGER3);
    const { code } = t.sms[0];
    const r = await loginWith(MANAGER3, code);
    expect(r.body.code).toBe(0);
    const info = await post(API.userInfo, undefined, { token: r.body.data.token });
    expect(info.body.data).toMatchObject({ name: '陈店长', role: 'shop-manager', shopID: t.demo.shopIds[2] });
    expect((await auditActions(t, t.demo.accountIds[MANAGER3])).at(-1)).toBe('login');
    const [audit] = await query<{ summary: string }>(t, "select summary from audit_logs where action = 'login' order by id desc limit 1");
    expect(audit.summary).toBe('验证码登录');

    const again = await loginWith(MANAGER3, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(FAILED);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    await requestCode(FINANCE);
    const { code } = t.sms[0];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < CAPTCHA_MAX_TRIES; i++) expect((await loginWith(FINANCE, wrong)).body).toEqual(FAILED);
    expect((await loginWith(FINANCE, code)).body).toEqual(FAILED);
    const audits = await query<{ summary: string }>(
      t,
      "select summary from audit_logs where action = 'login-failed' and summary like $1 order by id",
      [`验证码登录 ${maskPhone(FINANCE)}%`],
    );
    expect(audits.map((a) => a.summary.split('：')[1])).toEqual([
      ...Array(CAPTCHA_MAX_TRIES).fill('验证码错误'),
      '错误次数过多，验证码已失效',
    ]);
  });

  it('accepts the right code after 4 wrong tries', async () => {
    await requestCode(ADMIN);
    const { code } = t.sms[0];
    for (let i = 0; i < CAPTCHA_MAX_TRIES - 1; i++) await loginWith(ADMIN, code === '000000' ? '111111' : '000000');
    expect((await loginWith(ADMIN, code)).body.code).toBe(0);
  });

  it('refuses an expired code and a code replaced by a newer one', async () => {
    await requestCode(MANAGER);
    const first = t.sms[0].code;
    await age(MANAGER, '61 seconds');
    await requestCode(MANAGER);
    const second = t.sms[1].code;
    if (first !== second) expect((await loginWith(MANAGER, first)).body).toEqual(FAILED);
    await age(MANAGER, '5 minutes');
    expect((await loginWith(MANAGER, second)).body).toEqual(FAILED);
  });

  it('allows one code per phone per 60 seconds, saying when to retry', async () => {
    const phone = '13911110000';
    await requestCode(phone);
    const r = await requestCode(phone);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(42900);
    expect(r.body.msg).toMatch(/^验证码已发送，请勿频繁获取，请在 \d{1,2} 秒后重试$/);
    expect(r.body.data.retryAfter).toBeGreaterThan(50);
    await age(phone, '61 seconds');
    expect((await requestCode(phone)).body.code).toBe(0);
  });

  it(`allows ${CAPTCHA_DAILY_MAX} codes per phone in 24 hours, saying when to retry`, async () => {
    await query(t, 'delete from captchas where phone = $1', [MANAGER]);
    // Nine codes sent 2 to 10 hours ago, then the tenth now.
    await query(
      t,
      `insert into captchas (phone, code_hash, created_at, expires_at)
       select $1, repeat('0', 64), now() - make_interval(hours => g), now() - make_interval(hours => g) + interval '5 minutes' from
         generate_series(2, $2::int + 1) g`,
      [MANAGER, CAPTCHA_DAILY_MAX - 1],
    );
    expect((await requestCode(MANAGER)).body.code).toBe(0);
    await query(
      t,
      "update captchas set created_at = created_at - interval '61 seconds' where phone = $1 and created_at > now() - interval '1 hour'",
      [MANAGER],
    );
    const r = await requestCode(MANAGER);
    expect(r.status).toBe(429);
    expect(r.body.msg).toMatch(/^24 小时内最多获取 10 次验证码，请在 \d{1,2}\/\d{1,2} \d{2}:\d{2} 后重试$/);
    // The oldest of the ten was sent 10 hours ago: it leaves the 24 hours in 14.
    expect(Math.round(r.body.data.retryAfter / 3600)).toBe(14);
    expect(t.sms).toHaveLength(1);
  });

  it('answers the same for an unknown or disabled phone but sends nothing', async () => {
    const unknown = await requestCode(UNKNOWN);
    expect(unknown.body).toEqual({ code: 0, msg: '验证码已发送，5 分钟内有效', data: null });
    // The same limits apply, so a second request does not tell the phones apart either.
    expect((await requestCode(UNKNOWN)).body.code).toBe(42900);
    await query(t, "update accounts set status = 'disabled' where phone = $1", [ADMIN]);
    await age(ADMIN, '2 minutes');
    const disabled = await requestCode(ADMIN);
    await query(t, "update accounts set status = 'active' where phone = $1", [ADMIN]);
    expect(disabled.body).toEqual(unknown.body);
    expect(t.sms).toEqual([]);
    const skipped = await query<{ summary: string }>(
      t,
      "select summary from audit_logs where action = 'captcha-skipped' and left(summary, 11) in ($1, $2) order by id",
      [maskPhone(UNKNOWN), maskPhone(ADMIN)],
    );
    expect(skipped.map((s) => s.summary)).toEqual([
      `${maskPhone(UNKNOWN)} 未注册或已停用，未发送验证码`,
      `${maskPhone(ADMIN)} 未注册或已停用，未发送验证码`,
    ]);
    for (const code of ['000000', '123456', '999999']) expect((await loginWith(UNKNOWN, code)).body).toEqual(FAILED);
    expect((await loginWith('13922223333', '123456')).body).toEqual(FAILED);
  });

  it('keeps no code and starts no wait when the SMS provider fails', async () => {
    const ctx = await createTestContext();
    const sender = ctx.app.sms;
    try {
      // Swap the decorated sender for one whose provider is down.
      Object.assign(ctx.app, { sms: { sendLoginCode: async () => Promise.reject(new Error('provider down')) } });
      const r = await ctx.app.inject({ method: 'POST', url: API.getCaptcha, payload: { phone: ADMIN } });
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({ code: 50000, msg: '验证码发送失败，请稍后重试', data: null });
      expect(await query(ctx, 'select id from captchas')).toEqual([]);
      Object.assign(ctx.app, { sms: sender });
      expect((await ctx.app.inject({ method: 'POST', url: API.getCaptcha, payload: { phone: ADMIN } })).json().code).toBe(0);
      expect(ctx.sms).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});
