import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/testApp';
import { freshRateWindow, query } from '../support/authCalls';
import { rest, MANAGER_1, MANAGER_3 } from '../support/restCalls';
import { DEMO_SHOPS } from '../../../server/seed/demo';
import { PHONE_REFUSALS_PER_HOUR } from '../../../server/routes/customers';
import { maskPhone } from '../../../contract/mask';

let t: TestContext;
let call: ReturnType<typeof rest>;
let manager1: string;
let manager3: string;
beforeAll(async () => {
  t = await createTestContext();
  call = rest(t);
  manager1 = await t.login(MANAGER_1);
  manager3 = await t.login(MANAGER_3);
});
afterAll(async () => t?.close());

const customer = { name: '探测客户', gender: 'female', source: 'walk-in' };
const phoneIn = async (shopIndex: number, offset = 0) =>
  (
    await query<{ phone: string; id: number }>(t, 'select id, phone from customers where shop_id = $1 order by id offset $2 limit 1', [
      t.demo.shopIds[shopIndex],
      offset,
    ])
  )[0];

describe('a phone that is already a customer', () => {
  it('names no other shop, on create and on edit', async () => {
    const other = await phoneIn(2);
    const expected = `手机号 ${maskPhone(other.phone)} 已在本连锁登记为客户；如需为其服务，收银时请按完整手机号查找该客户`;
    const created = await call(manager1, 'POST', '/customers', { ...customer, phone: other.phone });
    expect([created.status, created.body.msg]).toEqual([409, expected]);
    const mine = await phoneIn(0);
    const edited = await call(manager1, 'PATCH', `/customers/${mine.id}`, { phone: other.phone });
    expect([edited.status, edited.body.msg]).toEqual([409, expected]);
    for (const s of DEMO_SHOPS) expect(created.body.msg + edited.body.msg).not.toContain(s.name);
  });

  it('may say that the phone is this shop’s customer', async () => {
    const own = await phoneIn(0, 1);
    const r = await call(manager1, 'POST', '/customers', { ...customer, phone: own.phone });
    expect([r.status, r.body.msg]).toEqual([409, `手机号 ${maskPhone(own.phone)} 已是本店的客户`]);
  });

  it('audits every refusal and answers 429 with Retry-After once an account has had too many in an hour', async () => {
    await freshRateWindow(t, 3600, 20);
    const account = t.demo.accountIds[MANAGER_3];
    const audited = async () =>
      (
        await query<{ n: number }>(
          t,
          `select count(*)::int as n from audit_logs where action = 'customer-phone-refused' and account_id = $1`,
          [account],
        )
      )[0].n;
    const phones = await query<{ phone: string }>(t, 'select phone from customers where shop_id = $1 order by id limit $2', [
      t.demo.shopIds[0],
      PHONE_REFUSALS_PER_HOUR + 1,
    ]);
    for (let i = 0; i < PHONE_REFUSALS_PER_HOUR; i++) {
      expect((await call(manager3, 'POST', '/customers', { ...customer, phone: phones[i].phone })).status).toBe(409);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/beer/backstage/customers',
      headers: { authorization: `Bearer ${manager3}` },
      payload: { ...customer, phone: phones[PHONE_REFUSALS_PER_HOUR].phone },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(42900);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await audited()).toBe(PHONE_REFUSALS_PER_HOUR + 1);
    const rows = await query<{ summary: string }>(t, `select summary from audit_logs where action = 'customer-phone-refused'`);
    expect(rows.every((r) => /1\d\d\*{4}\d{4}/.test(r.summary))).toBe(true);
    // Another account is not held back by manager 3's refusals.
    expect((await call(manager1, 'POST', '/customers', { ...customer, phone: '15099990001' })).status).toBe(200);
  });
});
