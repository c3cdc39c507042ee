import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/testApp';
import { rest, ADMIN } from '../support/restCalls';
import { DEMO_SHOPS } from '../../../server/seed/demo';

let t: TestContext;
let call: ReturnType<typeof rest>;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  call = rest(t);
  admin = await t.login(ADMIN);
});
afterAll(async () => t?.close());

const shop = { regionCode: '310104', address: '测试路 1 号', phone: '021-12345678', openTime: '10:00', closeTime: '21:00' };
const taken = (name: string) => ({ code: 40900, msg: `已有营业中的门店名为「${name}」，请换一个名称`, data: null });

describe('shop names among open shops', () => {
  it('refuses a duplicate name on create, rename and reopen', async () => {
    const existing = DEMO_SHOPS[0].name;
    const created = await call(admin, 'POST', '/shops', { ...shop, name: existing });
    expect([created.status, created.body]).toEqual([409, taken(existing)]);

    const other = await call(admin, 'POST', '/shops', { ...shop, name: '重名测试店' });
    expect(other.status).toBe(200);
    const renamed = await call(admin, 'PATCH', `/shops/${other.body.data.id}`, { name: existing });
    expect([renamed.status, renamed.body]).toEqual([409, taken(existing)]);

    // A closed shop may share a name, until it reopens.
    const closed = await call(admin, 'POST', '/shops', { ...shop, name: existing, status: 'closed' });
    expect(closed.status).toBe(200);
    const reopened = await call(admin, 'PATCH', `/shops/${closed.body.data.id}`, { status: 'open' });
    expect([reopened.status, reopened.body]).toEqual([409, taken(existing)]);
  });

  it('lets only one of two simultaneous creates with one new name through', async () => {
    const results = await Promise.all([
      call(admin, 'POST', '/shops', { ...shop, name: '并发测试店' }),
      call(admin, 'POST', '/shops', { ...shop, name: '并发测试店' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
