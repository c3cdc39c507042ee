import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/testApp';
import { MANAGER_1, rest } from './support/restCalls';
import { query } from './support/authCalls';
import { AFTER_SALE_STATUSES, AFTER_SALE_TYPES } from '../../contract/afterSale';
import { ORDER_STATUSES } from '../../contract/order';
import type { Appointment } from '../../contract/appointment';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const one = async <R extends Record<string, unknown>>(sql: string) => (await query<R>(t, sql))[0];

describe('demo checkstand data', () => {
  it('has orders in every state and after-sales of every type and status', async () => {
    const states = (await query<{ status: string }>(t, 'select distinct status from orders')).map((r) => r.status).sort();
    expect(states).toEqual([...ORDER_STATUSES].sort());
    const kinds = await query<{ type: string; status: string }>(t, 'select distinct type, status from after_sales');
    for (const type of AFTER_SALE_TYPES)
      for (const status of AFTER_SALE_STATUSES) expect(kinds, `${type} ${status}`).toContainEqual({ type, status });
  });

  it('dates every after-sale after its payment and none in the future, its review after the request', async () => {
    const wrong = await query<{ id: number }>(
      t,
      `select a.id from after_sales a join orders o on o.id = a.order_id
       where a.created_at < o.paid_at or a.created_at > now() or a.reviewed_at < a.created_at or a.reviewed_at > now()`,
    );
    expect(wrong).toEqual([]);
  });

  it('adds up to the fen: payments, performance, ledger and refunds agree with every order', async () => {
    const bad = await one<{
      payments: number;
      performance: number;
      income: number;
      refunds: number;
      adjustments: number;
      sequences: number;
    }>(`
      select
        (select count(*)::int from orders o where o.status <> 'unpaid' and o.status <> 'cancelled'
           and (select coalesce(sum((p->>'amountFen')::int), 0) from jsonb_array_elements(o.payments) p) <> o.payable_fen) as payments,
        (select count(*)::int from orders o where o.paid_fen > 0
           and (select coalesce(sum(amount_fen), 0) from performance_records r where r.order_id = o.id and r.kind in ('sale', 'card-sale'))
             <> o.paid_fen) as performance,
        (select count(*)::int from orders o where o.paid_fen > 0
           and (select coalesce(sum(amount_fen), 0) from ledger_entries l where l.order_id = o.id and l.category in ('service', 'card-sale'))
             <> o.paid_fen - (select coalesce(sum((p->>'amountFen')::int), 0) from jsonb_array_elements(o.payments) p
                              where p->>'method' = 'stored-value')) as income,
        (select count(*)::int from orders o
           where (select coalesce(-sum(amount_fen), 0) from ledger_entries l where l.order_id = o.id and l.category = 'refund') <> o.refunded_fen) as refunds,
        (select count(*)::int from orders o
           where (select coalesce(-sum(amount_fen), 0) from performance_records r where r.order_id = o.id and r.kind = 'adjustment') <>
             o.refunded_fen) as adjustments,
        (select count(*)::int from order_sequences s
           where s.last_value <> (select count(*) from orders o where o.shop_id = s.shop_id and o.order_no like to_char(s.day,
             'YYYYMMDD') || '-%')) as sequences`);
    expect(bad).toEqual({ payments: 0, performance: 0, income: 0, refunds: 0, adjustments: 0, sequences: 0 });
    const approved = await one<{ n: number; refunded: number }>(
      `select count(*)::int as n, (select count(*)::int from orders where refunded_fen > 0) as refunded from after_sales where type =
        'refund' and status = 'approved'`,
    );
    expect(approved.n).toBeGreaterThan(0);
    expect(approved.refunded).toBe(approved.n);
  });

  it('links touch-up rights to the orders and approved touch-ups that granted them, and reviews older performance', async () => {
    const rights = await one<{ unlinked: number; fromOrders: number; fromAfterSales: number }>(`
      select count(*) filter (where order_id is null)::int as unlinked,
             count(*) filter (where source = 'order' and order_id is not null)::int as "fromOrders",
             count(*) filter (where source = 'after-sale' and after_sale_id is not null)::int as "fromAfterSales"
        from touch_up_entitlements`);
    expect(rights.unlinked).toBe(0);
    expect(rights.fromOrders).toBeGreaterThan(50);
    expect(rights.fromAfterSales).toBeGreaterThan(0);
    const perf = await query<{ status: string }>(t, 'select distinct status from performance_records');
    expect(perf.map((p) => p.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    const expenses = await query<{ category: string }>(t, `select distinct category from ledger_entries where type = 'expense'`);
    expect(expenses.map((e) => e.category)).toEqual(expect.arrayContaining(['rent', 'salary', 'materials']));
  });

  it('leaves arrived appointments of today for the manager of shops 1 and 2, one of a VIP customer', async () => {
    const token = await t.login(MANAGER_1);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const list = await rest(t)(
      token,
      'GET',
      `/appointments?status=arrived&from=${today}&to=${new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10)}`,
    );
    const arrived = list.body.data as Appointment[];
    expect(arrived.length).toBeGreaterThanOrEqual(3);
    const vips = await query<{ id: number }>(t, 'select id from customers where vip and id = any($1)', [arrived.map((a) => a.customerId)]);
    expect(vips.length).toBeGreaterThan(0);
    const unpaid = await query<{ n: number }>(
      t,
      `select count(*)::int as n from orders where appointment_id = any($1) and status <> 'cancelled'`,
      [arrived.map((a) => a.id)],
    );
    expect(unpaid[0].n).toBe(0);
  });
});
