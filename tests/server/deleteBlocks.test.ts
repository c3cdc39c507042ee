import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { rest, invalidFields, ADMIN, MANAGER_1, FINANCE } from './support/restCalls';
import { paidOrder, shopStaff } from './support/moneyFixtures';
import { query } from './support/authCalls';

let t: TestContext;
let call: ReturnType<typeof rest>;
let admin: string;
let manager: string;
let shop1: number;
let shop3: number;

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [admin, manager],
  } = await openTestContext([ADMIN, MANAGER_1]));
  [shop1, , shop3] = t.demo.shopIds;
});
afterAll(async () => {
  await t?.close();
});

/** What the list page asks: why each of these rows may not be deleted. */
const blocks = (token: string, resource: string, ids: number[]) => call(token, 'GET', `/${resource}/delete-blocks?ids=${ids.join(',')}`);

/** The delete-blocks answer for a row and what DELETE answers for it say the same thing. */
async function expectBlockedLikeDelete(token: string, resource: string, id: number, reason: RegExp) {
  const r = await blocks(token, resource, [id]);
  expect(r.status).toBe(200);
  expect(r.body.data).toEqual([{ id, reason: expect.stringMatching(reason) }]);
  const refused = await call(token, 'DELETE', `/${resource}/${id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.msg).toBe(r.body.data[0].reason);
}

describe('delete-blocks: why a row of a list page cannot be deleted, before any click', () => {
  it('programs: free until an order names it, then the reason a DELETE would give', async () => {
    const created = await call(admin, 'POST', '/programs', {
      name: '删除检查项目',
      priceFen: 10_000,
      vipPriceFen: 9_000,
      type: 3,
      status: 'on',
    });
    const id: number = created.body.data.id;
    expect((await blocks(admin, 'programs', [id])).body.data).toEqual([]);
    const [member] = await shopStaff(t, shop1);
    await paidOrder(t, { shopId: shop1, payableFen: 10_000, shares: [{ staffId: member.id, shareBp: 10_000 }], programId: id });
    await expectBlockedLikeDelete(admin, 'programs', id, /^服务项目「删除检查项目」已有1个订单，不能删除；如不再提供，请将其下架$/);
  });

  it('staff: a member with order shares is kept (set to 离职 instead); a new member is free; another shop is not revealed', async () => {
    const [member] = await shopStaff(t, shop1);
    const created = await call(manager, 'POST', '/staff', {
      name: '新员工',
      phone: '13912345678',
      job: 'beautician',
      hiredAt: '2026-01-05',
      status: 'active',
      commissionRateBp: 1000,
    });
    const fresh: number = created.body.data.id;
    const [other] = await shopStaff(t, shop3);
    const r = await blocks(manager, 'staff', [member.id, fresh, other.id]);
    expect(r.status).toBe(200);
    expect(r.body.data.map((b: { id: number }) => b.id)).toEqual([member.id]);
    expect(r.body.data[0].reason).toMatch(/个订单的业绩.*离职/);
    await expectBlockedLikeDelete(manager, 'staff', member.id, /^员工「.+」已有.+，不能删除；如已离职，请将在职状态设为离职$/);
    expect((await call(manager, 'DELETE', `/staff/${fresh}`)).status).toBe(200);
  });

  it('customers: one with orders is kept; a new one is free', async () => {
    const [withOrders] = await query<{ id: number }>(
      t,
      'select customer_id as id from orders where shop_id = $1 and customer_id is not null limit 1',
      [shop1],
    );
    const created = await call(manager, 'POST', '/customers', {
      name: '新客',
      phone: '13712345678',
      gender: 'female',
      source: 'walk-in',
      vip: false,
    });
    const fresh: number = created.body.data.id;
    const r = await blocks(manager, 'customers', [withOrders.id, fresh]);
    expect(r.body.data.map((b: { id: number }) => b.id)).toEqual([withOrders.id]);
    await expectBlockedLikeDelete(manager, 'customers', withOrders.id, /^客户「.+」已有.*个订单.*，不能删除$/);
  });

  it('shops: a demo shop with staff and orders is kept; a new empty shop is free', async () => {
    const created = await call(admin, 'POST', '/shops', {
      name: '删除检查门店',
      regionCode: '310104',
      address: '测试路 1 号',
      phone: '021-61234567',
      openTime: '10:00',
      closeTime: '21:00',
      status: 'open',
    });
    const fresh: number = created.body.data.id;
    const r = await blocks(admin, 'shops', [shop1, fresh]);
    expect(r.body.data.map((b: { id: number }) => b.id)).toEqual([shop1]);
    await expectBlockedLikeDelete(admin, 'shops', shop1, /^门店「.+」仍有.*名员工.*，不能删除；如已不再营业，请将其设为停业$/);
    expect((await call(admin, 'DELETE', `/shops/${fresh}`)).status).toBe(200);
  });

  it('is guarded as a delete: roles that may not delete get 40300', async () => {
    const finance = await t.login(FINANCE);
    for (const [token, resource] of [
      [finance, 'staff'],
      [finance, 'customers'],
      [manager, 'programs'],
      [manager, 'shops'],
      [finance, 'shops'],
    ] as const) {
      const r = await blocks(token, resource, [1]);
      expect(r.status, `${resource}`).toBe(403);
      expect(r.body.code).toBe(40300);
    }
  });

  it('refuses ids that are not a short list of positive ints, naming the field', async () => {
    for (const ids of ['', 'abc', '1,,2', '0', '-1', '2147483648', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const r = await call(admin, 'GET', `/programs/delete-blocks?ids=${ids}`);
      expect(r.status, ids).toBe(400);
      expect(r.body.code).toBe(40000);
      expect(invalidFields(r)).toEqual(['ids']);
      expect(r.body.msg).toContain('ids');
    }
    expect((await call(admin, 'GET', '/programs/delete-blocks')).status).toBe(400);
  });
});
