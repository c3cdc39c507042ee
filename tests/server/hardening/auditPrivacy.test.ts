import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/testApp';
import { poster, query } from '../support/authCalls';
import { rest, ADMIN, MANAGER_1 } from '../support/restCalls';
import { ACCOUNT_API, PROFILE_API } from '../../../contract/account';
import { API } from '../../../contract/api';

let t: TestContext;
let call: ReturnType<typeof rest>;
let admin: string;
let manager: string;
beforeAll(async () => {
  t = await createTestContext();
  call = rest(t);
  admin = await t.login(ADMIN);
  manager = await t.login(MANAGER_1);
});
afterAll(async () => t?.close());

const auditCount = async () => (await query<{ n: number }>(t, 'select count(*)::int as n from audit_logs'))[0].n;
const fullMobiles = async () =>
  (await query<{ summary: string }>(t, `select summary from audit_logs where summary ~ '(^|[^0-9])1[3-9][0-9]{9}([^0-9]|$)'`)).map(
    (r) => r.summary,
  );

describe('audit rows hold no full phone and no sensitive value', () => {
  it('masks the phone of failed logins and of captcha requests', async () => {
    const post = poster(t);
    await post(API.loginPassword, { phone: ADMIN, password: 'wrong-password-1' }, { ip: '10.1.0.1' });
    await post(API.loginPassword, { phone: '13912349876', password: 'wrong-password-1' }, { ip: '10.1.0.1' });
    await post(API.getCaptcha, { phone: '13912349876' }, { ip: '10.1.0.2' });
    await post(API.getCaptcha, { phone: ADMIN }, { ip: '10.1.0.2' });
    await post(API.loginCaptcha, { phone: ADMIN, captcha: '000000' }, { ip: '10.1.0.2' });
    const rows = await query<{ action: string; summary: string }>(
      t,
      `select action, summary from audit_logs where action in ('login-failed', 'captcha-sent', 'captcha-skipped') order by id`,
    );
    expect(rows.map((r) => r.action).sort()).toEqual(['captcha-sent', 'captcha-skipped', 'login-failed', 'login-failed', 'login-failed']);
    expect(rows.every((r) => r.summary.includes('****'))).toBe(true);
    expect(await fullMobiles()).toEqual([]);
  });

  it('records only the names of sensitive fields that changed', async () => {
    const [c] = await query<{ id: number }>(t, 'select id from customers where shop_id = $1 order by id limit 1', [t.demo.shopIds[0]]);
    const secret = {
      healthNotes: '对青霉素过敏-机密',
      notes: '私人备注-机密',
      birthday: '1990-01-02',
      phone: '15800001234',
      tags: ['机密标签'],
    };
    const r = await call(manager, 'PATCH', `/customers/${c.id}`, { ...secret, name: '改名客户' });
    expect(r.status).toBe(200);
    const [row] = await query<{ summary: string }>(
      t,
      `select summary from audit_logs where entity = 'customer' and entity_id = $1 and action = 'update'`,
      [String(c.id)],
    );
    for (const field of Object.keys(secret)) expect(row.summary).toContain(field);
    expect(row.summary).toContain('改名客户');
    for (const value of ['青霉素', '私人备注', '1990-01-02', '1234', '机密标签']) expect(row.summary).not.toContain(value);
    expect(await fullMobiles()).toEqual([]);
  });
});

describe('a PATCH that repeats the stored values', () => {
  it('answers the row unchanged and writes no audit row, on every resource', async () => {
    const shop = t.demo.shopIds[0];
    const firstId = async (table: string, where = 'true', params: unknown[] = []) =>
      (await query<{ id: number }>(t, `select id from ${table} where ${where} order by id limit 1`, params))[0].id;
    const calls: [string, string, string][] = [
      [admin, `${API.resourceBase}/shops/${shop}`, 'name'],
      [admin, `${API.resourceBase}/banners/${await firstId('banners')}`, 'name'],
      [admin, `${API.resourceBase}/programs/${await firstId('programs')}`, 'name'],
      [manager, `${API.resourceBase}/staff/${await firstId('staff', 'shop_id = $1', [shop])}`, 'name'],
      [manager, `${API.resourceBase}/customers/${await firstId('customers', 'shop_id = $1', [shop])}`, 'name'],
      [admin, ACCOUNT_API.one(t.demo.accountIds[MANAGER_1]), 'name'],
    ];
    for (const [token, url, field] of calls) {
      const headers = { authorization: `Bearer ${token}` };
      const before = (await t.app.inject({ method: 'GET', url, headers })).json().data;
      const audits = await auditCount();
      const res = await t.app.inject({ method: 'PATCH', url, headers, payload: { [field]: before[field] } });
      expect([url, res.statusCode]).toEqual([url, 200]);
      // An account's own read shows the full phone, its PATCH answers it masked as before.
      const { phone: _shown, ...same } = before;
      expect(res.json().data).toMatchObject(same);
      expect([url, await auditCount()]).toEqual([url, audits]);
    }
    const audits = await auditCount();
    const info = (await t.app.inject({ method: 'POST', url: API.userInfo, headers: { authorization: `Bearer ${manager}` } })).json().data;
    const res = await t.app.inject({
      method: 'PATCH',
      url: PROFILE_API,
      headers: { authorization: `Bearer ${manager}` },
      payload: { name: info.name },
    });
    expect(res.statusCode).toBe(200);
    expect(await auditCount()).toBe(audits);
  });
});
