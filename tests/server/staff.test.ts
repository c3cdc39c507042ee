import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { rest, invalidFields, ADMIN, MANAGER_1, FINANCE, MANAGER_3 } from './support/restCalls';
import { auditLogs, staff } from '../../server/db/schema';
import { STAFF_JOB_LABELS, type Staff } from '../../contract/staff';
import { maskPhone } from '../../contract/mask';

let t: TestContext;
let call: ReturnType<typeof rest>;
let manager1: string;
let manager3: string;
let shop1: number;
let shop3: number;

const valid = {
  name: '许晓彤',
  phone: '15912345678',
  job: 'tattoo-artist',
  level: '高级纹绣师',
  hiredAt: '2025-03-15',
  status: 'active',
  commissionRateBp: 1500,
};

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [manager1, manager3],
  } = await openTestContext([MANAGER_1, MANAGER_3]));
  [shop1, , shop3] = t.demo.shopIds;
});
afterAll(async () => {
  await t?.close();
});

const countOf = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows[0].n as number;

describe('staff: create, read, update, delete in the current shop', () => {
  it('puts a new member in the session shop, shows the phone masked, and audits each write', async () => {
    const created = await call(manager1, 'POST', '/staff', valid);
    expect(created.status).toBe(200);
    const m = created.body.data as Staff;
    expect(m).toMatchObject({ ...valid, phone: '159****5678', shopId: shop1, accountId: null });
    const [stored] = await t.database.db.select().from(staff).where(eq(staff.id, m.id));
    expect(stored.phone).toBe(valid.phone);
    expect((await call(manager1, 'GET', `/staff/${m.id}`)).body.data).toEqual(m);

    const left = await call(manager1, 'PATCH', `/staff/${m.id}`, { status: 'left', phone: '15912340000' });
    expect(left.body.data).toMatchObject({ status: 'left', phone: '159****0000' });

    expect((await call(manager1, 'DELETE', `/staff/${m.id}`)).body.code).toBe(0);
    expect((await call(manager1, 'GET', `/staff/${m.id}`)).body).toEqual({ code: 40400, msg: '员工不存在', data: null });
    const trail = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'staff'), eq(auditLogs.entityId, String(m.id))));
    expect(trail.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    const update = trail.find((r) => r.action === 'update')!;
    expect(update.summary).toContain('phone: 已修改');
    expect(trail.some((r) => r.summary.includes(valid.phone) || r.summary.includes('15912340000'))).toBe(false);
    expect(update.shopId).toBe(shop1);
  });

  it('never lets the client choose the shop', async () => {
    const r = await call(manager1, 'POST', '/staff', { ...valid, shopId: shop3 });
    expect(r.body.msg).toBe('不允许的字段：shopId');
    expect((await call(manager1, 'PATCH', `/staff/${(await firstOf(shop1)).id}`, { shopId: shop3 })).body.msg).toBe('不允许的字段：shopId');
  });

  it('reveals the full phone on request and audits the view', async () => {
    const m = await firstOf(shop1);
    const r = await call(manager1, 'POST', `/staff/${m.id}/reveal-phone`);
    expect(r.body.data).toEqual({ phone: m.phone });
    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'reveal-phone'), eq(auditLogs.entity, 'staff'), eq(auditLogs.entityId, String(m.id))));
    expect(row).toMatchObject({
      accountId: t.demo.accountIds[MANAGER_1],
      role: 'shop-manager',
      shopId: shop1,
      summary: `查看完整手机号 ${maskPhone(m.phone)}`,
    });
  });

  it('links a login account of this shop and refuses one that does not exist', async () => {
    const ok = await call(manager1, 'POST', '/staff', { ...valid, job: 'manager', accountId: t.demo.accountIds[MANAGER_1] });
    expect(ok.body.data.accountId).toBe(t.demo.accountIds[MANAGER_1]);
    const bad = await call(manager1, 'POST', '/staff', { ...valid, accountId: 999999 });
    expect(bad.body.msg).toBe('关联账号不存在或不属于本门店');
    expect(invalidFields(bad)).toEqual(['accountId']);
  });
});

async function firstOf(shopId: number) {
  const [m] = await t.database.db.select().from(staff).where(eq(staff.shopId, shopId)).orderBy(staff.id).limit(1);
  return m;
}

describe('staff: validation', () => {
  it('checks type, range, length and presence of each field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'name', '请输入姓名'],
      [{ name: '' }, 'name', '请输入姓名'],
      [{ name: '名'.repeat(31) }, 'name', '姓名最多 30 个字'],
      [{ phone: undefined }, 'phone', '请输入手机号'],
      [{ phone: '1380000000' }, 'phone', '手机号格式不正确，应为 11 位手机号'],
      [{ phone: '12800000000' }, 'phone', '手机号格式不正确，应为 11 位手机号'],
      [{ phone: 13800000000 }, 'phone', '手机号必须是文本'],
      [{ job: 'boss' }, 'job', '岗位取值不正确'],
      [{ job: undefined }, 'job', '请输入岗位'],
      [{ level: 'l'.repeat(21) }, 'level', '级别最多 20 个字'],
      [{ hiredAt: '2025/03/15' }, 'hiredAt', '入职日期格式应为 YYYY-MM-DD'],
      [{ hiredAt: '2025-02-30' }, 'hiredAt', '入职日期不是有效日期'],
      [{ hiredAt: undefined }, 'hiredAt', '请输入入职日期'],
      [{ status: 'fired' }, 'status', '在职状态取值不正确'],
      [{ commissionRateBp: -1 }, 'commissionRateBp', '提成比例不能小于 0'],
      [{ commissionRateBp: 10001 }, 'commissionRateBp', '提成比例不能大于 10000'],
      [{ commissionRateBp: 12.5 }, 'commissionRateBp', '提成比例必须是整数'],
      [{ accountId: 'x' }, 'accountId', '关联账号必须是数字'],
      [{ accountId: 0 }, 'accountId', '关联账号不正确'],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await call(manager1, 'POST', '/staff', { ...valid, ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.msg, JSON.stringify(patch)).toBe(msg);
      expect(new Set(invalidFields(r))).toEqual(new Set([field]));
    }
  });

  it('labels the jobs in Chinese', () => {
    expect(STAFF_JOB_LABELS).toEqual({ 'tattoo-artist': '纹绣师', beautician: '美容师', receptionist: '前台', manager: '店长' });
  });
});

describe('staff: list', () => {
  it('lists only the current shop, masked, paged in SQL, filtered and searched', async () => {
    const n = await countOf('select count(*)::int as n from staff where shop_id = $1', [shop1]);
    const r = await call(manager1, 'GET', '/staff?_start=0&_end=2');
    expect(r.total).toBe(n);
    expect(r.body.data).toHaveLength(2);
    const all = (await call(manager1, 'GET', '/staff?_start=0&_end=100')).body.data as Staff[];
    expect(all.every((m) => m.shopId === shop1 && /^\d{3}\*{4}\d{4}$/.test(m.phone))).toBe(true);
    const created = all.map((m) => m.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const artists = (await call(manager1, 'GET', '/staff?job=tattoo-artist&_start=0&_end=100')).body.data as Staff[];
    expect(artists.length).toBeGreaterThan(0);
    expect(artists.every((m) => m.job === 'tattoo-artist')).toBe(true);
    const named = await call(manager1, 'GET', `/staff?q=${encodeURIComponent(all[0].name)}`);
    expect(named.body.data.map((m: Staff) => m.id)).toContain(all[0].id);
    const [stored] = await t.database.db.select().from(staff).where(eq(staff.id, all[0].id));
    const byPhone = await call(manager1, 'GET', `/staff?q=${stored.phone.slice(-6)}`);
    expect(byPhone.body.data.map((m: Staff) => m.id)).toContain(all[0].id);
    expect((await call(manager1, 'GET', '/staff?hiredAt_gte=2000-01-01&_start=0&_end=100')).total).toBe(n);
  });

  it('lets admin and finance read every shop, filter by shop, but never write', async () => {
    const all = await countOf('select count(*)::int as n from staff');
    const in3 = await countOf('select count(*)::int as n from staff where shop_id = $1', [shop3]);
    const m = await firstOf(shop1);
    for (const phone of [ADMIN, FINANCE]) {
      const token = await t.login(phone);
      expect((await call(token, 'GET', '/staff?_start=0&_end=100')).total).toBe(all);
      expect((await call(token, 'GET', `/staff?shopId=${shop3}`)).total).toBe(in3);
      expect((await call(token, 'GET', `/staff/${m.id}`)).body.data.phone).toBe(maskPhone(m.phone));
      for (const [method, path, payload] of [
        ['POST', '/staff', valid],
        ['PATCH', `/staff/${m.id}`, { level: 'x' }],
        ['DELETE', `/staff/${m.id}`, undefined],
      ] as const) {
        expect((await call(token, method, path, payload)).status, `${phone} ${method}`).toBe(403);
      }
    }
    expect((await call(await t.login(FINANCE), 'POST', `/staff/${m.id}/reveal-phone`)).status).toBe(403);
    expect((await call(await t.login(ADMIN), 'POST', `/staff/${m.id}/reveal-phone`)).body.data.phone).toBe(m.phone);
  });
});

describe('staff: another shop is invisible', () => {
  it('answers 404 to a manager guessing the id of another shop’s member, for every call', async () => {
    const other = await firstOf(shop1);
    for (const [method, path, payload] of [
      ['GET', `/staff/${other.id}`, undefined],
      ['PATCH', `/staff/${other.id}`, { status: 'left' }],
      ['DELETE', `/staff/${other.id}`, undefined],
      ['POST', `/staff/${other.id}/reveal-phone`, undefined],
    ] as const) {
      const r = await call(manager3, method, path, payload);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.msg).toBe('员工不存在');
    }
    const [still] = await t.database.db.select().from(staff).where(eq(staff.id, other.id));
    expect(still).toEqual(other);
    const mine = (await call(manager3, 'GET', '/staff?_start=0&_end=100')).body.data as Staff[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((m) => m.shopId === shop3)).toBe(true);
    expect((await call(manager3, 'GET', `/staff?shopId=${shop1}`)).total).toBe(0);
    const mine3 = await firstOf(shop3);
    expect((await call(manager1, 'GET', `/staff/${mine3.id}`)).status).toBe(404);
  });
});

describe('staff: leaving versus deleting', () => {
  it('refuses to delete a member linked to a login account with 409 and keeps them; marking left works', async () => {
    const [linked] = await t.database.db
      .select()
      .from(staff)
      .where(and(eq(staff.shopId, shop1), isNotNull(staff.accountId)))
      .limit(1);
    const r = await call(manager1, 'DELETE', `/staff/${linked.id}`);
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(`员工「${linked.name}」已有关联的登录账号，不能删除；如已离职，请将在职状态设为离职`);
    expect((await call(manager1, 'PATCH', `/staff/${linked.id}`, { status: 'left' })).body.data.status).toBe('left');
    expect((await call(manager1, 'GET', '/staff?status=left&_start=0&_end=100')).body.data.map((m: Staff) => m.id)).toContain(linked.id);

    // The demo receptionist has no login and no appointments: nothing keeps her row.
    const [unlinked] = await t.database.db
      .select()
      .from(staff)
      .where(and(eq(staff.shopId, shop1), isNull(staff.accountId), eq(staff.job, 'receptionist')))
      .limit(1);
    expect((await call(manager1, 'DELETE', `/staff/${unlinked.id}`)).status).toBe(200);
  });
});
