import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { rest, invalidFields, ADMIN, MANAGER_1, FINANCE, MANAGER_3 } from './support/restCalls';
import { auditLogs, banners } from '../../server/db/schema';
import type { Banner } from '../../contract/banner';

let t: TestContext;
let call: ReturnType<typeof rest>;
let admin: string;

const valid = {
  name: '国庆特惠',
  platform: '小程序',
  priority: 50,
  image: '/api/beer/backstage/upload/0123456789abcdef0123456789abcdef.png',
  type: '首页轮播',
  source: '市场部',
  jumpLink: '/pages/activity/national-day',
  imageLink: 'https://cdn.example.com/banner.png',
  status: 'on',
  startAt: '2026-10-01T00:00:00+08:00',
  endAt: '2026-10-07T23:59:59+08:00',
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

describe('banners: create, read, update, delete', () => {
  it('creates with every field, reads it back, updates and deletes it, each write audited', async () => {
    const created = await call(admin, 'POST', '/banners', valid);
    expect(created.status).toBe(200);
    const b = created.body.data as Banner;
    expect(b).toMatchObject({ ...valid, startAt: '2026-09-30T16:00:00.000Z', endAt: '2026-10-07T15:59:59.000Z' });
    expect(b.id).toBeGreaterThan(0);

    const read = await call(admin, 'GET', `/banners/${b.id}`);
    expect(read.body.data).toEqual(b);

    const patched = await call(admin, 'PATCH', `/banners/${b.id}`, { priority: 5, status: 'off', endAt: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ priority: 5, status: 'off', endAt: null, name: valid.name });

    const removed = await call(admin, 'DELETE', `/banners/${b.id}`);
    expect(removed.body).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await call(admin, 'GET', `/banners/${b.id}`)).body).toEqual({ code: 40400, msg: '活动不存在', data: null });

    const trail = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'banner'), eq(auditLogs.entityId, String(b.id))));
    expect(trail.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(trail.every((r) => r.accountId === t.demo.accountIds[ADMIN] && r.role === 'admin')).toBe(true);
  });

  it('fills defaults for what a minimal banner leaves out', async () => {
    const r = await call(admin, 'POST', '/banners', { name: '只有名称' });
    expect(r.body.data).toMatchObject({
      platform: '',
      priority: 0,
      image: '',
      jumpLink: '',
      imageLink: '',
      status: 'on',
      startAt: null,
      endAt: null,
    });
  });

  it('answers 404 for an unknown id and 40000 for a malformed one', async () => {
    expect((await call(admin, 'PATCH', '/banners/999999', { priority: 1 })).status).toBe(404);
    expect((await call(admin, 'DELETE', '/banners/999999')).status).toBe(404);
    expect((await call(admin, 'GET', '/banners/abc')).body.code).toBe(40000);
  });
});

describe('banners: validation', () => {
  it('requires the name with exactly "请输入名称"', async () => {
    for (const name of [undefined, '', '   ']) {
      const r = await call(admin, 'POST', '/banners', { ...valid, name });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('请输入名称');
      expect(invalidFields(r)).toEqual(['name']);
    }
    expect((await call(admin, 'POST', '/banners', { ...valid, name: '名'.repeat(51) })).body.msg).toBe('名称最多 50 个字');
    expect((await call(admin, 'POST', '/banners', { ...valid, name: 12 })).body.msg).toBe('名称必须是文本');
  });

  it.each([
    ['jumpLink', '跳转链接'],
    ['imageLink', '图片链接'],
    ['image', '图片'],
  ])('refuses %s that is not http(s) or an in-app path, naming the field', async (field, label) => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com/a.png',
      '//evil.example.com/x',
      'pages/no-slash',
      '/a b',
    ]) {
      const r = await call(admin, 'POST', '/banners', { ...valid, [field]: bad });
      expect(r.body.code, bad).toBe(40000);
      expect(r.body.msg).toBe(`${label}必须是 http(s) 链接或以 / 开头的站内路径`);
      expect(invalidFields(r)).toEqual([field]);
    }
    for (const good of ['http://example.com/a', 'https://example.com/a?b=1', '/pages/home']) {
      expect((await call(admin, 'POST', '/banners', { ...valid, [field]: good })).status).toBe(200);
    }
    expect((await call(admin, 'POST', '/banners', { ...valid, [field]: `https://e.com/${'a'.repeat(500)}` })).body.msg).toBe(
      `${label}最多 500 个字`,
    );
  });

  it('checks priority, status, text lengths, times and unknown fields', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ priority: -1 }, 'priority', '优先级不能小于 0'],
      [{ priority: 10000 }, 'priority', '优先级不能大于 9999'],
      [{ priority: 1.5 }, 'priority', '优先级必须是整数'],
      [{ priority: '3' }, 'priority', '优先级必须是数字'],
      [{ status: 'online' }, 'status', '状态取值不正确'],
      // Platform, type and source are choices of contract/banner.ts, not free text.
      [{ platform: '抖音' }, 'platform', '平台取值不正确'],
      [{ type: '任意类型' }, 'type', '类型取值不正确'],
      [{ source: 's'.repeat(51) }, 'source', '来源取值不正确'],
      [{ startAt: 'tomorrow' }, 'startAt', '开始时间格式应为 ISO 时间'],
      [{ endAt: '2026-10-01' }, 'endAt', '结束时间格式应为 ISO 时间'],
      [{ startAt: '2026-10-07T00:00:00Z', endAt: '2026-10-01T00:00:00Z' }, 'endAt', '结束时间必须晚于开始时间'],
      [{ startAt: '2026-10-01T00:00:00Z', endAt: '2026-10-01T00:00:00Z' }, 'endAt', '结束时间必须晚于开始时间'],
      [{ shopId: 1 }, 'shopId', '不允许的字段：shopId'],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await call(admin, 'POST', '/banners', { ...valid, ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.msg).toBe(msg);
      expect(invalidFields(r)).toEqual([field]);
    }
  });

  it('checks the period of an update against the stored start', async () => {
    const { body } = await call(admin, 'POST', '/banners', valid);
    const r = await call(admin, 'PATCH', `/banners/${body.data.id}`, { endAt: '2026-09-01T00:00:00Z' });
    expect(r.body.msg).toBe('结束时间必须晚于开始时间');
    expect((await call(admin, 'PATCH', `/banners/${body.data.id}`, { name: '' })).body.msg).toBe('请输入名称');
  });
});

describe('banners: list', () => {
  it('sorts by priority, highest first, by default and pages in SQL with x-total-count', async () => {
    const [{ n }] = await t.database.pool.query('select count(*)::int as n from banners').then((r) => r.rows);
    const r = await call(admin, 'GET', '/banners?_start=0&_end=3');
    expect(r.total).toBe(n);
    expect(r.body.data).toHaveLength(3);
    const all = (await call(admin, 'GET', `/banners?_start=0&_end=${n}`)).body.data as Banner[];
    const priorities = all.map((b) => b.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect((await call(admin, 'GET', '/banners?_start=3&_end=6')).body.data.map((b: Banner) => b.id)).toEqual(
      all.slice(3, 6).map((b) => b.id),
    );
  });

  it('filters by status, searches by name and sorts by a chosen field', async () => {
    const off = await call(admin, 'GET', '/banners?status=off&_start=0&_end=50');
    expect(off.body.data.length).toBeGreaterThan(0);
    expect(off.body.data.every((b: Banner) => b.status === 'off')).toBe(true);
    const found = await call(admin, 'GET', `/banners?q=${encodeURIComponent('水晶唇')}`);
    expect(found.total).toBe(1);
    expect(found.body.data[0].name).toContain('水晶唇');
    const byName = (await call(admin, 'GET', '/banners?_sort=name&_order=asc&_start=0&_end=50')).body.data.map((b: Banner) => b.name);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await call(admin, 'GET', '/banners?colour=red')).body.msg).toBe('不支持的筛选字段：colour');
  });
});

describe('banners: only administrators', () => {
  it('answers 403 to a shop-manager and financial-staff for every call, 50008 without a token', async () => {
    const [row] = await t.database.db.select().from(banners).limit(1);
    for (const phone of [MANAGER_1, MANAGER_3, FINANCE]) {
      const token = await t.login(phone);
      for (const [method, path, payload] of [
        ['GET', '/banners', undefined],
        ['GET', `/banners/${row.id}`, undefined],
        ['POST', '/banners', valid],
        ['PATCH', `/banners/${row.id}`, { priority: 1 }],
        ['DELETE', `/banners/${row.id}`, undefined],
      ] as const) {
        const r = await call(token, method, path, payload);
        expect(r.status, `${phone} ${method} ${path}`).toBe(403);
        expect(r.body.code).toBe(40300);
      }
    }
    expect((await call(undefined, 'GET', '/banners')).status).toBe(401);
    const [still] = await t.database.db.select().from(banners).where(eq(banners.id, row.id));
    expect(still).toEqual(row);
  });
});
