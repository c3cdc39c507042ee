import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { query } from './support/authCalls';
import { ADMIN, FINANCE, MANAGER_1, invalidFields, rest, type RestResult } from './support/restCalls';
import { paidOrder, shopStaff, type PaidOrder } from './support/moneyFixtures';
import { MAX_BATCH_APPROVE, type PerformanceRecord } from '../../contract/performanceRecord';

let t: TestContext;
let call: ReturnType<typeof rest>;
let finance: string;
let admin: string;
let manager: string;
let financeName: string;
let shop1: PaidOrder;
let shop2: PaidOrder;

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [finance, admin, manager],
  } = await openTestContext([FINANCE, ADMIN, MANAGER_1]));
  [{ name: financeName }] = await query<{ name: string }>(t, 'select name from accounts where phone = $1', [FINANCE]);
  const [s1, s2] = [await shopStaff(t, t.demo.shopIds[0]), await shopStaff(t, t.demo.shopIds[1])];
  // 100.00 yuan over three equal shares: 33.34 + 33.33 + 33.33.
  shop1 = await paidOrder(t, {
    shopId: t.demo.shopIds[0],
    payableFen: 10000,
    shares: [s1[0], s1[1], s1[2]].map((s, i) => ({ staffId: s.id, shareBp: [3334, 3333, 3333][i] })),
  });
  shop2 = await paidOrder(t, { shopId: t.demo.shopIds[1], payableFen: 25800, shares: [{ staffId: s2[0].id, shareBp: 10000 }] });
});
afterAll(async () => t?.close());

const ids = (r: RestResult) => (r.body.data as PerformanceRecord[]).map((x) => x.id).sort((a, b) => a - b);

describe('who may review', () => {
  it('refuses a shop manager every call with 40300', async () => {
    const id = shop1.recordIds[0];
    for (const [method, path, body] of [
      ['GET', '/performance-records', undefined],
      ['GET', '/performance-records/summary', undefined],
      ['GET', `/performance-records/${id}`, undefined],
      ['GET', '/performance-records/export', undefined],
      ['POST', `/performance-records/${id}/approve`, {}],
      ['POST', `/performance-records/${id}/reject`, { reason: '金额不对' }],
      ['POST', '/performance-records/approve', { ids: [id] }],
    ] as const) {
      const r = await call(manager, method, path, body);
      expect([path, r.status, r.body.code]).toEqual([path, 403, 40300]);
    }
    const [{ status }] = await query<{ status: string }>(t, 'select status from performance_records where id = $1', [id]);
    expect(status).toBe('pending');
  });

  it('lets admin read every shop', async () => {
    const r = await call(admin, 'GET', `/performance-records?orderId=${shop2.orderId}`);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual(shop2.recordIds);
  });
});

describe('the review list', () => {
  it('filters by shop, order number, status, kind and day, with the shop and staff names', async () => {
    const byShop = await call(finance, 'GET', `/performance-records?shopId=${shop1.shopId}&q=${shop1.orderNo}&_end=50`);
    expect(ids(byShop)).toEqual(shop1.recordIds);
    expect(byShop.total).toBe(3);
    const row = (byShop.body.data as PerformanceRecord[]).find((x) => x.id === shop1.recordIds[0])!;
    const [shop] = await query<{ name: string }>(t, 'select name from shops where id = $1', [shop1.shopId]);
    expect(row).toMatchObject({
      orderNo: shop1.orderNo,
      shopName: shop.name,
      kind: 'sale',
      status: 'pending',
      amountFen: 3334,
      shareBp: 3334,
    });

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const inDay = await call(
      finance,
      'GET',
      `/performance-records?orderId=${shop1.orderId}&from=${today}&to=${today}&status=pending&kind=sale`,
    );
    expect(ids(inDay)).toEqual(shop1.recordIds);
    const before = await call(finance, 'GET', `/performance-records?orderId=${shop1.orderId}&to=2020-01-01`);
    expect(before.body.data).toEqual([]);
    const adjustments = await call(finance, 'GET', `/performance-records?orderId=${shop1.orderId}&kind=adjustment`);
    expect(adjustments.total).toBe(0);
  });

  it('answers the sums of exactly the filtered records', async () => {
    for (const qs of [`shopId=${shop1.shopId}`, `orderId=${shop2.orderId}`, 'status=pending', 'kind=adjustment', '']) {
      const rows: PerformanceRecord[] = [];
      let total = 0;
      do {
        const page = await call(finance, 'GET', `/performance-records?${qs}&_start=${rows.length}&_end=${rows.length + 200}`);
        rows.push(...(page.body.data as PerformanceRecord[]));
        total = page.total!;
      } while (rows.length < total);
      const summary = await call(finance, 'GET', `/performance-records/summary?${qs}`);
      expect(summary.body.data).toEqual({
        count: total,
        amountFen: rows.reduce((s, r) => s + r.amountFen, 0),
        commissionFen: rows.reduce((s, r) => s + r.commissionFen, 0),
      });
    }
  });

  it('refuses unknown filters and bad values with 40000 naming the field', async () => {
    for (const [qs, field] of [
      ['status=paid', 'status'],
      ['from=2026-02-30', 'from'],
      ['kind=bonus', 'kind'],
      ['staffId=abc', 'staffId'],
      ['_sort=commissionFen', '_sort'],
    ]) {
      const r = await call(finance, 'GET', `/performance-records?${qs}`);
      expect([qs, r.status, r.body.code]).toEqual([qs, 400, 40000]);
      expect(invalidFields(r)).toContain(field);
    }
  });
});

describe('approve and reject', () => {
  it('approves one pending record and keeps who and when; a final record is 409', async () => {
    const id = shop1.recordIds[0];
    const r = await call(finance, 'POST', `/performance-records/${id}/approve`, {});
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, status: 'approved', reviewedBy: financeName });
    expect(Date.now() - Date.parse(r.body.data.reviewedAt)).toBeLessThan(60_000);
    // The list reads its rows its own way (by position); a reviewed row reads there as it reads alone.
    const one = await call(finance, 'GET', `/performance-records/${id}`);
    expect((await call(finance, 'GET', `/performance-records?id=${id}`)).body.data).toEqual([one.body.data]);
    const again = await call(admin, 'POST', `/performance-records/${id}/approve`, {});
    expect([again.status, again.body.code]).toEqual([409, 40900]);
    const reject = await call(admin, 'POST', `/performance-records/${id}/reject`, { reason: '重复' });
    expect(reject.status).toBe(409);
    const [audit] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from audit_logs where entity = 'performance-record' and entity_id = $1 and action = 'approve'`,
      [String(id)],
    );
    expect(audit.n).toBe(1);
  });

  it('rejects with a reason of at most 200 characters', async () => {
    const id = shop1.recordIds[1];
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: '长'.repeat(201) }]) {
      const r = await call(finance, 'POST', `/performance-records/${id}/reject`, body);
      expect([r.status, r.body.code]).toEqual([400, 40000]);
      expect(invalidFields(r)).toEqual(['reason']);
    }
    const reason = '占'.repeat(200);
    const r = await call(finance, 'POST', `/performance-records/${id}/reject`, { reason });
    expect(r.body.data).toMatchObject({ id, status: 'rejected', rejectReason: reason, reviewedBy: financeName });
    const approve = await call(finance, 'POST', `/performance-records/${id}/approve`, {});
    expect(approve.status).toBe(409);
  });

  it('answers 404 for a record that does not exist', async () => {
    const r = await call(finance, 'POST', '/performance-records/999999/approve', {});
    expect([r.status, r.body.code]).toEqual([404, 40400]);
  });
});

describe('batch approval', () => {
  it('approves the pending ones and says why each other one was skipped', async () => {
    const [approvedBefore, rejectedBefore, pending] = shop1.recordIds;
    const wanted = [approvedBefore, rejectedBefore, pending, shop2.recordIds[0], 999999, pending];
    const r = await call(finance, 'POST', '/performance-records/approve', { ids: wanted });
    expect(r.status).toBe(200);
    expect(r.body.data.approved).toEqual([pending, shop2.recordIds[0]]);
    expect(r.body.data.skipped).toEqual([
      { id: approvedBefore, reason: expect.stringContaining('已通过') },
      { id: rejectedBefore, reason: expect.stringContaining('已驳回') },
      { id: 999999, reason: '业绩记录不存在' },
    ]);
    const rows = await query<{ id: number; status: string; reviewed_by_name: string }>(
      t,
      'select id, status, reviewed_by_name from performance_records where id = any($1::bigint[]) order by id',
      [[pending, shop2.recordIds[0], rejectedBefore]],
    );
    expect(rows.map((x) => [x.id, x.status])).toEqual(
      [
        [pending, 'approved'],
        [shop2.recordIds[0], 'approved'],
        [rejectedBefore, 'rejected'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(rows.filter((x) => x.status === 'approved').every((x) => x.reviewed_by_name === financeName)).toBe(true);
  });

  it(`takes 1 to ${MAX_BATCH_APPROVE} ids`, async () => {
    for (const ids of [[], Array.from({ length: MAX_BATCH_APPROVE + 1 }, (_, i) => i + 1), ['x'], [0]]) {
      const r = await call(finance, 'POST', '/performance-records/approve', { ids });
      expect([r.status, r.body.code]).toEqual([400, 40000]);
      expect(invalidFields(r)[0]).toMatch(/^ids/);
    }
    const max = await call(finance, 'POST', '/performance-records/approve', {
      ids: Array.from({ length: MAX_BATCH_APPROVE }, (_, i) => 5_000_000 + i),
    });
    expect(max.body.data.skipped).toHaveLength(MAX_BATCH_APPROVE);
  });
});
