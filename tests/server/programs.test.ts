import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { rest, invalidFields, ADMIN, MANAGER_1, FINANCE, MANAGER_3 } from './support/restCalls';
import { auditLogs, programs } from '../../server/db/schema';
import { PROGRAM_TYPE_LABELS, MAX_PRICE_FEN, type Program } from '../../contract/program';

let t: TestContext;
let call: ReturnType<typeof rest>;
let admin: string;

const valid = {
  name: '雾眉（测试）',
  mainImage: '/api/beer/backstage/upload/0123456789abcdef0123456789abcdef.jpg',
  priceFen: 168_000,
  vipPriceFen: 138_000,
  type: 1,
  tag: '热销',
  detailImages: ['https://cdn.example.com/a.jpg', '/api/beer/backstage/upload/fedcba9876543210fedcba9876543210.png'],
  details: [
    { key: '适合人群', value: '眉毛稀疏' },
    { key: '保持时间', value: '1-2 年' },
  ],
  durationMinutes: 120,
  touchUpDays: 45,
  status: 'on',
};

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [admin],
  } = await openTestContext([ADMIN]));
});
afterAll(async () => {
  await t?.close();
});

describe('programs: create, read, update, delete', () => {
  it('creates with every field in order, reads, updates the VIP price and deletes, each write audited', async () => {
    const created = await call(admin, 'POST', '/programs', valid);
    expect(created.status).toBe(200);
    const p = created.body.data as Program;
    expect(p).toMatchObject(valid);
    expect((await call(admin, 'GET', `/programs/${p.id}`)).body.data).toEqual(p);

    const reordered = { vipPriceFen: 128_000, detailImages: [...valid.detailImages].reverse(), details: [...valid.details].reverse() };
    const patched = await call(admin, 'PATCH', `/programs/${p.id}`, reordered);
    expect(patched.body.data).toMatchObject({ ...valid, ...reordered });

    expect((await call(admin, 'DELETE', `/programs/${p.id}`)).body.code).toBe(0);
    expect((await call(admin, 'GET', `/programs/${p.id}`)).body).toEqual({ code: 40400, msg: '服务项目不存在', data: null });
    const trail = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'program'), eq(auditLogs.entityId, String(p.id))));
    expect(trail.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(trail.find((r) => r.action === 'update')!.summary).toContain('vipPriceFen: 138000 -> 128000');
  });

  it('defaults the free touch-up window by type: 60 days for brows and lips, none for beauty care', async () => {
    const { touchUpDays: _omit, ...rest } = valid;
    for (const [type, days] of [
      [1, 60],
      [2, 60],
      [3, 0],
    ] as const) {
      const r = await call(admin, 'POST', '/programs', { ...rest, type });
      expect(r.body.data.touchUpDays, `type ${type}`).toBe(days);
    }
    const minimal = await call(admin, 'POST', '/programs', { name: '补水护理（测试）', priceFen: 100, vipPriceFen: 100, type: 3 });
    expect(minimal.body.data).toMatchObject({
      mainImage: '',
      tag: '',
      detailImages: [],
      details: [],
      durationMinutes: 60,
      touchUpDays: 0,
      status: 'on',
    });
  });

  it('labels the three types in Chinese', () => {
    expect(PROGRAM_TYPE_LABELS).toEqual({ 1: '纹眉', 2: '纹唇', 3: '美容' });
  });
});

describe('programs: validation', () => {
  it('requires the name with "请输入名称"', async () => {
    for (const name of [undefined, '', '  ']) {
      const r = await call(admin, 'POST', '/programs', { ...valid, name });
      expect(r.body.msg).toBe('请输入名称');
      expect(invalidFields(r)).toEqual(['name']);
    }
  });

  it('keeps the VIP price at most the price, on create and against the stored price on update', async () => {
    const r = await call(admin, 'POST', '/programs', { ...valid, vipPriceFen: valid.priceFen + 1 });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('会员价不能高于价格');
    expect(invalidFields(r)).toEqual(['vipPriceFen']);
    expect((await call(admin, 'POST', '/programs', { ...valid, vipPriceFen: valid.priceFen })).status).toBe(200);

    const { body } = await call(admin, 'POST', '/programs', valid);
    const up = await call(admin, 'PATCH', `/programs/${body.data.id}`, { vipPriceFen: valid.priceFen + 100 });
    expect(up.body.msg).toBe('会员价不能高于价格');
    const down = await call(admin, 'PATCH', `/programs/${body.data.id}`, { priceFen: valid.vipPriceFen - 1 });
    expect(down.body.msg).toBe('会员价不能高于价格');
    const [stored] = await t.database.db.select().from(programs).where(eq(programs.id, body.data.id));
    expect([stored.priceFen, stored.vipPriceFen]).toEqual([valid.priceFen, valid.vipPriceFen]);
  });

  it('checks type, range and length of every field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ priceFen: 12.5 }, 'priceFen', '价格必须是整数'],
      [{ priceFen: -1 }, 'priceFen', '价格不能小于 0'],
      [{ priceFen: MAX_PRICE_FEN + 1, vipPriceFen: 0 }, 'priceFen', `价格不能大于 ${MAX_PRICE_FEN}`],
      [{ priceFen: '1680' }, 'priceFen', '价格必须是数字'],
      [{ priceFen: undefined }, 'priceFen', '请输入价格'],
      [{ vipPriceFen: undefined }, 'vipPriceFen', '请输入会员价'],
      [{ vipPriceFen: -5 }, 'vipPriceFen', '会员价不能小于 0'],
      [{ type: 4 }, 'type', '类型取值不正确，应为 1 纹眉、2 纹唇或 3 美容'],
      [{ type: '1' }, 'type', '类型取值不正确，应为 1 纹眉、2 纹唇或 3 美容'],
      [{ type: undefined }, 'type', '请选择类型'],
      [{ name: '名'.repeat(51) }, 'name', '名称最多 50 个字'],
      [{ tag: '标'.repeat(21) }, 'tag', '标签最多 20 个字'],
      [{ mainImage: 'javascript:alert(1)' }, 'mainImage', '主图必须是 http(s) 链接或以 / 开头的站内路径'],
      [{ detailImages: 'https://a.example.com/x.png' }, 'detailImages', '详情图必须是列表'],
      [{ detailImages: Array.from({ length: 10 }, (_, i) => `/img/${i}.png`) }, 'detailImages', '详情图最多 9 张'],
      [{ detailImages: ['/ok.png', 'data:image/png;base64,AAAA'] }, 'detailImages.1', '详情图必须是 http(s) 链接或以 / 开头的站内路径'],
      [{ detailImages: [''] }, 'detailImages.0', '详情图地址不能为空'],
      [{ details: Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, value: 'v' })) }, 'details', '详情最多 20 条'],
      [{ details: [{ key: '', value: 'v' }] }, 'details.0.key', '请输入详情名称'],
      [{ details: [{ key: 'k', value: 'v'.repeat(201) }] }, 'details.0.value', '详情内容最多 200 个字'],
      [{ details: [{ key: 'k', value: 'v', extra: 1 }] }, 'details.0.extra', '不允许的字段：extra'],
      [{ durationMinutes: 0 }, 'durationMinutes', '服务时长（分钟）不能小于 5'],
      [{ durationMinutes: 721 }, 'durationMinutes', '服务时长（分钟）不能大于 720'],
      [{ touchUpDays: -1 }, 'touchUpDays', '免费补色期（天）不能小于 0'],
      [{ touchUpDays: 366 }, 'touchUpDays', '免费补色期（天）不能大于 365'],
      [{ status: 'sold-out' }, 'status', '上架状态取值不正确'],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await call(admin, 'POST', '/programs', { ...valid, ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.msg, JSON.stringify(patch)).toBe(msg);
      expect(invalidFields(r)).toContain(field);
    }
  });
});

describe('programs: list and who sees what', () => {
  it('pages, filters by type and status, searches by name and sorts by price', async () => {
    const [{ n }] = (await t.database.pool.query('select count(*)::int as n from programs')).rows;
    const page = await call(admin, 'GET', '/programs?_start=0&_end=2');
    expect(page.total).toBe(n);
    expect(page.body.data).toHaveLength(2);
    const lips = await call(admin, 'GET', '/programs?type=2&_start=0&_end=100');
    expect(lips.body.data.length).toBeGreaterThan(0);
    expect(lips.body.data.every((p: Program) => p.type === 2)).toBe(true);
    const brows = await call(admin, 'GET', `/programs?q=${encodeURIComponent('眉')}&_start=0&_end=100`);
    expect(brows.body.data.every((p: Program) => p.name.includes('眉') || p.tag.includes('眉'))).toBe(true);
    const byPrice = (await call(admin, 'GET', '/programs?_sort=priceFen&_order=asc&_start=0&_end=100')).body.data.map(
      (p: Program) => p.priceFen,
    );
    expect(byPrice).toEqual([...byPrice].sort((a: number, b: number) => a - b));
    expect((await call(admin, 'GET', '/programs?type=x')).body.msg).toBe('筛选字段 type 的值不正确');
  });

  it('lets every role read; a shop-manager lists on-shelf programs unless it asks for a status', async () => {
    const [off] = await t.database.db.select().from(programs).where(eq(programs.status, 'off')).limit(1);
    expect(off).toBeDefined();
    const [{ n }] = (await t.database.pool.query('select count(*)::int as n from programs')).rows;
    const [{ on }] = (await t.database.pool.query("select count(*)::int as on from programs where status = 'on'")).rows;
    const manager = await t.login(MANAGER_1);
    const managerList = await call(manager, 'GET', '/programs?_start=0&_end=100');
    expect(managerList.total).toBe(on);
    expect(managerList.body.data.every((p: Program) => p.status === 'on')).toBe(true);
    expect((await call(manager, 'GET', '/programs?status=off&_start=0&_end=100')).body.data.map((p: Program) => p.id)).toContain(off.id);
    expect((await call(manager, 'GET', `/programs/${off.id}`)).body.data.name).toBe(off.name);
    const finance = await t.login(FINANCE);
    expect((await call(finance, 'GET', '/programs?_start=0&_end=100')).total).toBe(n);
    expect((await call(admin, 'GET', '/programs?_start=0&_end=100')).total).toBe(n);
  });

  it('answers 403 to every write by a non-admin and leaves the row alone', async () => {
    const [row] = await t.database.db.select().from(programs).limit(1);
    for (const phone of [MANAGER_1, MANAGER_3, FINANCE]) {
      const token = await t.login(phone);
      for (const [method, path, payload] of [
        ['POST', '/programs', valid],
        ['PATCH', `/programs/${row.id}`, { priceFen: 1 }],
        ['DELETE', `/programs/${row.id}`, undefined],
      ] as const) {
        const r = await call(token, method, path, payload);
        expect(r.status, `${phone} ${method}`).toBe(403);
        expect(r.body.code).toBe(40300);
      }
    }
    const [still] = await t.database.db.select().from(programs).where(eq(programs.id, row.id));
    expect(still).toEqual(row);
  });
});
