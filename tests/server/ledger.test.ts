import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { query } from './support/authCalls';
import { ADMIN, FINANCE, MANAGER_1, MANAGER_3, invalidFields, rest } from './support/restCalls';
import { afterSaleRequest, paidOrder, shopStaff, type PaidOrder } from './support/moneyFixtures';
import type { LedgerEntry, LedgerSummary } from '../../contract/ledgerEntry';

let t: TestContext;
let call: ReturnType<typeof rest>;
let finance: string;
let admin: string;
let manager: string;
let manager3: string;
let order: PaidOrder;

const shanghaiDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + offsetDays * 86_400_000));

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [finance, admin, manager, manager3],
  } = await openTestContext([FINANCE, ADMIN, MANAGER_1, MANAGER_3]));
  const staff = await shopStaff(t, t.demo.shopIds[0]);
  order = await paidOrder(t, { shopId: t.demo.shopIds[0], payableFen: 20000, shares: [{ staffId: staff[0].id, shareBp: 10000 }] });
  const refund = await afterSaleRequest(t, order, 'refund', 5000);
  expect((await call(finance, 'POST', `/after-sales/${refund}/approve`, {})).status).toBe(200);
});
afterAll(async () => t?.close());

const add = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/ledger', body);

describe('hand entries', () => {
  it('a manager adds an expense to the current shop', async () => {
    const r = await add(manager, { type: 'expense', category: 'rent', amountFen: 123456, occurredOn: shanghaiDay(-2), note: '十一月房租' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      shopId: t.demo.shopIds[0],
      type: 'expense',
      category: 'rent',
      amountFen: 123456,
      occurredOn: shanghaiDay(-2),
      note: '十一月房租',
      reversalOf: null,
      reversedBy: null,
    });
    expect(r.body.data.createdBy).not.toBe('');
  });

  it('takes only the categories a person may enter, and positive amounts', async () => {
    for (const [body, field] of [
      [{ type: 'income', category: 'service', amountFen: 100, occurredOn: shanghaiDay() }, 'category'],
      [{ type: 'income', category: 'refund', amountFen: 100, occurredOn: shanghaiDay() }, 'category'],
      [{ type: 'expense', category: 'product', amountFen: 100, occurredOn: shanghaiDay() }, 'category'],
      [{ type: 'expense', category: 'rent', amountFen: 0, occurredOn: shanghaiDay() }, 'amountFen'],
      [{ type: 'expense', category: 'rent', amountFen: -5, occurredOn: shanghaiDay() }, 'amountFen'],
      [{ type: 'expense', category: 'rent', amountFen: 5, occurredOn: '2026-02-30' }, 'occurredOn'],
      [{ type: 'expense', category: 'rent', amountFen: 5, occurredOn: shanghaiDay(), shopId: 3 }, 'shopId'],
    ] as const) {
      const r = await add(manager, body);
      expect([r.status, r.body.code]).toEqual([400, 40000]);
      expect(invalidFields(r)).toContain(field);
    }
  });

  it('takes no future day, and back-dates at most 31 days: 40000 naming the day', async () => {
    for (const occurredOn of [shanghaiDay(1), shanghaiDay(400), '2999-12-31', shanghaiDay(-32), '1900-01-01']) {
      const r = await add(manager, { type: 'expense', category: 'rent', amountFen: 5, occurredOn });
      expect([r.status, r.body.code], occurredOn).toEqual([400, 40000]);
      expect(invalidFields(r)).toEqual(['occurredOn']);
      expect(r.body.msg).toContain('日期');
    }
    for (const occurredOn of [shanghaiDay(), shanghaiDay(-31)]) {
      const r = await add(manager, { type: 'expense', category: 'rent', amountFen: 5, occurredOn });
      expect([r.status, r.body.data.occurredOn]).toEqual([200, occurredOn]);
    }
  });

  it('admin and finance do not write a shop book: 40300', async () => {
    for (const token of [admin, finance])
      expect((await add(token, { type: 'income', category: 'product', amountFen: 100, occurredOn: shanghaiDay() })).status).toBe(403);
  });
});

describe('reading the book', () => {
  it('a manager sees the current shop only; another shop is 404', async () => {
    const mine = await call(manager, 'GET', '/ledger?_end=200');
    expect((mine.body.data as LedgerEntry[]).every((e) => e.shopId === t.demo.shopIds[0])).toBe(true);
    const [other] = await query<{ id: number }>(
      t,
      `insert into ledger_entries (shop_id, type, category, amount_fen, occurred_on) values ($1, 'expense', 'salary', 900, current_date) returning id`,
      [t.demo.shopIds[2]],
    );
    expect((await call(manager, 'GET', `/ledger/${other.id}`)).status).toBe(404);
    expect((await call(manager, 'POST', `/ledger/${other.id}/reverse`, { reason: '试探' })).status).toBe(404);
    expect((await call(manager3, 'GET', `/ledger/${other.id}`)).status).toBe(200);
    const all = await call(finance, 'GET', `/ledger?shopId=${t.demo.shopIds[2]}`);
    expect((all.body.data as LedgerEntry[]).map((e) => e.id)).toContain(other.id);
  });

  it('links the service income and the refund to the order and the after-sale', async () => {
    const r = await call(finance, 'GET', `/ledger?orderId=${order.orderId}&_sort=amountFen&_order=desc`);
    expect((r.body.data as LedgerEntry[]).map((e) => [e.category, e.amountFen, e.orderNo])).toEqual([
      ['service', 20000, order.orderNo],
      ['refund', -5000, order.orderNo],
    ]);
    expect((r.body.data as LedgerEntry[])[1].afterSaleId).not.toBeNull();
  });

  it('filters by period, type and category', async () => {
    const r = await call(manager, 'GET', `/ledger?from=${shanghaiDay(-2)}&to=${shanghaiDay(-2)}&type=expense&category=rent`);
    expect(r.total).toBe(1);
    expect(r.body.data[0].note).toBe('十一月房租');
    expect((await call(manager, 'GET', '/ledger?category=lottery')).status).toBe(400);
  });
});

describe('reversal', () => {
  it('adds the negated entry, both stay, and an entry is reversed once', async () => {
    const entry = (
      await add(manager, { type: 'expense', category: 'materials', amountFen: 4500, occurredOn: shanghaiDay(-1), note: '色料' })
    ).body.data as LedgerEntry;
    expect((await call(manager, 'POST', `/ledger/${entry.id}/reverse`, {})).status).toBe(400);
    expect(invalidFields(await call(manager, 'POST', `/ledger/${entry.id}/reverse`, { reason: 'x'.repeat(201) }))).toEqual(['reason']);
    expect((await call(finance, 'POST', `/ledger/${entry.id}/reverse`, { reason: '录错' })).status).toBe(403);

    const results = await Promise.all([
      call(manager, 'POST', `/ledger/${entry.id}/reverse`, { reason: '录错了金额' }),
      call(manager, 'POST', `/ledger/${entry.id}/reverse`, { reason: '录错了金额' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const reversal = results.find((r) => r.status === 200)!.body.data as LedgerEntry;
    expect(reversal).toMatchObject({
      type: 'expense',
      category: 'materials',
      amountFen: -4500,
      reversalOf: entry.id,
      occurredOn: shanghaiDay(),
    });
    expect(reversal.note).toContain('录错了金额');
    expect((await call(manager, 'GET', `/ledger/${entry.id}`)).body.data.reversedBy).toBe(reversal.id);

    expect((await call(manager, 'POST', `/ledger/${reversal.id}/reverse`, { reason: '再冲' })).status).toBe(409);
    const rows = await query(t, 'select 1 from ledger_entries where reversal_of = $1', [entry.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses to reverse what the system wrote (service income, refunds)', async () => {
    const r = await call(manager, 'POST', `/ledger/${order.ledgerEntryId}/reverse`, { reason: '不对' });
    expect([r.status, r.body.code]).toEqual([409, 40900]);
  });

  it('has no edit or delete', async () => {
    const [{ id }] = await query<{ id: number }>(t, 'select id from ledger_entries where shop_id = $1 limit 1', [t.demo.shopIds[0]]);
    for (const method of ['PATCH', 'DELETE'] as const)
      expect((await call(manager, method, `/ledger/${id}`, method === 'PATCH' ? { note: 'x' } : undefined)).status).toBe(404);
  });
});

describe('summary', () => {
  it('sums the rows of the period by type, one row per day with zero days, refunds lowering income', async () => {
    const from = shanghaiDay(-6);
    const to = shanghaiDay(1);
    const r = await call(manager, 'GET', `/ledger/summary?from=${from}&to=${to}`);
    expect(r.status).toBe(200);
    const s = r.body.data as LedgerSummary;
    expect(s.days.map((d) => d.day)).toEqual(Array.from({ length: 8 }, (_, i) => shanghaiDay(i - 6)));
    const rows = (await call(manager, 'GET', `/ledger?from=${from}&to=${to}&_end=200`)).body.data as LedgerEntry[];
    const sum = (type: string, day?: string) =>
      rows.filter((e) => e.type === type && (!day || e.occurredOn === day)).reduce((n, e) => n + e.amountFen, 0);
    expect(s.incomeFen).toBe(sum('income'));
    expect(s.expenseFen).toBe(sum('expense'));
    expect(s.netFen).toBe(s.incomeFen - s.expenseFen);
    for (const d of s.days) expect([d.day, d.incomeFen, d.expenseFen]).toEqual([d.day, sum('income', d.day), sum('expense', d.day)]);
    // The refund is in today's income as a negative amount; the reversed materials and their reversal are both counted.
    expect(rows.filter((e) => e.occurredOn === shanghaiDay() && e.type === 'income').map((e) => [e.category, e.amountFen])).toContainEqual([
      'refund',
      -5000,
    ]);
    const materials = rows
      .filter((e) => e.category === 'materials' && (e.note === '色料' || e.reversalOf !== null))
      .map((e) => e.amountFen);
    expect(materials.sort((a, b) => a - b)).toEqual([-4500, 4500]);
    expect(s.days.find((d) => d.day === shanghaiDay(1))).toEqual({ day: shanghaiDay(1), incomeFen: 0, expenseFen: 0 });
  });

  it('gives admin and finance every shop or the one named', async () => {
    const q = `from=${shanghaiDay(-6)}&to=${shanghaiDay()}`;
    const mine = (await call(manager, 'GET', `/ledger/summary?${q}`)).body.data as LedgerSummary;
    const shop1 = (await call(finance, 'GET', `/ledger/summary?${q}&shopId=${t.demo.shopIds[0]}`)).body.data as LedgerSummary;
    const all = (await call(admin, 'GET', `/ledger/summary?${q}`)).body.data as LedgerSummary;
    expect(shop1).toEqual(mine);
    const shops = await query<{ id: number }>(t, 'select id from shops');
    const each = await Promise.all(
      shops.map(async ({ id }) => (await call(finance, 'GET', `/ledger/summary?${q}&shopId=${id}`)).body.data as LedgerSummary),
    );
    for (const key of ['incomeFen', 'expenseFen', 'netFen'] as const) expect(all[key]).toBe(each.reduce((n, x) => n + x[key], 0));
  });

  it('refuses a missing, reversed or too long period with 40000', async () => {
    for (const [qs, field] of [
      [`to=${shanghaiDay()}`, 'from'],
      [`from=${shanghaiDay()}&to=${shanghaiDay(-1)}`, 'to'],
      ['from=2024-01-01&to=2025-06-01', 'to'],
      [`from=${shanghaiDay()}&to=${shanghaiDay()}&shopId=x`, 'shopId'],
      [`from=${shanghaiDay()}&to=${shanghaiDay()}&type=income`, 'type'],
    ]) {
      const r = await call(manager, 'GET', `/ledger/summary?${qs}`);
      expect([qs, r.status, r.body.code]).toEqual([qs, 400, 40000]);
      expect(invalidFields(r).join(',')).toContain(field);
    }
  });
});
