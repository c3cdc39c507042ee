import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/testApp';
import { query } from '../support/authCalls';
import { rest, invalidFields, ADMIN, FINANCE, MANAGER_1, MANAGER_3 } from '../support/restCalls';

let t: TestContext;
let call: ReturnType<typeof rest>;
let manager1: string;
beforeAll(async () => {
  t = await createTestContext();
  call = rest(t);
  manager1 = await t.login(MANAGER_1);
});
afterAll(async () => t?.close());

const member = {
  name: '关联测试',
  phone: '15912345670',
  job: 'beautician',
  level: 'junior',
  hiredAt: '2025-01-01',
  status: 'active',
  commissionRateBp: 1000,
};
const REFUSAL = {
  code: 40000,
  msg: '关联账号不存在或不属于本门店',
  data: { fields: [{ field: 'accountId', message: '关联账号不存在或不属于本门店' }] },
};

describe('linking a staff member to a login account', () => {
  it('accepts only an account with a grant for the staff member’s shop, and refuses every other id alike', async () => {
    const [{ id: staffId }] = await query<{ id: number }>(t, 'select id from staff where shop_id = $1 order by id limit 1', [
      t.demo.shopIds[0],
    ]);
    const [{ max }] = await query<{ max: number }>(t, 'select max(id)::int as max from accounts');
    const strangers = [t.demo.accountIds[ADMIN], t.demo.accountIds[FINANCE], t.demo.accountIds[MANAGER_3], max + 1, 999_999];
    for (const accountId of strangers) {
      const patched = await call(manager1, 'PATCH', `/staff/${staffId}`, { accountId });
      expect([accountId, patched.status, patched.body]).toEqual([accountId, 400, REFUSAL]);
      const created = await call(manager1, 'POST', '/staff', { ...member, accountId });
      expect([accountId, created.status, created.body]).toEqual([accountId, 400, REFUSAL]);
      expect(invalidFields(created)).toEqual(['accountId']);
    }
    const own = await call(manager1, 'PATCH', `/staff/${staffId}`, { accountId: t.demo.accountIds[MANAGER_1] });
    expect([own.status, own.body.data.accountId]).toEqual([200, t.demo.accountIds[MANAGER_1]]);
  });
});
