import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { DEMO_PASSWORD, DEMO_SHOPS } from '../../server/seed/demo';
import { createTestContext, type TestContext } from './support/testApp';
import { auditActions, poster, query } from './support/authCalls';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const FINANCE = '13800000003';
const MANAGER3 = '13800000004';

describe('password login', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
  });
  afterAll(async () => t?.close());

  it('answers a random token and stores only its SHA-256', async () => {
    const { status, body } = await post(API.loginPassword, { phone: ADMIN, password: DEMO_PASSWORD }, { ip: '10.1.0.1' });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const token: string = body.data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await query<{ token_hash: string; role: string }>(t, 'select token_hash, role from sessions where account_id = $1', [
      t.demo.accountIds[ADMIN],
    ]);
    expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(token).digest('hex'), role: 'admin' }]);
    expect(await auditActions(t, t.demo.accountIds[ADMIN])).toEqual(['login']);
  });

  it('gives one message for a wrong password, an unknown phone and a disabled account', async () => {
    await query(t, "update accounts set status = 'disabled' where phone = $1", [MANAGER3]);
    const wrongPassword = await post(API.loginPassword, { phone: FINANCE, password: 'Wrong1234' }, { ip: '10.1.0.2' });
    const unknownPhone = await post(API.loginPassword, { phone: '13999999999', password: DEMO_PASSWORD }, { ip: '10.1.0.2' });
    const disabled = await post(API.loginPassword, { phone: MANAGER3, password: DEMO_PASSWORD }, { ip: '10.1.0.2' });
    await query(t, "update accounts set status = 'active' where phone = $1", [MANAGER3]);
    for (const r of [wrongPassword, unknownPhone, disabled]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 40000, msg: '手机号或密码错误', data: { fields: [] } });
    }
    const audits = await query<{ action: string; account_id: number | null; summary: string }>(
      t,
      "select action, account_id, summary from audit_logs where action = 'login-failed' order by id",
    );
    expect(audits.map((a) => [a.action, a.account_id])).toEqual([
      ['login-failed', t.demo.accountIds[FINANCE]],
      ['login-failed', null],
      ['login-failed', t.demo.accountIds[MANAGER3]],
    ]);
    // The audit trail (not the client) records why.
    expect(audits.map((a) => a.summary)).toEqual([
      expect.stringContaining('密码错误'),
      expect.stringContaining('手机号未注册'),
      expect.stringContaining('账号已停用'),
    ]);
  });

  it('acts as the first grant by id after login', async () => {
    const token = await t.login(MANAGER);
    const { body } = await post(API.userInfo, undefined, { token });
    expect(body.data).toMatchObject({ role: 'shop-manager', shopID: t.demo.shopIds[0], shop: DEMO_SHOPS[0].name });
  });

  it('treats SQL and HTML in the password as text', async () => {
    for (const password of ["' or '1'='1", '<script>alert(1)</script>', `${DEMO_PASSWORD}' --`]) {
      const r = await post(API.loginPassword, { phone: FINANCE, password }, { ip: '10.1.0.3' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('手机号或密码错误');
    }
    await query(t, 'delete from login_attempts');
  });

  it('refuses an account without any grant with 40300 and audits it', async () => {
    const id = t.demo.accountIds[FINANCE];
    await query(t, 'delete from account_grants where account_id = $1', [id]);
    const r = await post(API.loginPassword, { phone: FINANCE, password: DEMO_PASSWORD }, { ip: '10.1.0.4' });
    await query(t, "insert into account_grants (account_id, role) values ($1, 'financial-staff')", [id]);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(40300);
    expect((await auditActions(t, id)).at(-1)).toBe('login-failed');
  });
});

describe('logout, user info and tokens', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
  });
  afterAll(async () => t?.close());

  it('user/info answers the account and its current grant', async () => {
    const manager = await post(API.userInfo, undefined, { token: await t.login(MANAGER) });
    expect(manager.body).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        accountId: t.demo.accountIds[MANAGER],
        name: '王店长',
        remark: '',
        avatar: '',
        jobName: '店长',
        phone: MANAGER,
        role: 'shop-manager',
        shop: DEMO_SHOPS[0].name,
        shopID: t.demo.shopIds[0],
      },
    });
    const admin = await post(API.userInfo, undefined, { token: await t.login(ADMIN) });
    expect(admin.body.data).toMatchObject({ name: '林管理', role: 'admin', shop: null, shopID: null });
  });

  it('logout ends the session on the server: the token then gets 50008', async () => {
    const token = await t.login(FINANCE);
    const out = await post(API.logout, undefined, { token });
    expect(out.body).toEqual({ code: 0, msg: 'ok', data: null });
    const after = await post(API.userInfo, undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50008);
    const again = await post(API.logout, undefined, { token });
    expect(again.body.code).toBe(50008);
    const [row] = await query<{ revoked_reason: string }>(t, 'select revoked_reason from sessions where account_id = $1', [
      t.demo.accountIds[FINANCE],
    ]);
    expect(row.revoked_reason).toBe('logout');
    expect(await auditActions(t, t.demo.accountIds[FINANCE])).toEqual(['login', 'logout']);
    // docs/api.md's list of codes says the same.
    const codeRow = (code: number) =>
      fs
        .readFileSync('docs/api.md', 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`- \`${code}\``)) ?? '';
    expect(codeRow(50008)).toContain('logged out');
    expect(codeRow(50012)).not.toContain('logged out');
  });

  it('answers 50008 for missing, malformed and unknown tokens', async () => {
    const headers = [
      undefined,
      'Bearer',
      'Bearer abc',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'x'.repeat(43)}`,
      `Bearer ${'a'.repeat(500)}`,
      'Bearer <script>alert(1)</script>',
      "Bearer ' or 1=1 --",
    ];
    for (const authorization of headers) {
      const res = await t.app.inject({ method: 'POST', url: API.userInfo, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ code: 50008, msg: '登录凭证无效，请重新登录', data: null });
    }
  });

  it('expires a token after 12 hours idle (50014) and slides the idle time on use', async () => {
    const token = await t.login(MANAGER3);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    await query(t, "update sessions set last_seen_at = now() - interval '11 hours 50 minutes' where token_hash = $1", [hash]);
    expect((await post(API.userInfo, undefined, { token })).body.code).toBe(0);
    const [seen] = await query<{ idle: number }>(
      t,
      'select extract(epoch from now() - last_seen_at)::int as idle from sessions where token_hash = $1',
      [hash],
    );
    expect(seen.idle).toBeLessThan(60);

    await query(t, "update sessions set last_seen_at = now() - interval '12 hours 1 minute' where token_hash = $1", [hash]);
    const expired = await post(API.userInfo, undefined, { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 50014, msg: '登录已过期，请重新登录', data: null });
  });

  it('answers 50012 for a session revoked for a password change or a disabled account', async () => {
    const revoked = await t.login(ADMIN);
    await query(t, "update sessions set revoked_at = now(), revoked_reason = 'disabled' where token_hash = $1", [
      crypto.createHash('sha256').update(revoked).digest('hex'),
    ]);
    const r1 = await post(API.userInfo, undefined, { token: revoked });
    expect(r1.status).toBe(401);
    expect(r1.body.code).toBe(50012);

    const live = await t.login(ADMIN);
    await query(t, "update accounts set status = 'disabled' where phone = $1", [ADMIN]);
    const r2 = await post(API.roleShop, undefined, { token: live });
    await query(t, "update accounts set status = 'active' where phone = $1", [ADMIN]);
    expect(r2.status).toBe(401);
    expect(r2.body.code).toBe(50012);
  });
});

describe('role and shop switch', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
  });
  afterAll(async () => t?.close());

  it('lists the grants of the account and the current one', async () => {
    const { body } = await post(API.roleShop, undefined, { token: await t.login(MANAGER) });
    expect(body.data).toEqual({
      grants: [
        { role: 'shop-manager', shopID: t.demo.shopIds[0], shop: DEMO_SHOPS[0].name },
        { role: 'shop-manager', shopID: t.demo.shopIds[1], shop: DEMO_SHOPS[1].name },
      ],
      current: { role: 'shop-manager', shopID: t.demo.shopIds[0] },
    });
    const admin = await post(API.roleShop, undefined, { token: await t.login(ADMIN) });
    expect(admin.body.data).toEqual({ grants: [{ role: 'admin', shopID: null, shop: null }], current: { role: 'admin', shopID: null } });
  });

  it('switches the session to another grant it holds, audited, leaving other sessions alone', async () => {
    const token = await t.login(MANAGER);
    const other = await t.login(MANAGER);
    const r = await post(API.roleShopChange, { role: 'shop-manager', shopID: t.demo.shopIds[1] }, { token });
    expect(r.body.code).toBe(0);
    expect(r.body.data.current).toEqual({ role: 'shop-manager', shopID: t.demo.shopIds[1] });
    expect((await post(API.userInfo, undefined, { token })).body.data).toMatchObject({
      shop: DEMO_SHOPS[1].name,
      shopID: t.demo.shopIds[1],
    });
    expect((await post(API.userInfo, undefined, { token: other })).body.data.shopID).toBe(t.demo.shopIds[0]);
    // Scoped data follows the switch: the shop list now shows the second shop only.
    const shops = await t.app.inject({ method: 'GET', url: `${API.resourceBase}/shops`, headers: { authorization: `Bearer ${token}` } });
    expect(shops.json().data.map((s: { id: number }) => s.id)).toEqual([t.demo.shopIds[1]]);
    const [audit] = await query<{ summary: string; role: string; shop_id: number }>(
      t,
      "select summary, role, shop_id from audit_logs where action = 'role-switch'",
    );
    expect(audit).toEqual({
      summary: `店长（${DEMO_SHOPS[0].name}） -> 店长（${DEMO_SHOPS[1].name}）`,
      role: 'shop-manager',
      shop_id: t.demo.shopIds[0],
    });
  });

  it('refuses a grant the account does not hold with 40300', async () => {
    const token = await t.login(MANAGER);
    for (const input of [
      { role: 'shop-manager', shopID: t.demo.shopIds[2] },
      { role: 'admin' },
      { role: 'admin', shopID: null },
      { role: 'shop-manager' },
      { role: 'financial-staff', shopID: t.demo.shopIds[0] },
    ]) {
      const r = await post(API.roleShopChange, input, { token });
      expect(r.status, JSON.stringify(input)).toBe(403);
      expect(r.body).toEqual({ code: 40300, msg: '您没有该角色或门店的权限', data: null });
    }
    const admin = await t.login(ADMIN);
    expect((await post(API.roleShopChange, { role: 'admin', shopID: null }, { token: admin })).body.code).toBe(0);
    expect((await post(API.roleShopChange, { role: 'shop-manager', shopID: t.demo.shopIds[0] }, { token: admin })).body.code).toBe(40300);
  });

  it('needs a live session', async () => {
    const r = await post(API.roleShopChange, { role: 'admin' });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(50008);
  });
});

describe('password change', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
  });
  afterAll(async () => t?.close());

  it('refuses a wrong old password naming 原密码, and audits the attempt', async () => {
    const token = await t.login(FINANCE);
    const r = await post(API.passwordModify, { oldPassword: 'Nope12345', newPassword: 'Better2027' }, { token });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 40000, msg: '原密码不正确', data: { fields: [{ field: 'oldPassword', message: '原密码不正确' }] } });
    expect((await auditActions(t, t.demo.accountIds[FINANCE])).at(-1)).toBe('password-change-failed');
    expect((await post(API.userInfo, undefined, { token })).body.code).toBe(0);
  });

  it('holds the new password to the rule: at least 8 characters with letters and digits', async () => {
    const token = await t.login(FINANCE);
    for (const newPassword of ['abcdefgh', '12345678', 'ab12', 'a1'.repeat(33)]) {
      const r = await post(API.passwordModify, { oldPassword: DEMO_PASSWORD, newPassword }, { token });
      expect(r.status, newPassword).toBe(400);
      expect(r.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['newPassword']);
      expect(r.body.msg).toMatch(/^新密码/);
    }
    const same = await post(API.passwordModify, { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, { token });
    expect(same.body).toEqual({
      code: 40000,
      msg: '新密码不能与原密码相同',
      data: { fields: [{ field: 'newPassword', message: '新密码不能与原密码相同' }] },
    });
  });

  it('ends every other session of the account (50012) and keeps the calling one', async () => {
    const caller = await t.login(MANAGER);
    const elsewhere = [await t.login(MANAGER), await t.login(MANAGER)];
    const unrelated = await t.login(ADMIN);
    const r = await post(API.passwordModify, { oldPassword: DEMO_PASSWORD, newPassword: 'Better2027' }, { token: caller });
    expect(r.body).toEqual({ code: 0, msg: '密码已修改', data: null });
    for (const token of elsewhere) {
      const res = await post(API.userInfo, undefined, { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(50012);
    }
    expect((await post(API.userInfo, undefined, { token: caller })).body.code).toBe(0);
    expect((await post(API.userInfo, undefined, { token: unrelated })).body.code).toBe(0);
    expect((await post(API.loginPassword, { phone: MANAGER, password: DEMO_PASSWORD }, { ip: '10.2.0.1' })).body.code).toBe(40000);
    expect(await t.login(MANAGER, 'Better2027')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reasons = await query<{ revoked_reason: string | null; n: number }>(
      t,
      'select revoked_reason, count(*)::int as n from sessions where account_id = $1 group by 1 order by 1',
      [t.demo.accountIds[MANAGER]],
    );
    expect(reasons).toEqual([
      { revoked_reason: 'password', n: 2 },
      { revoked_reason: null, n: 2 },
    ]);
    const [audit] = await query<{ summary: string }>(t, "select summary from audit_logs where action = 'password-change'");
    expect(audit.summary).toBe('修改密码，其他 2 个登录会话已下线');
    // The stored hash is scrypt, never the password.
    const [acc] = await query<{ password_hash: string }>(t, 'select password_hash from accounts where phone = $1', [MANAGER]);
    expect(acc.password_hash).toMatch(/^scrypt\$/);
    expect(acc.password_hash).not.toContain('Better2027');
  });

  it('stores SQL and HTML in a new password as text', async () => {
    const token = await t.login(MANAGER3);
    const newPassword = `<b>x1</b>'; drop table accounts; --`;
    expect((await post(API.passwordModify, { oldPassword: DEMO_PASSWORD, newPassword }, { token })).body.code).toBe(0);
    expect(await t.login(MANAGER3, newPassword)).toBeTruthy();
  });
});

describe('bad input on every auth call', () => {
  let t: TestContext;
  let post: ReturnType<typeof poster>;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    post = poster(t);
    token = await t.login(MANAGER);
  });
  afterAll(async () => t?.close());

  const fieldsOf = (body: { data: { fields: { field: string }[] } }) => body.data.fields.map((f) => f.field);

  const cases: { name: string; url: string; auth?: boolean; payload: unknown; msg: string | RegExp; fields: string[] }[] = [
    { name: 'login: missing fields', url: API.loginPassword, payload: {}, msg: '请输入手机号', fields: ['phone', 'password'] },
    { name: 'login: no body', url: API.loginPassword, payload: undefined, msg: '请输入手机号', fields: ['phone', 'password'] },
    {
      name: 'login: wrong types',
      url: API.loginPassword,
      payload: { phone: 13800000001, password: 12345678 },
      msg: '手机号必须是文本',
      fields: ['phone', 'password'],
    },
    {
      name: 'login: extra field',
      url: API.loginPassword,
      payload: { phone: ADMIN, password: DEMO_PASSWORD, role: 'admin' },
      msg: '不允许的字段：role',
      fields: ['role'],
    },
    {
      name: 'login: two extra fields',
      url: API.loginPassword,
      payload: { phone: ADMIN, password: 'x', a: 1, b: 2 },
      msg: '不允许的字段：a、b',
      fields: ['a', 'b'],
    },
    {
      name: 'login: oversize strings',
      url: API.loginPassword,
      payload: { phone: '1'.repeat(10_000), password: 'p'.repeat(65) },
      msg: /^手机号格式不正确/,
      fields: ['phone', 'password'],
    },
    {
      name: 'login: SQL in phone',
      url: API.loginPassword,
      payload: { phone: "13800000001' or '1'='1", password: DEMO_PASSWORD },
      msg: '手机号格式不正确，应为 11 位手机号',
      fields: ['phone'],
    },
    { name: 'login: array body', url: API.loginPassword, payload: [ADMIN, DEMO_PASSWORD], msg: '请求体必须是 JSON 对象', fields: [''] },
    {
      name: 'login: nested object',
      url: API.loginPassword,
      payload: { phone: { $ne: '' }, password: [DEMO_PASSWORD] },
      msg: '手机号必须是文本',
      fields: ['phone', 'password'],
    },
    {
      name: 'captcha login: bad code',
      url: API.loginCaptcha,
      payload: { phone: ADMIN, captcha: '12345' },
      msg: '验证码应为 6 位数字',
      fields: ['captcha'],
    },
    {
      name: 'captcha login: number code and HTML phone',
      url: API.loginCaptcha,
      payload: { phone: '<img src=x onerror=alert(1)>', captcha: 123456 },
      msg: /^手机号格式不正确/,
      fields: ['phone', 'captcha'],
    },
    { name: 'captcha login: missing', url: API.loginCaptcha, payload: {}, msg: '请输入手机号', fields: ['phone', 'captcha'] },
    {
      name: 'get captcha: extra and missing',
      url: API.getCaptcha,
      payload: { mobile: ADMIN },
      msg: '请输入手机号',
      fields: ['phone', 'mobile'],
    },
    { name: 'get captcha: wrong type', url: API.getCaptcha, payload: { phone: true }, msg: '手机号必须是文本', fields: ['phone'] },
    {
      name: 'role change: bad values',
      url: API.roleShopChange,
      auth: true,
      payload: { role: 'boss', shopID: '1' },
      msg: '角色取值不正确',
      fields: ['role', 'shopID'],
    },
    {
      name: 'role change: extra and fractional',
      url: API.roleShopChange,
      auth: true,
      payload: { role: 'admin', shopID: 1.5, accountId: 1 },
      msg: '门店必须是整数',
      fields: ['shopID', 'accountId'],
    },
    {
      name: 'password: wrong types',
      url: API.passwordModify,
      auth: true,
      payload: { oldPassword: 1, newPassword: null },
      msg: '原密码必须是文本',
      fields: ['oldPassword', 'newPassword'],
    },
    {
      name: 'password: oversize',
      url: API.passwordModify,
      auth: true,
      payload: { oldPassword: 'x'.repeat(65), newPassword: `a1${'x'.repeat(100)}` },
      msg: '原密码最多 64 位',
      fields: ['oldPassword', 'newPassword'],
    },
    {
      name: 'password: extra field',
      url: API.passwordModify,
      auth: true,
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Better2027', phone: ADMIN },
      msg: '不允许的字段：phone',
      fields: ['phone'],
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const r = await post(c.url, c.payload, { token: c.auth ? token : undefined, ip: '10.3.0.1' });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40000);
      if (typeof c.msg === 'string') expect(r.body.msg).toBe(c.msg);
      else expect(r.body.msg).toMatch(c.msg);
      expect(fieldsOf(r.body)).toEqual(c.fields);
      for (const f of r.body.data.fields) expect(f.message).toMatch(/[\u4e00-\u9fa5]/);
    });
  }

  it('rejects a non-JSON body and malformed JSON with 40000, never 500', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: API.loginPassword,
      headers: { 'content-type': 'text/plain' },
      payload: 'phone=1',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe(40000);
    const broken = await t.app.inject({
      method: 'POST',
      url: API.loginCaptcha,
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": "138',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 40000, msg: '请求体不是合法的 JSON', data: { fields: [] } });
    const proto = await t.app.inject({
      method: 'POST',
      url: API.loginPassword,
      headers: { 'content-type': 'application/json' },
      payload: `{"phone":"${ADMIN}","password":"x","__proto__":{"admin":true}}`,
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.json().code).toBe(40000);
  });

  it('keeps the account data intact after all of it', async () => {
    const [{ n }] = await query<{ n: number }>(t, 'select count(*)::int as n from accounts');
    expect(n).toBe(4);
    expect(await t.login(ADMIN)).toBeTruthy();
  });
});
