import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { rest, invalidFields, ADMIN, MANAGER_1, FINANCE, MANAGER_3 } from './support/restCalls';
import { auditLogs, customers } from '../../server/db/schema';
import { CUSTOMER_SOURCE_LABELS, type Customer } from '../../contract/customer';
import { maskPhone } from '../../contract/mask';

let t: TestContext;
let call: ReturnType<typeof rest>;
let manager1: string;
let manager3: string;
let shop1: number;
let shop2: number;
let shop3: number;

const valid = {
  name: '测试客户',
  phone: '15011112222',
  gender: 'female',
  birthday: '1992-06-18',
  source: 'douyin',
  vip: true,
  tags: ['敏感肌', '老客'],
  healthNotes: '对利多卡因过敏',
  consentSignedAt: '2026-01-05T14:30:00+08:00',
  notes: '喜欢自然款',
};

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [manager1, manager3],
  } = await openTestContext([MANAGER_1, MANAGER_3]));
  [shop1, shop2, shop3] = t.demo.shopIds;
});
afterAll(async () => {
  await t?.close();
});

const countOf = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows[0].n as number;
async function firstOf(shopId: number) {
  const [c] = await t.database.db.select().from(customers).where(eq(customers.shopId, shopId)).orderBy(customers.id).limit(1);
  return c;
}
const MASKED = /^1\d{2}\*{4}\d{4}$/;

describe('customers: create, read, update, delete', () => {
  it('creates in the session shop, answers the phone masked everywhere, and audits each write', async () => {
    const created = await call(manager1, 'POST', '/customers', valid);
    expect(created.status).toBe(200);
    const c = created.body.data as Customer;
    expect(c).toMatchObject({ ...valid, phone: '150****2222', shopId: shop1, consentSignedAt: '2026-01-05T06:30:00.000Z' });
    expect((await call(manager1, 'GET', `/customers/${c.id}`)).body.data).toEqual(c);

    const patched = await call(manager1, 'PATCH', `/customers/${c.id}`, { vip: false, tags: ['VIP', 'VIP', '复购'], birthday: null });
    expect(patched.body.data).toMatchObject({ vip: false, tags: ['VIP', '复购'], birthday: null, phone: '150****2222' });

    expect((await call(manager1, 'DELETE', `/customers/${c.id}`)).body.code).toBe(0);
    expect((await call(manager1, 'GET', `/customers/${c.id}`)).body).toEqual({ code: 40400, msg: '客户不存在', data: null });
    const trail = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'customer'), eq(auditLogs.entityId, String(c.id))));
    expect(trail.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(trail.some((r) => r.summary.includes(valid.phone))).toBe(false);
  });

  it('fills defaults for a customer given only name and phone', async () => {
    const r = await call(manager1, 'POST', '/customers', { name: '只填姓名', phone: '15011113333' });
    expect(r.body.data).toMatchObject({
      gender: 'unknown',
      birthday: null,
      source: 'walk-in',
      vip: false,
      tags: [],
      healthNotes: '',
      consentSignedAt: null,
      notes: '',
    });
  });

  it('labels the sources in Chinese', () => {
    expect(CUSTOMER_SOURCE_LABELS).toEqual({
      'walk-in': '到店',
      referral: '转介绍',
      meituan: '美团点评',
      douyin: '抖音',
      'mini-program': '小程序',
      other: '其他',
    });
  });
});

describe('customers: one phone, one customer across the business', () => {
  it('answers 409 with the phone masked, naming no other shop', async () => {
    const other = await firstOf(shop2);
    const r = await call(manager1, 'POST', '/customers', { ...valid, phone: other.phone });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      code: 40900,
      msg: `手机号 ${maskPhone(other.phone)} 已在本连锁登记为客户；如需为其服务，收银时请按完整手机号查找该客户`,
      data: null,
    });

    const mine = await firstOf(shop1);
    const up = await call(manager1, 'PATCH', `/customers/${mine.id}`, { phone: other.phone });
    expect(up.body.msg).toBe(`手机号 ${maskPhone(other.phone)} 已在本连锁登记为客户；如需为其服务，收银时请按完整手机号查找该客户`);
    expect((await call(manager1, 'PATCH', `/customers/${mine.id}`, { phone: mine.phone, name: mine.name })).status).toBe(200);
  });

  it('gives the same 409 to the loser of two simultaneous creates with one new phone', async () => {
    const phone = '15011114444';
    const results = await Promise.all([
      call(manager1, 'POST', '/customers', { ...valid, phone }),
      call(manager3, 'POST', '/customers', { ...valid, phone }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    // The loser is manager 3 or manager 1 of another shop than the winner's: never told which shop.
    expect(winner.body.data.shopId).not.toBeUndefined();
    expect(results.find((r) => r.status === 409)!.body.msg).toBe(
      '手机号 150****4444 已在本连锁登记为客户；如需为其服务，收银时请按完整手机号查找该客户',
    );
    expect(await countOf('select count(*)::int as n from customers where phone = $1', [phone])).toBe(1);
  });
});

describe('customers: masking and reveal', () => {
  it('masks every phone in lists and reads; reveal answers the full number and writes an audit row', async () => {
    const list = (await call(manager1, 'GET', '/customers?_start=0&_end=50')).body.data as Customer[];
    expect(list.every((c) => MASKED.test(c.phone))).toBe(true);
    const c = await firstOf(shop1);
    expect((await call(manager1, 'GET', `/customers/${c.id}`)).body.data.phone).toBe(maskPhone(c.phone));

    const before = await countOf("select count(*)::int as n from audit_logs where action = 'reveal-phone'");
    const r = await call(manager1, 'POST', `/customers/${c.id}/reveal-phone`);
    expect(r.body).toEqual({ code: 0, msg: 'ok', data: { phone: c.phone } });
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'reveal-phone'), eq(auditLogs.entity, 'customer'), eq(auditLogs.entityId, String(c.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: t.demo.accountIds[MANAGER_1],
      role: 'shop-manager',
      shopId: shop1,
      summary: `查看完整手机号 ${maskPhone(c.phone)}`,
    });
    await call(manager1, 'POST', `/customers/${c.id}/reveal-phone`);
    expect(await countOf("select count(*)::int as n from audit_logs where action = 'reveal-phone'")).toBe(before + 2);
  });
});

describe('customers: search and filters', () => {
  it('finds by the full phone, by its last four digits, by part of it and by name', async () => {
    const c = await firstOf(shop1);
    const full = await call(manager1, 'GET', `/customers?q=${c.phone}`);
    expect(full.body.data.map((x: Customer) => x.id)).toEqual([c.id]);

    const last4 = c.phone.slice(-4);
    const expected = await countOf('select count(*)::int as n from customers where shop_id = $1 and right(phone, 4) = $2', [shop1, last4]);
    const byLast4 = await call(manager1, 'GET', `/customers?q=${last4}&_start=0&_end=100`);
    expect(byLast4.total).toBe(expected);
    expect(byLast4.body.data.map((x: Customer) => x.id)).toContain(c.id);
    expect(byLast4.body.data.every((x: Customer) => x.phone.endsWith(last4))).toBe(true);

    const middle = c.phone.slice(3, 9);
    expect((await call(manager1, 'GET', `/customers?q=${middle}&_start=0&_end=100`)).body.data.map((x: Customer) => x.id)).toContain(c.id);

    const surname = c.name.slice(0, 1);
    const named = await call(manager1, 'GET', `/customers?q=${encodeURIComponent(surname)}&_start=0&_end=200`);
    expect(named.total).toBe(
      await countOf("select count(*)::int as n from customers where shop_id = $1 and name ilike '%' || $2 || '%'", [shop1, surname]),
    );
    expect((await call(manager1, 'GET', `/customers?q=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('filters by source, VIP, tags and created date (inclusive Shanghai days)', async () => {
    const bySource = await call(manager1, 'GET', '/customers?source=meituan&_start=0&_end=200');
    expect(bySource.total).toBe(
      await countOf("select count(*)::int as n from customers where shop_id = $1 and source = 'meituan'", [shop1]),
    );
    expect(bySource.body.data.every((c: Customer) => c.source === 'meituan')).toBe(true);

    const vip = await call(manager1, 'GET', '/customers?vip=true&_start=0&_end=200');
    expect(vip.total).toBe(await countOf('select count(*)::int as n from customers where shop_id = $1 and vip', [shop1]));
    expect(vip.body.data.every((c: Customer) => c.vip)).toBe(true);

    const tagged = await call(manager1, 'GET', `/customers?tags=${encodeURIComponent('敏感肌')}&_start=0&_end=200`);
    expect(tagged.total).toBe(
      await countOf("select count(*)::int as n from customers where shop_id = $1 and '敏感肌' = any(tags)", [shop1]),
    );
    expect(tagged.body.data.every((c: Customer) => c.tags.includes('敏感肌'))).toBe(true);
    const both = await call(manager1, 'GET', `/customers?tags=${encodeURIComponent('敏感肌')}&tags=VIP&_start=0&_end=200`);
    expect(both.body.data.every((c: Customer) => c.tags.includes('敏感肌') && c.tags.includes('VIP'))).toBe(true);

    // 2025-03-02 00:00 and 23:59:59 in Shanghai are inside the day; a second either side is not.
    const edge = await Promise.all(
      ['2025-03-01T15:59:59Z', '2025-03-01T16:00:00Z', '2025-03-02T15:59:59Z', '2025-03-02T16:00:00Z'].map(async (at, i) => {
        const { body } = await call(manager1, 'POST', '/customers', { name: `边界${i}`, phone: `1501111600${i}` });
        await t.database.db.update(customers).set({ createdAt: at }).where(eq(customers.id, body.data.id));
        return body.data.id as number;
      }),
    );
    const day = await call(manager1, 'GET', '/customers?createdAt_gte=2025-03-02&createdAt_lte=2025-03-02&_start=0&_end=200');
    const ids = day.body.data.map((c: Customer) => c.id);
    expect(ids).toEqual(expect.arrayContaining([edge[1], edge[2]]));
    expect(ids).not.toContain(edge[0]);
    expect(ids).not.toContain(edge[3]);
  });

  it('pages newest first in SQL with x-total-count', async () => {
    const n = await countOf('select count(*)::int as n from customers where shop_id = $1', [shop1]);
    const first = await call(manager1, 'GET', '/customers?_start=0&_end=10&_sort=createdAt&_order=desc');
    expect(first.total).toBe(n);
    expect(first.body.data).toHaveLength(10);
    const second = await call(manager1, 'GET', '/customers?_start=10&_end=20&_sort=createdAt&_order=desc');
    const all = (await call(manager1, 'GET', '/customers?_start=0&_end=20')).body.data.map((c: Customer) => c.id);
    expect([...first.body.data, ...second.body.data].map((c: Customer) => c.id)).toEqual(all);
    const times = (await call(manager1, 'GET', '/customers?_start=0&_end=200')).body.data.map((c: Customer) => c.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call(manager1, 'GET', '/customers?_start=0&_end=201')).body.msg).toBe('每页最多 200 条');
    expect((await call(manager1, 'GET', '/customers?vip=maybe')).body.msg).toBe('筛选字段 vip 的值不正确');
    expect((await call(manager1, 'GET', `/customers?tags=${'x'.repeat(11)}`)).body.msg).toBe('筛选字段 tags 的值不正确');
  });

  it('lists each customer with VIP and the last visit (the latest paid order, at any shop), with the page', async () => {
    const [c1, c2] = await t.database.db.select().from(customers).where(eq(customers.shopId, shop1)).orderBy(customers.id).limit(2);
    await t.database.pool.query(`update orders set customer_id = null where customer_id = any($1::int[])`, [[c1.id, c2.id]]);
    // Two paid orders of c1 (one at another shop, later) and one unpaid: the later paid one is the last visit.
    const insert = `insert into orders (order_no, shop_id, customer_id, customer_name, status, lines,
         total_fen, payable_fen, payments, paid_fen, staff_shares, paid_at)
       values ($1, $2, $3, '测试', $4, '[]', 100, 100, '[]', $5, '[]', $6)`;
    await t.database.pool.query(insert, ['LV0001', shop1, c1.id, 'paid', 100, '2026-03-01T02:00:00Z']);
    await t.database.pool.query(insert, ['LV0002', shop2, c1.id, 'paid', 100, '2026-04-02T03:04:05Z']);
    await t.database.pool.query(insert, ['LV0003', shop1, c1.id, 'pending', 0, null]);
    const list = (await call(manager1, 'GET', '/customers?_start=0&_end=200&_sort=id&_order=asc')).body.data as Customer[];
    const byId = new Map(list.map((c) => [c.id, c]));
    expect(byId.get(c1.id)).toMatchObject({ vip: c1.vip, lastVisitAt: '2026-04-02T03:04:05.000Z' });
    expect(byId.get(c2.id)).toMatchObject({ vip: c2.vip, lastVisitAt: null });
  });

  it('uses the last-four index for the last-four search', async () => {
    // A demo shop is small enough for a sequential scan to win; what matters is that the index fits the query.
    await t.database.pool.query('analyze customers');
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain (costs off) select * from customers where shop_id = ${shop1} and right(phone, 4) = '1234' order by created_at desc, id desc limit 10`,
      );
    });
    expect(JSON.stringify(plan.rows)).toContain('customers_shop_phone_last4_idx');
  });
});

describe('customers: validation', () => {
  it('checks type, range, length and presence of each field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'name', '请输入姓名'],
      [{ name: '名'.repeat(31) }, 'name', '姓名最多 30 个字'],
      [{ phone: '0211234567' }, 'phone', '手机号格式不正确，应为 11 位手机号'],
      [{ phone: undefined }, 'phone', '请输入手机号'],
      [{ gender: 'f' }, 'gender', '性别取值不正确'],
      [{ birthday: '1992-13-01' }, 'birthday', '生日不是有效日期'],
      [{ birthday: '2999-01-01' }, 'birthday', '生日不能晚于今天'],
      [{ source: 'tv' }, 'source', '来源取值不正确'],
      [{ vip: 'yes' }, 'vip', '会员必须是是/否'],
      [{ tags: '敏感肌' }, 'tags', '标签必须是列表'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) }, 'tags', '标签最多 10 个'],
      [{ tags: ['这是一个超过十个字的标签啊'] }, 'tags.0', '标签最多 10 个字'],
      [{ tags: [''] }, 'tags.0', '请输入标签'],
      [{ healthNotes: '注'.repeat(501) }, 'healthNotes', '过敏与健康备注最多 500 个字'],
      [{ notes: '注'.repeat(1001) }, 'notes', '备注最多 1000 个字'],
      [{ consentSignedAt: '2026-01-05' }, 'consentSignedAt', '知情同意书签署时间格式应为 ISO 时间'],
      [{ shopId: shop3 }, 'shopId', '不允许的字段：shopId'],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await call(manager1, 'POST', '/customers', { ...valid, phone: '15011115555', ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.msg, JSON.stringify(patch)).toBe(msg);
      expect(new Set(invalidFields(r))).toEqual(new Set([field]));
    }
  });
});

describe('customers: shops and roles', () => {
  it('answers 404 to a manager guessing another shop’s customer id, for every call', async () => {
    const other = await firstOf(shop1);
    for (const [method, path, payload] of [
      ['GET', `/customers/${other.id}`, undefined],
      ['PATCH', `/customers/${other.id}`, { notes: '改' }],
      ['DELETE', `/customers/${other.id}`, undefined],
      ['POST', `/customers/${other.id}/reveal-phone`, undefined],
    ] as const) {
      const r = await call(manager3, method, path, payload);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.msg).toBe('客户不存在');
    }
    const [still] = await t.database.db.select().from(customers).where(eq(customers.id, other.id));
    expect(still).toEqual(other);
    expect((await call(manager1, 'GET', `/customers/${(await firstOf(shop3)).id}`)).status).toBe(404);
    const n3 = await countOf('select count(*)::int as n from customers where shop_id = $1', [shop3]);
    const mine = await call(manager3, 'GET', '/customers?_start=0&_end=200');
    expect(mine.total).toBe(n3);
    expect(mine.body.data.every((c: Customer) => c.shopId === shop3)).toBe(true);
    expect((await call(manager3, 'GET', `/customers?shopId=${shop1}`)).total).toBe(0);
  });

  it('lets admin and finance read every shop, masked; neither writes; finance may not reveal', async () => {
    const all = await countOf('select count(*)::int as n from customers');
    const c = await firstOf(shop2);
    for (const phone of [ADMIN, FINANCE]) {
      const token = await t.login(phone);
      const list = await call(token, 'GET', '/customers?_start=0&_end=50');
      expect(list.total).toBe(all);
      expect(list.body.data.every((x: Customer) => MASKED.test(x.phone))).toBe(true);
      expect((await call(token, 'GET', `/customers?shopId=${shop2}`)).total).toBe(
        await countOf('select count(*)::int as n from customers where shop_id = $1', [shop2]),
      );
      for (const [method, path, payload] of [
        ['POST', '/customers', { ...valid, phone: '15011116666' }],
        ['PATCH', `/customers/${c.id}`, { notes: 'x' }],
        ['DELETE', `/customers/${c.id}`, undefined],
      ] as const) {
        const r = await call(token, method, path, payload);
        expect(r.status, `${phone} ${method}`).toBe(403);
        expect(r.body.code).toBe(40300);
      }
    }
    expect((await call(await t.login(FINANCE), 'POST', `/customers/${c.id}/reveal-phone`)).status).toBe(403);
    expect((await call(await t.login(ADMIN), 'POST', `/customers/${c.id}/reveal-phone`)).body.data.phone).toBe(c.phone);
  });
});
