import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from './support/testApp';
import { rest, invalidFields, ADMIN, MANAGER_1, FINANCE, MANAGER_3, type RestResult } from './support/restCalls';
import { poster } from './support/authCalls';
import { accountGrants, auditLogs, customers, orders, shops, staff } from '../../server/db/schema';
import { API } from '../../contract/api';
import { DEMO_SHOPS } from '../../contract/demo';
import type { Shop } from '../../contract/shop';

const CHINESE = /[\u4e00-\u9fff]/;

/** A shop every create test starts from; each case changes one thing. */
const valid = {
  name: '美颜坊·静安嘉里店',
  regionCode: '310106',
  address: '南京西路 1515 号 B1 层',
  phone: '021-62881234',
  openTime: '09:00',
  closeTime: '18:00',
};

interface Ctx {
  t: TestContext;
  call: ReturnType<typeof rest>;
  admin: string;
  manager1: string;
  finance: string;
  manager3: string;
  /** Demo shops 1, 2, 3 in DEMO_SHOPS order. */
  shopIds: number[];
}

/** A fresh database per block, so each block knows exactly which shops exist; one login per role. */
function withContext(): Ctx {
  const ctx = {} as Ctx;
  beforeAll(async () => {
    ctx.t = await createTestContext();
    ctx.call = rest(ctx.t);
    ctx.admin = await ctx.t.login(ADMIN);
    ctx.manager1 = await ctx.t.login(MANAGER_1);
    ctx.finance = await ctx.t.login(FINANCE);
    ctx.manager3 = await ctx.t.login(MANAGER_3);
    ctx.shopIds = ctx.t.demo.shopIds;
  });
  afterAll(async () => {
    await ctx.t?.close();
  });
  return ctx;
}

const rowsOf = (r: RestResult) => r.body.data as Shop[];
const namesOf = (r: RestResult) => rowsOf(r).map((s) => s.name);
const sorted = <T>(xs: T[]) => [...xs].sort();

function expectInvalid(r: RestResult, field: string, message?: string) {
  expect(r.status).toBe(400);
  expect(r.body.code).toBe(40000);
  expect(r.body.msg).toMatch(CHINESE);
  expect(invalidFields(r)).toContain(field);
  if (message !== undefined) {
    expect(r.body.msg).toBe(message);
    expect(r.body.data.fields).toContainEqual({ field, message });
  }
}

describe('shops list: paging, sort, filters and search in SQL', () => {
  const c = withContext();
  // Names sort the same under every collation (ASCII after a shared prefix); created_at is set
  // around the Asia/Shanghai midnights of 2025-03-11 to pin the inclusive-day filters.
  const fixtures = [
    {
      name: 'Fx Alpha 静安店',
      regionCode: '310106',
      address: '南京西路 1266 号',
      phone: '021-62881234',
      status: 'open',
      createdAt: '2025-03-10T15:59:59.000Z',
    },
    {
      name: 'Fx Bravo 浦东店',
      regionCode: '310115',
      address: '世纪大道 100 号',
      phone: '13912345678',
      status: 'closed',
      createdAt: '2025-03-10T16:00:00.000Z',
    },
    {
      name: 'Fx Charlie 杭州店',
      regionCode: '330106',
      address: '文三路 90 号',
      phone: '0571-88886666',
      status: 'open',
      createdAt: '2025-03-11T15:59:59.999Z',
    },
    {
      name: 'Fx Delta 50%_折扣店',
      regionCode: '330102',
      address: '延安路 1 号',
      phone: '400-820-8820',
      status: 'closed',
      createdAt: '2025-03-11T16:00:00.000Z',
    },
  ] as const;
  const [alpha, bravo, charlie, delta] = fixtures.map((f) => f.name);
  const [xuhui, , tianhe] = DEMO_SHOPS.map((s) => s.name);
  const list = (query: string) => c.call(c.admin, 'GET', `/shops?${query}`);

  beforeAll(async () => {
    for (const { createdAt, ...shop } of fixtures) {
      const r = await c.call(c.admin, 'POST', '/shops', { ...shop, openTime: '10:00', closeTime: '20:00' });
      expect(r.body.code).toBe(0);
      await c.t.database.db.update(shops).set({ createdAt }).where(eq(shops.id, r.body.data.id));
    }
  });

  it('pages in the database and reports the total in x-total-count', async () => {
    const page = await list('name_like=Fx&_sort=name&_order=asc&_start=1&_end=3');
    expect(page.status).toBe(200);
    expect(namesOf(page)).toEqual([bravo, charlie]);
    expect(page.total).toBe(fixtures.length);

    const all = await list('_start=0&_end=2');
    expect(rowsOf(all)).toHaveLength(2);
    expect(all.total).toBe(DEMO_SHOPS.length + fixtures.length);

    const tail = await list(`_start=${DEMO_SHOPS.length + fixtures.length - 1}&_end=100`);
    expect(rowsOf(tail)).toHaveLength(1);
    const past = await list('_start=50&_end=60');
    expect(rowsOf(past)).toEqual([]);
    expect(past.total).toBe(DEMO_SHOPS.length + fixtures.length);

    // The largest page allowed.
    expect((await list('_start=0&_end=200')).status).toBe(200);
  });

  it('answers the newest shops first when no sort is given', async () => {
    const ids = rowsOf(await list('_start=0&_end=50')).map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('sorts by name and by createdAt, ascending and descending', async () => {
    expect(namesOf(await list('name_like=Fx&_sort=name&_order=asc'))).toEqual([alpha, bravo, charlie, delta]);
    expect(namesOf(await list('name_like=Fx&_sort=name&_order=desc'))).toEqual([delta, charlie, bravo, alpha]);
    expect(namesOf(await list('name_like=Fx&_sort=createdAt&_order=asc'))).toEqual([alpha, bravo, charlie, delta]);
    expect(namesOf(await list('name_like=Fx&_sort=createdAt&_order=DESC'))).toEqual([delta, charlie, bravo, alpha]);
    // Demo shops were created just now, after every backdated fixture.
    const newestFirst = namesOf(await list('_sort=createdAt&_order=desc&_start=0&_end=50'));
    expect(newestFirst.slice(-fixtures.length)).toEqual([delta, charlie, bravo, alpha]);
    expect(rowsOf(await list('name_like=Fx&_sort=createdAt&_order=asc'))[0].createdAt).toBe(fixtures[0].createdAt);
  });

  it('filters by status', async () => {
    const closed = await list('status=closed');
    expect(sorted(namesOf(closed))).toEqual(sorted([bravo, delta]));
    expect(closed.total).toBe(2);
    const open = await list('status=open&_end=50');
    expect(sorted(namesOf(open))).toEqual(sorted([...DEMO_SHOPS.map((s) => s.name), alpha, charlie]));
  });

  it('matches a province or city code against every shop below it and a county code exactly', async () => {
    const byRegion = async (q: string) => sorted(namesOf(await list(q)));
    expect(await byRegion('regionCode=310000')).toEqual(sorted([xuhui, alpha, bravo]));
    expect(await byRegion('regionCode=310100')).toEqual(sorted([xuhui, alpha, bravo]));
    expect(await byRegion('regionCode=310104')).toEqual([xuhui]);
    expect(await byRegion('regionCode=310106')).toEqual([alpha]);
    expect(await byRegion('regionCode=330000')).toEqual(sorted([charlie, delta]));
    expect(await byRegion('regionCode=330100')).toEqual(sorted([charlie, delta]));
    expect(await byRegion('regionCode=330106')).toEqual([charlie]);
    expect(await byRegion('regionCode=310000&regionCode=440000')).toEqual(sorted([xuhui, alpha, bravo, tianhe]));
    expect(await byRegion('regionCode=330000&status=open')).toEqual([charlie]);
    const counted = await list('regionCode=310000&_start=0&_end=1');
    expect(counted.total).toBe(3);
  });

  it('matches name_like case-insensitively and takes % and _ literally', async () => {
    expect(namesOf(await list('name_like=ALPHA'))).toEqual([alpha]);
    expect(namesOf(await list(`name_like=${encodeURIComponent('50%_')}`))).toEqual([delta]);
    expect(namesOf(await list('name_like=_'))).toEqual([delta]);
    expect(namesOf(await list(`name_like=${encodeURIComponent('%')}`))).toEqual([delta]);
    expect((await list(`name_like=${encodeURIComponent('静安')}`)).total).toBe(1);
  });

  it('searches q over name, address and phone', async () => {
    const q = async (text: string) => sorted(namesOf(await list(`q=${encodeURIComponent(text)}`)));
    expect(await q('charlie')).toEqual([charlie]);
    expect(await q('世纪大道')).toEqual([bravo]);
    expect(await q('820-8820')).toEqual([delta]);
    expect(await q('64581234')).toEqual([xuhui]);
    expect(await q('美颜坊')).toEqual(sorted(DEMO_SHOPS.map((s) => s.name)));
    expect(await q('%')).toEqual([delta]);
    expect(await q("' or 1=1 --")).toEqual([]);
    expect(await q('charlie')).toEqual(await q('  charlie  '));
  });

  it('treats createdAt_gte / createdAt_lte as whole days in Asia/Shanghai, both inclusive', async () => {
    const days = async (q: string) => sorted(namesOf(await list(`name_like=Fx&${q}`)));
    expect(await days('createdAt_gte=2025-03-11&createdAt_lte=2025-03-11')).toEqual(sorted([bravo, charlie]));
    expect(await days('createdAt_lte=2025-03-10')).toEqual([alpha]);
    expect(await days('createdAt_gte=2025-03-12')).toEqual([delta]);
    expect(await days('createdAt_gte=2025-03-10&createdAt_lte=2025-03-12')).toEqual(sorted([alpha, bravo, charlie, delta]));
    expect(await days('createdAt_gte=2025-03-13')).toEqual([]);
  });

  const badQueries: [string, string, string?][] = [
    ['foo=1', 'foo', '不支持的筛选字段：foo'],
    ['password_like=x', 'password_like', '不支持的筛选字段：password_like'],
    ['_start=5&_end=4', '_end', '分页参数 _end 不能小于 _start'],
    ['_start=0&_end=201', '_end', '每页最多 200 条'],
    ['_start=10&_end=211', '_end', '每页最多 200 条'],
    ['_start=abc', '_start', '分页参数 _start 必须是非负整数'],
    ['_start=-1', '_start', '分页参数 _start 必须是非负整数'],
    ['_end=2.5', '_end', '分页参数 _end 必须是非负整数'],
    ['_sort=passwordHash', '_sort', '不支持的排序字段：passwordHash'],
    ['createdAt_gte=yesterday', 'createdAt'],
    ['createdAt_lte=2025-13-45', 'createdAt'],
    ['id=1.5', 'id'],
    ['id=99999999999', 'id'],
    ['id_like=1', 'id_like'],
    ['createdAt_like=2025', 'createdAt_like'],
    ['regionCode=3101', 'regionCode', '所在地区筛选必须是六位区划代码'],
    ['regionCode=31010a', 'regionCode', '所在地区筛选必须是六位区划代码'],
    [`q=${'x'.repeat(51)}`, 'q', '搜索内容最多 50 个字'],
    ['q=a%00b', 'q'],
    ['name_like=a%00', 'name'],
    ['status=%00', 'status'],
  ];
  it.each(badQueries)('refuses ?%s with 40000 naming %s', async (query, field, message) => {
    expectInvalid(await list(query), field, message);
  });
});

describe('shops scoping: who sees which shop', () => {
  const c = withContext();
  const ids = (r: RestResult) => sorted(rowsOf(r).map((s) => s.id));

  it('shows admin and financial-staff every shop', async () => {
    for (const token of [c.admin, c.finance]) {
      const r = await c.call(token, 'GET', '/shops');
      expect(r.status).toBe(200);
      expect(r.total).toBe(DEMO_SHOPS.length);
      expect(ids(r)).toEqual(sorted(c.shopIds));
      for (const id of c.shopIds) expect((await c.call(token, 'GET', `/shops/${id}`)).body.data.id).toBe(id);
    }
  });

  it('shows a shop-manager only its current shop and answers 404 for another shop', async () => {
    const [shop1, shop2, shop3] = c.shopIds;
    const mine = await c.call(c.manager1, 'GET', '/shops');
    expect(mine.total).toBe(1);
    expect(ids(mine)).toEqual([shop1]);
    expect(rowsOf(mine)[0]).toMatchObject(DEMO_SHOPS[0]);
    expect((await c.call(c.manager1, 'GET', `/shops/${shop1}`)).body.data.name).toBe(DEMO_SHOPS[0].name);
    for (const other of [shop2, shop3]) {
      expect(await c.call(c.manager1, 'GET', `/shops/${other}`)).toMatchObject({
        status: 404,
        body: { code: 40400, msg: '门店不存在', data: null },
      });
    }
    // Filters cannot reach past the scope either.
    const filtered = await c.call(c.manager1, 'GET', `/shops?id=${shop2}`);
    expect(filtered.total).toBe(0);
    expect((await c.call(c.manager1, 'GET', `/shops?q=${encodeURIComponent(DEMO_SHOPS[1].name)}`)).total).toBe(0);

    expect(ids(await c.call(c.manager3, 'GET', '/shops'))).toEqual([shop3]);
    expect((await c.call(c.manager3, 'GET', `/shops/${shop1}`)).status).toBe(404);
  });

  it('follows the session after a switch to the manager’s second shop', async () => {
    const [shop1, shop2, shop3] = c.shopIds;
    const post = poster(c.t);
    const switched = await post(API.roleShopChange, { role: 'shop-manager', shopID: shop2 }, { token: c.manager1 });
    expect(switched.body.code).toBe(0);
    const now = await c.call(c.manager1, 'GET', '/shops');
    expect(ids(now)).toEqual([shop2]);
    expect(now.total).toBe(1);
    expect((await c.call(c.manager1, 'GET', `/shops/${shop2}`)).body.data.name).toBe(DEMO_SHOPS[1].name);
    expect((await c.call(c.manager1, 'GET', `/shops/${shop1}`)).status).toBe(404);

    // A shop the account holds no grant for is refused and the session stays where it was.
    const refused = await post(API.roleShopChange, { role: 'shop-manager', shopID: shop3 }, { token: c.manager1 });
    expect(refused).toMatchObject({ status: 403, body: { code: 40300 } });
    expect(ids(await c.call(c.manager1, 'GET', '/shops'))).toEqual([shop2]);
  });

  it('answers 50008 without a token', async () => {
    expect(await c.call(undefined, 'GET', '/shops')).toMatchObject({ status: 401, body: { code: 50008 } });
    expect(await c.call(undefined, 'GET', `/shops/${c.shopIds[0]}`)).toMatchObject({ status: 401, body: { code: 50008 } });
    expect(await c.call(undefined, 'POST', '/shops', valid)).toMatchObject({ status: 401, body: { code: 50008 } });
  });
});

describe('shops writes: admin only, validated, audited', () => {
  const c = withContext();
  const shopCount = async () => (await c.t.database.db.select({ n: count() }).from(shops))[0].n;
  const trailOf = (id: number) =>
    c.t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'shop'), eq(auditLogs.entityId, String(id))))
      .orderBy(asc(auditLogs.id));
  const create = async (body: Record<string, unknown> = valid) => {
    const r = await c.call(c.admin, 'POST', '/shops', body);
    expect(r.body.code).toBe(0);
    return r.body.data as Shop;
  };
  /** A raw request for bodies `rest` cannot express (malformed or oversize JSON). */
  const raw = (method: 'POST' | 'PATCH', url: string, payload: string) =>
    c.t.app.inject({
      method,
      url: `${API.resourceBase}${url}`,
      payload,
      headers: { authorization: `Bearer ${c.admin}`, 'content-type': 'application/json' },
    });

  it('refuses every write from a shop-manager or financial-staff with 40300, changing nothing', async () => {
    const target = await create({ ...valid, name: '待删测试店' });
    const before = await shopCount();
    const [shop1] = c.shopIds;
    for (const token of [c.manager1, c.finance]) {
      const attempts = [
        await c.call(token, 'POST', '/shops', valid),
        await c.call(token, 'PATCH', `/shops/${shop1}`, { name: '越权改名' }),
        await c.call(token, 'PATCH', `/shops/${target.id}`, { status: 'closed' }),
        await c.call(token, 'DELETE', `/shops/${target.id}`),
      ];
      for (const r of attempts) {
        expect(r.status).toBe(403);
        expect(r.body.code).toBe(40300);
        expect(r.body.msg).toMatch(CHINESE);
      }
    }
    expect(await shopCount()).toBe(before);
    expect((await c.call(c.admin, 'GET', `/shops/${shop1}`)).body.data.name).toBe(DEMO_SHOPS[0].name);
    expect((await c.call(c.admin, 'GET', `/shops/${target.id}`)).body.data.status).toBe('open');
    const ids = [c.t.demo.accountIds[MANAGER_1], c.t.demo.accountIds[FINANCE]];
    const theirs = await c.t.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'shop'));
    expect(theirs.filter((r) => ids.includes(r.accountId!))).toEqual([]);
  });

  it('creates a shop, defaulting status to open, and audits it as the admin', async () => {
    const r = await c.call(c.admin, 'POST', '/shops', valid);
    expect(r.status).toBe(200);
    const shop = r.body.data as Shop;
    expect(shop).toMatchObject({ ...valid, status: 'open' });
    expect(shop.id).toBeGreaterThan(0);
    expect(new Date(shop.createdAt).toISOString()).toBe(shop.createdAt);
    expect((await c.call(c.admin, 'GET', `/shops/${shop.id}`)).body.data).toEqual(shop);

    const [row] = await trailOf(shop.id);
    expect(row).toMatchObject({
      action: 'create',
      entity: 'shop',
      entityId: String(shop.id),
      accountId: c.t.demo.accountIds[ADMIN],
      role: 'admin',
    });
    expect(row.summary).toContain(valid.name);

    expect((await create({ ...valid, status: 'closed' })).status).toBe('closed');
    // Text is trimmed; a name at the length limit is accepted.
    expect((await create({ ...valid, name: `  ${'店'.repeat(50)}  ` })).name).toBe('店'.repeat(50));
  });

  const fieldCases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: undefined }, 'name', '请输入门店名称'],
    ['name null', { name: null }, 'name', '请输入门店名称'],
    ['name blank', { name: '   ' }, 'name', '请输入门店名称'],
    ['name too long', { name: '店'.repeat(51) }, 'name', '门店名称最多 50 个字'],
    ['name not text', { name: 123 }, 'name', '门店名称必须是文本'],
    ['name with a NUL', { name: 'a\u0000b' }, 'name', '门店名称含有不允许的字符'],
    ['regionCode missing', { regionCode: undefined }, 'regionCode', '请选择所在地区'],
    ['regionCode not in the table', { regionCode: '999999' }, 'regionCode', '所在地区不是有效的六位区划代码'],
    ['regionCode of 5 digits', { regionCode: '31010' }, 'regionCode', '所在地区不是有效的六位区划代码'],
    ['regionCode a number', { regionCode: 310104 }, 'regionCode', '所在地区必须是文本'],
    ['address missing', { address: undefined }, 'address', '请输入详细地址'],
    ['address too long', { address: '路'.repeat(201) }, 'address', '详细地址最多 200 个字'],
    ['address with a NUL', { address: 'x\u0000' }, 'address', '详细地址含有不允许的字符'],
    ['phone malformed', { phone: '12345' }, 'phone', '联系电话格式不正确，例如 021-64581234 或 13800000000'],
    ['phone with letters', { phone: '021-6458abcd' }, 'phone', '联系电话格式不正确，例如 021-64581234 或 13800000000'],
    ['phone a number', { phone: 13800000000 }, 'phone', '联系电话必须是文本'],
    ['openTime without leading zero', { openTime: '9:00' }, 'openTime', '营业开始时间格式应为 HH:mm'],
    ['openTime 24:00', { openTime: '24:00' }, 'openTime', '营业开始时间格式应为 HH:mm'],
    ['closeTime 21:60', { closeTime: '21:60' }, 'closeTime', '营业结束时间格式应为 HH:mm'],
    ['closeTime before openTime', { openTime: '22:00', closeTime: '10:00' }, 'closeTime', '营业结束时间必须晚于开始时间'],
    ['closeTime equal to openTime', { openTime: '10:00', closeTime: '10:00' }, 'closeTime', '营业结束时间必须晚于开始时间'],
    ['status outside the enum', { status: 'paused' }, 'status', '营业状态取值不正确'],
    ['status null', { status: null }, 'status', '请输入营业状态'],
  ];
  it.each(fieldCases)('refuses %s with a Chinese message naming the field', async (_case, change, field, message) => {
    const before = await shopCount();
    const r = await c.call(c.admin, 'POST', '/shops', { ...valid, ...change });
    expectInvalid(r, field, message);
    // Only the bad field is named: a malformed time does not also claim "close before open".
    expect(r.body.data.fields).toEqual([{ field, message }]);
    expect(await shopCount()).toBe(before);
  });

  it('lists every bad field at once', async () => {
    expect(sorted(invalidFields(await c.call(c.admin, 'POST', '/shops', {})))).toEqual(
      sorted(['name', 'regionCode', 'address', 'phone', 'openTime', 'closeTime']),
    );
    expect(sorted(invalidFields(await c.call(c.admin, 'POST', '/shops', { ...valid, name: '', phone: 'x', status: 'x' })))).toEqual([
      'name',
      'phone',
      'status',
    ]);
  });

  it('refuses fields the shop does not have, naming each', async () => {
    const before = await shopCount();
    const one = await c.call(c.admin, 'POST', '/shops', { ...valid, x: 1 });
    expectInvalid(one, 'x', '不允许的字段：x');
    const two = await c.call(c.admin, 'POST', '/shops', { ...valid, id: 99, createdAt: '2020-01-01T00:00:00Z' });
    expect(two.body.msg).toBe('不允许的字段：id、createdAt');
    expect(sorted(invalidFields(two))).toEqual(['createdAt', 'id']);
    expectInvalid(
      await c.call(c.admin, 'PATCH', `/shops/${c.shopIds[0]}`, { updatedAt: '2020-01-01T00:00:00Z' }),
      'updatedAt',
      '不允许的字段：updatedAt',
    );
    expect(await shopCount()).toBe(before);
  });

  it('stores SQL and HTML in strings verbatim', async () => {
    const sqlName = "'; drop table shops; --";
    const html = '<script>alert(1)</script>';
    const shop = await create({ ...valid, name: sqlName, address: html });
    expect(shop).toMatchObject({ name: sqlName, address: html });
    expect((await c.call(c.admin, 'GET', `/shops/${shop.id}`)).body.data).toMatchObject({ name: sqlName, address: html });
    const { rows } = await c.t.database.pool.query('select name, address from shops where id = $1', [shop.id]);
    expect(rows).toEqual([{ name: sqlName, address: html }]);
    expect((await c.t.database.pool.query("select to_regclass('public.shops') as t")).rows[0].t).toBe('shops');

    const found = await c.call(c.admin, 'GET', `/shops?q=${encodeURIComponent("'; drop")}`);
    expect(rowsOf(found).map((s) => s.id)).toEqual([shop.id]);

    const patched = await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, {
      name: '<img src=x onerror=alert(1)>',
      address: "Robert'); DROP TABLE shops;--",
    });
    expect(patched.body.data).toMatchObject({ name: '<img src=x onerror=alert(1)>', address: "Robert'); DROP TABLE shops;--" });
    expect((await c.call(c.admin, 'GET', '/shops')).total).toBe(await shopCount());
  });

  it('refuses an oversize body, malformed JSON and a body that is not an object with 40000', async () => {
    const before = await shopCount();
    const huge = await raw('POST', '/shops', JSON.stringify({ ...valid, address: 'x'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ code: 40000, msg: '请求体过大', data: { fields: [] } });

    for (const body of ['{"name": "美颜坊",', '{name: 1}', '']) {
      const bad = await raw('POST', '/shops', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: 40000, msg: '请求体不是合法的 JSON', data: { fields: [] } });
    }
    const badPatch = await raw('PATCH', `/shops/${c.shopIds[0]}`, '{"status":');
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().code).toBe(40000);

    for (const body of ['[]', '"美颜坊"', '42']) {
      const r = await raw('POST', '/shops', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe('请求体必须是 JSON 对象');
    }
    expect(await shopCount()).toBe(before);
  });

  it('updates only the fields sent and checks hours against the stored row', async () => {
    const shop = await create({ ...valid, name: '局部更新测试店' });
    const r = await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, { phone: '13912345678' });
    expect(r.status).toBe(200);
    const after = r.body.data as Shop;
    expect(after).toEqual({ ...shop, phone: '13912345678', updatedAt: after.updatedAt });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(shop.updatedAt).getTime());

    // Stored hours are 09:00-18:00: each half alone is checked against the other stored half.
    expectInvalid(await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, { closeTime: '08:00' }), 'closeTime', '营业结束时间必须晚于开始时间');
    expectInvalid(await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, { openTime: '19:00' }), 'closeTime', '营业结束时间必须晚于开始时间');
    expectInvalid(await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, { openTime: '18:00' }), 'closeTime', '营业结束时间必须晚于开始时间');
    expectInvalid(await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, { name: '' }), 'name', '请输入门店名称');
    expectInvalid(await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, { status: 'gone' }), 'status', '营业状态取值不正确');
    expect((await c.call(c.admin, 'GET', `/shops/${shop.id}`)).body.data).toEqual(after);

    const moved = await c.call(c.admin, 'PATCH', `/shops/${shop.id}`, { openTime: '07:00', closeTime: '08:00', status: 'closed' });
    expect(moved.body.data).toMatchObject({
      ...valid,
      name: '局部更新测试店',
      phone: '13912345678',
      openTime: '07:00',
      closeTime: '08:00',
      status: 'closed',
    });

    // Two successful updates, two audit rows; the refused ones left none.
    const trail = await trailOf(shop.id);
    expect(trail.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(trail[1]).toMatchObject({ entity: 'shop', accountId: c.t.demo.accountIds[ADMIN], role: 'admin' });
    expect(trail[1].summary).toBe('phone: 已修改');
    expect(trail[2].summary).toContain('closeTime: "18:00" -> "08:00"');
  });

  it('answers 40400 for a missing id and 40000 for an id that is not one', async () => {
    const missing = 2_000_000_000;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: '不存在' }],
      ['DELETE', undefined],
    ] as const) {
      expect(await c.call(c.admin, method, `/shops/${missing}`, body)).toMatchObject({
        status: 404,
        body: { code: 40400, msg: '门店不存在', data: null },
      });
      for (const id of ['abc', '1.5', '0', '-1', '1e3', '99999999999', "1'%20or%20'1'='1"]) {
        const r = await c.call(c.admin, method, `/shops/${id}`, body);
        expectInvalid(r, 'id', 'ID 格式不正确');
      }
    }
  });

  it('refuses to delete a shop that accounts, staff, customers or orders refer to, saying why', async () => {
    const [shop1] = c.shopIds;
    const n = async (table: typeof accountGrants | typeof staff | typeof customers | typeof orders) =>
      (await c.t.database.db.select({ n: count() }).from(table).where(eq(table.shopId, shop1)))[0].n;
    const refs = [
      [await n(accountGrants), '个账号授权'],
      [await n(staff), '名员工'],
      [await n(customers), '位客户'],
      [await n(orders), '个订单'],
    ] as const;
    expect(refs[0][0]).toBeGreaterThan(0);
    const r = await c.call(c.admin, 'DELETE', `/shops/${shop1}`);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      code: 40900,
      msg: `门店「${DEMO_SHOPS[0].name}」仍有${refs
        .filter(([k]) => k > 0)
        .map(([k, what]) => `${k}${what}`)
        .join('、')}，不能删除；如已不再营业，请将其设为停业`,
      data: null,
    });
    expect((await c.call(c.admin, 'GET', `/shops/${shop1}`)).status).toBe(200);
    expect((await trailOf(shop1)).filter((a) => a.action === 'delete')).toEqual([]);

    // A fresh shop with a single member of staff: blocked by that member alone.
    const shop = await create({ ...valid, name: '仅有员工店' });
    const [member] = await c.t.database.db
      .insert(staff)
      .values({ shopId: shop.id, name: '许晓彤', phone: '15912345678', job: 'beautician', hiredAt: '2025-03-15' })
      .returning();
    const blocked = await c.call(c.admin, 'DELETE', `/shops/${shop.id}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toBe('门店「仅有员工店」仍有1名员工，不能删除；如已不再营业，请将其设为停业');
    await c.t.database.db.delete(staff).where(eq(staff.id, member.id));
    expect((await c.call(c.admin, 'DELETE', `/shops/${shop.id}`)).body.code).toBe(0);
  });

  it('deletes a shop nothing refers to, in one audited write', async () => {
    const shop = await create({ ...valid, name: '新开即关店' });
    const before = await shopCount();
    const r = await c.call(c.admin, 'DELETE', `/shops/${shop.id}`);
    expect(r).toMatchObject({ status: 200, body: { code: 0, data: null } });
    expect(await shopCount()).toBe(before - 1);
    expect(await c.call(c.admin, 'GET', `/shops/${shop.id}`)).toMatchObject({ status: 404, body: { code: 40400 } });
    expect((await c.call(c.admin, 'DELETE', `/shops/${shop.id}`)).status).toBe(404);

    const trail = await trailOf(shop.id);
    expect(trail.map((a) => a.action)).toEqual(['create', 'delete']);
    for (const a of trail)
      expect(a).toMatchObject({ entity: 'shop', entityId: String(shop.id), accountId: c.t.demo.accountIds[ADMIN], role: 'admin' });
    expect(trail[1].summary).toBe('删除门店 新开即关店');
  });
});
