import { describe, expect, it } from 'vitest';
import { mockLogin } from '../../../src/mocks/handlers';
import { appointments } from '../../../src/mocks/appointments';
import { API } from '../../../contract/api';
import { ErrorCode } from '../../../contract/envelope';
import { RESOURCES } from '../../../contract/resources';
import { apiAllows, resourcePath } from '../../../contract/resource';
import { NOTHING_TO_CHANGE } from '../../../contract/validation';

const ADMIN = '13800000001';
/** shop-manager of shops 1 and 2, acting for shop 1 after login. */
const MANAGER = '13800000002';
const FINANCE = '13800000003';

async function call(method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const res = await fetch(new URL(path, location.origin), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  // data is whatever the call answers; each test reads the fields it checks.
  return {
    status: res.status,
    total: res.headers.get('x-total-count'),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    ...((await res.json()) as { code: number; msg: string; data: any }),
  };
}

const base = API.resourceBase;
const names = (r: { data: { name: string }[] }) => r.data.map((row) => row.name);
const refused = (msg: string, field: string) => ({
  status: 400,
  code: ErrorCode.INVALID_INPUT,
  msg,
  data: { fields: [{ field, message: msg }] },
});
/** The Asia/Shanghai calendar day `days` ago. */
const shanghaiDay = (days: number) => new Date(Date.now() - days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

describe('list protocol', () => {
  const programs = `${base}/programs`;

  it('pages with _start/_end and counts every match in x-total-count', async () => {
    const token = mockLogin(ADMIN);
    const page = await call('GET', `${programs}?_start=1&_end=2`, { token });
    expect(page).toMatchObject({ status: 200, code: 0, total: '3' });
    // Newest id first without a sort.
    expect(page.data.map((p: { id: number }) => p.id)).toEqual([2]);
    expect((await call('GET', `${programs}?_start=5&_end=10`, { token })).data).toEqual([]);
    expect(await call('GET', `${programs}?_start=-1`, { token })).toMatchObject(refused('分页参数 _start 必须是非负整数', '_start'));
    expect(await call('GET', `${programs}?_start=4&_end=2`, { token })).toMatchObject(refused('分页参数 _end 不能小于 _start', '_end'));
    expect(await call('GET', `${programs}?_end=201`, { token })).toMatchObject(refused('每页最多 200 条', '_end'));
  });

  it('sorts on the sortable fields, several at once, nulls last', async () => {
    const token = mockLogin(ADMIN);
    expect(names(await call('GET', `${programs}?_sort=priceFen&_order=desc`, { token }))).toEqual(['水晶唇', '雾眉', '小气泡清洁']);
    expect(names(await call('GET', `${programs}?_sort=touchUpDays,name&_order=desc,asc`, { token }))).toEqual([
      '水晶唇',
      '雾眉',
      '小气泡清洁',
    ]);
    expect(names(await call('GET', `${base}/banners?_sort=startAt`, { token }))).toEqual([
      '春季眉形设计沙龙',
      '新客首单立减 200 元',
      '会员日 全场护理 8 折',
    ]);
    expect(await call('GET', `${programs}?_sort=details`, { token })).toMatchObject(refused('不支持的排序字段：details', '_sort'));
    expect(await call('GET', `${programs}?_sort=name&_order=up`, { token })).toMatchObject(
      refused('排序方向 _order 只能是 asc 或 desc', '_order'),
    );
  });

  it('filters with =, several values, _like, _gte, _lte and _ne', async () => {
    const token = mockLogin(ADMIN);
    const list = async (query: string) => names(await call('GET', `${programs}?${query}`, { token }));
    expect(await list('type=2')).toEqual(['水晶唇']);
    expect(await list('id=1&id=3')).toEqual(['小气泡清洁', '雾眉']);
    expect(await list('name_like=晶')).toEqual(['水晶唇']);
    expect(await list('tag_like=会员')).toEqual(['小气泡清洁']);
    expect(await list('priceFen_gte=168000')).toEqual(['水晶唇', '雾眉']);
    expect(await list('priceFen_lte=168000')).toEqual(['小气泡清洁', '雾眉']);
    expect(await list('status_ne=on')).toEqual(['小气泡清洁']);
    expect(await list('priceFen_gte=100000&touchUpDays=60&type_ne=2')).toEqual(['雾眉']);
    // An empty value filters nothing.
    expect(await list('name=')).toHaveLength(3);
  });

  it('a day on a point in time means that whole Asia/Shanghai day, both ends inclusive', async () => {
    const token = mockLogin(ADMIN);
    const list = async (query: string) => names(await call('GET', `${base}/banners?${query}`, { token }));
    expect(await list(`createdAt=${shanghaiDay(15)}`)).toEqual(['会员日 全场护理 8 折']);
    expect(await list(`createdAt_gte=${shanghaiDay(20)}`)).toEqual(['新客首单立减 200 元', '会员日 全场护理 8 折']);
    expect(await list(`createdAt_lte=${shanghaiDay(20)}`)).toEqual(['新客首单立减 200 元', '春季眉形设计沙龙']);
    // A row without a value matches no condition on it.
    expect(await list(`startAt_lte=${shanghaiDay(0)}`)).toEqual(['新客首单立减 200 元', '春季眉形设计沙龙']);
    expect(await list(`createdAt_gte=${new Date(Date.now() - 16 * 86_400_000).toISOString()}`)).toEqual(['会员日 全场护理 8 折']);
  });

  it('refuses a value of the wrong kind and an operator the kind does not take', async () => {
    const token = mockLogin(ADMIN);
    expect(await call('GET', `${programs}?priceFen=abc`, { token })).toMatchObject(refused('筛选字段 priceFen 的值不正确', 'priceFen'));
    expect(await call('GET', `${programs}?priceFen=1.5`, { token })).toMatchObject(refused('筛选字段 priceFen 的值不正确', 'priceFen'));
    expect(await call('GET', `${programs}?status=maybe`, { token })).toMatchObject(refused('筛选字段 status 的值不正确', 'status'));
    expect(await call('GET', `${programs}?createdAt=2026-02-30`, { token })).toMatchObject(
      refused('筛选字段 createdAt 的值不正确', 'createdAt'),
    );
    expect(await call('GET', `${programs}?createdAt_gte=yesterday`, { token })).toMatchObject(
      refused('筛选字段 createdAt 的值不正确', 'createdAt'),
    );
    expect(await call('GET', `${base}/customers?vip=maybe`, { token })).toMatchObject(refused('筛选字段 vip 的值不正确', 'vip'));
    expect(await call('GET', `${programs}?priceFen_like=1`, { token })).toMatchObject(
      refused('筛选字段 priceFen 不支持模糊查询', 'priceFen_like'),
    );
    expect(await call('GET', `${programs}?status_gte=on`, { token })).toMatchObject(
      refused('筛选字段 status 不支持范围查询', 'status_gte'),
    );
  });

  it.each(['password', 'details', '__proto__', 'constructor', 'toString', 'hasOwnProperty_like', '__proto___ne'])(
    'refuses %s as a filter',
    async (key) => {
      const res = await call('GET', `${programs}?${key}=1`, { token: mockLogin(ADMIN) });
      expect(res).toMatchObject(refused(`不支持的筛选字段：${key}`, key));
    },
  );

  it.each(['__proto__', 'constructor', 'toString', 'password'])('refuses %s as a sort key', async (key) => {
    const res = await call('GET', `${programs}?_sort=${key}`, { token: mockLogin(ADMIN) });
    expect(res).toMatchObject(refused(`不支持的排序字段：${key}`, '_sort'));
  });

  it('q searches what the resource says, at most 50 characters', async () => {
    const token = mockLogin(ADMIN);
    expect(names(await call('GET', `${programs}?q=热销`, { token }))).toEqual(['雾眉']);
    expect(names(await call('GET', `${base}/banners?q=h5`, { token }))).toEqual(['会员日 全场护理 8 折', '春季眉形设计沙龙']);
    expect(await call('GET', `${programs}?q=${'眉'.repeat(51)}`, { token })).toMatchObject(refused('搜索内容最多 50 个字', 'q'));
  });
});

describe('roles, shop scope and validation from the descriptors', () => {
  const demo = [
    ['admin', ADMIN],
    ['shop-manager', MANAGER],
    ['financial-staff', FINANCE],
  ] as const;

  it.each(Object.values(RESOURCES).flatMap((d) => demo.map(([role, phone]) => [d.name, role, phone, d] as const)))(
    '%s as %s: list and create answer as apiAllows says',
    async (_name, role, phone, d) => {
      const token = mockLogin(phone);
      const list = await call('GET', resourcePath(d), { token });
      expect(list.status).toBe(apiAllows(d, 'list', role) ? 200 : 403);
      // An empty body is refused by validation once the role may create.
      const create = await call('POST', resourcePath(d), { token, body: {} });
      expect(create).toMatchObject(
        apiAllows(d, 'create', role)
          ? { status: 400, code: ErrorCode.INVALID_INPUT }
          : { status: 403, code: ErrorCode.FORBIDDEN, msg: '没有权限执行此操作' },
      );
    },
  );

  it("a shop-manager's calls reach its current shop's rows only; another shop's row is the descriptor's 404", async () => {
    const token = mockLogin(MANAGER);
    const staff = `${base}/staff`;
    expect(names(await call('GET', staff, { token }))).toEqual(['张敏', '李婷']);
    expect((await call('GET', `${staff}?shopId=2`, { token })).total).toBe('0');
    for (const [method, body] of [['GET'], ['PATCH', { level: '资深' }], ['DELETE'], ['POST']] as const) {
      const path = method === 'POST' ? `${staff}/3/reveal-phone` : `${staff}/3`;
      expect([method, await call(method, path, { token, body })]).toMatchObject([
        method,
        { status: 404, code: ErrorCode.NOT_FOUND, msg: '员工不存在' },
      ]);
    }
    // Admin and finance see every shop's.
    expect((await call('GET', staff, { token: mockLogin(FINANCE) })).total).toBe('3');

    await call('POST', API.roleShopChange, { token, body: { role: 'shop-manager', shopID: 2 } });
    expect(names(await call('GET', staff, { token }))).toEqual(['刘芳']);
    const created = await call('POST', `${base}/customers`, { token, body: { name: '林欣', phone: '13611112222' } });
    expect(created.data).toMatchObject({ shopId: 2, phone: '136****2222', birthday: null, consentSignedAt: null });
  });

  it('reveal-phone answers the full number to the roles the descriptor names', async () => {
    const path = `${base}/customers/1/reveal-phone`;
    expect((await call('POST', path, { token: mockLogin(ADMIN) })).data).toEqual({ phone: '13700001234' });
    expect(await call('POST', path, { token: mockLogin(FINANCE) })).toMatchObject({ status: 403 });
    expect((await call('GET', `${base}/customers/1`, { token: mockLogin(ADMIN) })).data.phone).toBe('137****1234');
  });

  it("validates with the descriptor's schemas: every bad field, unknown fields by name, empty PATCH, merged rules", async () => {
    const token = mockLogin(ADMIN);
    const banners = `${base}/banners`;
    const bad = await call('POST', banners, { token, body: { name: '', priority: -1, id: 9 } });
    expect(bad).toMatchObject({ status: 400, code: ErrorCode.INVALID_INPUT, msg: bad.data.fields[0].message });
    expect(bad.data.fields).toHaveLength(3);
    expect(bad.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'id', message: '不允许的字段：id' },
        { field: 'name', message: '请输入名称' },
        { field: 'priority', message: '优先级不能小于 0' },
      ]),
    );
    expect(await call('PATCH', `${banners}/1`, { token, body: {} })).toMatchObject({ status: 400, msg: NOTHING_TO_CHANGE });
    expect(await call('PATCH', `${banners}/1`, { token, body: '{' })).toMatchObject({ status: 400, msg: '请求体不是合法的 JSON' });
    // The period rule on the row as it would be stored: an end before the stored start.
    expect(
      await call('PATCH', `${banners}/1`, { token, body: { endAt: new Date(Date.now() - 30 * 86_400_000).toISOString() } }),
    ).toMatchObject(refused('结束时间必须晚于开始时间', 'endAt'));
    expect(await call('PATCH', `${banners}/x`, { token, body: { name: '改' } })).toMatchObject(refused('ID 格式不正确', 'id'));
    expect(await call('GET', `${banners}/99`, { token })).toMatchObject({ status: 404, msg: '活动不存在' });
  });

  it('creates with the schema defaults and the next id, updates and deletes', async () => {
    const token = mockLogin(ADMIN);
    const programs = `${base}/programs`;
    const created = await call('POST', programs, { token, body: { name: '野生眉', priceFen: 128_000, vipPriceFen: 108_000, type: 1 } });
    expect(created.data).toMatchObject({
      id: 4,
      status: 'on',
      touchUpDays: 60,
      durationMinutes: 60,
      details: [],
      createdAt: expect.any(String),
    });
    expect((await call('PATCH', `${programs}/4`, { token, body: { status: 'off' } })).data).toMatchObject({
      id: 4,
      name: '野生眉',
      status: 'off',
    });
    expect(await call('PATCH', `${programs}/4`, { token, body: { vipPriceFen: 200_000 } })).toMatchObject(
      refused('会员价不能高于价格', 'vipPriceFen'),
    );
    expect(await call('DELETE', `${programs}/4`, { token })).toMatchObject({ code: 0, data: null });
    expect(await call('GET', `${programs}/4`, { token })).toMatchObject({ status: 404, msg: '服务项目不存在' });
  });
});

describe('feature rules on the engine', () => {
  it("a manager's program list holds on-shelf ones unless it asks for a status", async () => {
    const token = mockLogin(MANAGER);
    expect((await call('GET', `${base}/programs`, { token })).total).toBe('2');
    expect(names(await call('GET', `${base}/programs?status=off`, { token }))).toEqual(['小气泡清洁']);
    expect((await call('GET', `${base}/programs`, { token: mockLogin(ADMIN) })).total).toBe('3');
  });

  it('customers: tags must all be carried; q by full phone, last four digits or name', async () => {
    const token = mockLogin(FINANCE);
    const customers = `${base}/customers`;
    expect(names(await call('GET', `${customers}?tags=老客`, { token }))).toEqual(['陈雪']);
    expect((await call('GET', `${customers}?tags=老客&tags=敏感肌`, { token })).total).toBe('0');
    expect(names(await call('GET', `${customers}?q=13700009999`, { token }))).toEqual(['黄丽']);
    expect(names(await call('GET', `${customers}?q=5678`, { token }))).toEqual(['周悦']);
    expect(names(await call('GET', `${customers}?q=陈`, { token }))).toEqual(['陈雪']);
  });

  it('accounts: filter by the role or shop of a grant; phones masked but in an admin read; no delete', async () => {
    const token = mockLogin(ADMIN);
    const accounts = `${base}/accounts`;
    expect(names(await call('GET', `${accounts}?role=shop-manager`, { token }))).toEqual(['陈店长', '王店长']);
    expect(names(await call('GET', `${accounts}?shopID=2`, { token }))).toEqual(['王店长']);
    expect(await call('GET', `${accounts}?role=boss`, { token })).toMatchObject(refused('筛选字段 role 的值不正确', 'role'));
    expect((await call('GET', `${accounts}?q=王`, { token })).data[0]).toMatchObject({
      phone: '138****0002',
      grants: [{ role: 'shop-manager', shopID: 1, shop: '美颜坊·徐汇旗舰店' }, { shopID: 2 }],
    });
    expect((await call('GET', `${accounts}/2`, { token })).data).not.toHaveProperty('password');
    expect((await call('GET', `${accounts}/2`, { token })).data.phone).toBe('13800000002');
    expect(await call('DELETE', `${accounts}/2`, { token })).toMatchObject({ status: 409 });
  });

  it('appointments: _view=calendar answers the page by column; another _view is refused, and so is _view on a list without views', async () => {
    const token = mockLogin(MANAGER);
    const now = Date.now();
    const row = (id: number, start: number, staffId: number | null) => ({
      id,
      shopId: 1,
      kind: 'new-customer' as const,
      customerId: 1,
      customerName: `客户${id}`,
      customerPhone: '137****1234',
      programId: 1,
      programName: '雾眉',
      staffId,
      staffName: staffId ? '李婷' : '',
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + 3_600_000).toISOString(),
      durationMinutes: 60,
      status: 'booked' as const,
      note: '',
      entitlementId: null,
      overrideReason: '',
      cancelReason: '',
      createdAt: '',
      updatedAt: '',
    });
    appointments.table.insert(row(1, now + 3_600_000, 1));
    appointments.table.insert(row(2, now + 7_200_000, null));
    appointments.table.insert({ ...row(3, now + 7_200_000, 1), shopId: 2 });
    const range =
      `from=${encodeURIComponent(new Date(now).toISOString())}&to` +
      `=${encodeURIComponent(new Date(now + 86_400_000).toISOString())}&_sort=startAt&_start=0&_end=5000`;
    const page = await call('GET', `${base}/appointments?${range}&_view=calendar`, { token });
    expect(page).toMatchObject({ status: 200, code: 0, total: '2' });
    expect(page.data).toEqual({
      id: [1, 2],
      staffId: [1, null],
      start: [now + 3_600_000, now + 7_200_000],
      durationMinutes: [60, 60],
      status: ['booked', 'booked'],
      customerName: ['客户1', '客户2'],
      programName: ['雾眉', '雾眉'],
      staffName: ['李婷', ''],
    });
    expect(await call('GET', `${base}/appointments?${range}&_view=week`, { token })).toMatchObject(
      refused('_view 只能是 calendar', '_view'),
    );
    expect(await call('GET', `${base}/appointments?${range}&_view=calendar&_view=calendar`, { token })).toMatchObject(
      refused('_view 只能是 calendar', '_view'),
    );
    expect(await call('GET', `${base}/programs?_view=calendar`, { token })).toMatchObject(refused('不支持的筛选字段：_view', '_view'));
  });

  it('shops: a region filter must be six digits', async () => {
    const res = await call('GET', `${base}/shops?regionCode=31`, { token: mockLogin(ADMIN) });
    expect(res).toMatchObject(refused('所在地区筛选必须是六位区划代码', 'regionCode'));
  });
});
