import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_API, PROFILE_API } from '../../contract/account';
import { API } from '../../contract/api';
import { NOTHING_TO_CHANGE } from '../../contract/validation';
import { createTestContext, type TestContext } from './support/testApp';
import { query } from './support/authCalls';
import { ADMIN, MANAGER_1 } from './support/restCalls';

let t: TestContext;
let admin: string;
let manager: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(ADMIN);
  manager = await t.login(MANAGER_1);
});
afterAll(async () => t?.close());

const firstId = async (table: string, where = 'true', params: unknown[] = []) =>
  (await query<{ id: number }>(t, `select id from ${table} where ${where} order by id limit 1`, params))[0].id;
const audits = async () => (await query<{ n: number }>(t, 'select count(*)::int as n from audit_logs'))[0].n;

it('answers a PATCH that changes nothing with 40000 and writes nothing, on every resource', async () => {
  const shop = t.demo.shopIds[0];
  const calls: [string, string][] = [
    [admin, `${API.resourceBase}/shops/${shop}`],
    [admin, `${API.resourceBase}/banners/${await firstId('banners')}`],
    [admin, `${API.resourceBase}/programs/${await firstId('programs')}`],
    [manager, `${API.resourceBase}/staff/${await firstId('staff', 'shop_id = $1', [shop])}`],
    [manager, `${API.resourceBase}/customers/${await firstId('customers', 'shop_id = $1', [shop])}`],
    [admin, ACCOUNT_API.one(t.demo.accountIds[MANAGER_1])],
    [manager, PROFILE_API],
  ];
  const before = await audits();
  for (const [token, url] of calls) {
    for (const payload of [{}, undefined]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { code: 40000, msg: NOTHING_TO_CHANGE, data: { fields: [] } }]);
    }
  }
  expect(await audits()).toBe(before);
});
