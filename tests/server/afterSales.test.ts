import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { ADMIN, FINANCE, MANAGER_1, MANAGER_3, invalidFields, rest } from './support/restCalls';
import { query } from './support/authCalls';
import { checkoutFixture, createdOrder, paidOrder, poster, type CheckoutFixture } from './support/checkout';
import type { AfterSale } from '../../contract/afterSale';
import type { Order } from '../../contract/order';

let t: TestContext;
let call: ReturnType<typeof rest>;
let post: ReturnType<typeof poster>;
let manager1: string;
let manager3: string;
let admin: string;
let finance: string;
let f: CheckoutFixture;

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [manager1, manager3, admin, finance],
  } = await openTestContext([MANAGER_1, MANAGER_3, ADMIN, FINANCE]));
  post = poster(t);
  f = await checkoutFixture(t);
});
afterAll(async () => t?.close());

const aPaidOrder = () =>
  paidOrder(t, manager1, {
    customerId: f.plainCustomer,
    lines: [{ programId: f.brow.id, quantity: 1, discountFen: 0 }],
    staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }],
  });
const request = (body: Record<string, unknown>, token = manager1) => post(token, '/after-sales', { reason: '客户不满意', ...body });

describe('after-sales: requests', () => {
  it('takes a refund up to what was paid less what is refunded or requested, checked against pending requests', async () => {
    const o = await aPaidOrder();
    const over = await request({ orderId: o.id, type: 'refund', amountFen: o.paidFen + 1 });
    expect([over.status, invalidFields(over)]).toEqual([400, ['amountFen']]);
    const first = await request({ orderId: o.id, type: 'refund', amountFen: o.paidFen - 1000 });
    expect(first.body.data).toMatchObject({
      orderId: o.id,
      orderNo: o.orderNo,
      customerName: o.customerName,
      type: 'refund',
      amountFen: o.paidFen - 1000,
      status: 'pending',
      shopId: f.shop1,
      requestedBy: '王店长',
      reviewedBy: '',
      reviewedAt: null,
    });
    const second = await request({ orderId: o.id, type: 'refund', amountFen: 1001 });
    expect([second.status, invalidFields(second)]).toEqual([400, ['amountFen']]);
    expect(second.body.msg).toContain('10.00');
    expect((await request({ orderId: o.id, type: 'refund', amountFen: 1000 })).body.data.status).toBe('pending');
    // Withdrawing a request frees its amount; a refund already made counts as well.
    expect((await post(manager1, `/after-sales/${first.body.data.id}/withdraw`, {})).body.data.status).toBe('withdrawn');
    await query(t, `update orders set refunded_fen = 500, status = 'partially-refunded' where id = $1`, [o.id]);
    const left = o.paidFen - 1000 - 500;
    expect(invalidFields(await request({ orderId: o.id, type: 'refund', amountFen: left + 1 }))).toEqual(['amountFen']);
    expect((await request({ orderId: o.id, type: 'refund', amountFen: left })).body.data.amountFen).toBe(left);
  });

  it('takes touch-ups and complaints without an amount, and a refund only with one', async () => {
    const o = await aPaidOrder();
    for (const type of ['touch-up', 'complaint'])
      expect((await request({ orderId: o.id, type, images: ['/uploads/a.webp'] })).body.data).toMatchObject({
        type,
        amountFen: null,
        images: ['/uploads/a.webp'],
      });
    expect(invalidFields(await request({ orderId: o.id, type: 'complaint', amountFen: 100 }))).toEqual(['amountFen']);
    expect(invalidFields(await request({ orderId: o.id, type: 'refund' }))).toEqual(['amountFen']);
    expect(invalidFields(await request({ orderId: o.id, type: 'refund', amountFen: 100, reason: '' }))).toEqual(['reason']);
  });

  it('refuses a request on an order that is not paid', async () => {
    const unpaid = await createdOrder(t, manager1, {
      lines: [{ programId: f.facial.id }],
      staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }],
    });
    expect((await request({ orderId: unpaid.id, type: 'complaint' })).status).toBe(409);
    await post(manager1, `/orders/${unpaid.id}/cancel`, { reason: '不做了' });
    expect((await request({ orderId: unpaid.id, type: 'refund', amountFen: 1 })).status).toBe(409);
    const refunded = await aPaidOrder();
    await query(t, `update orders set refunded_fen = paid_fen, status = 'refunded' where id = $1`, [refunded.id]);
    expect((await request({ orderId: refunded.id, type: 'touch-up' })).status).toBe(409);
  });

  it('raises a todo in every financial-staff account’s message box', async () => {
    const o = await aPaidOrder();
    const [{ id: financeId }] = await query<{ id: number }>(t, `select id from accounts where phone = $1`, [FINANCE]);
    const r = await request({ orderId: o.id, type: 'refund', amountFen: 1234 });
    expect(r.body.code).toBe(0);
    const messages = await query<{ account_id: number; type: string; title: string }>(
      t,
      `select account_id, type, title from messages where title like $1`,
      [`%${o.orderNo}%`],
    );
    const financeAccounts = await query<{ account_id: number }>(
      t,
      `select distinct account_id from account_grants where role = 'financial-staff'`,
    );
    expect(messages.map((m) => m.account_id).sort()).toEqual(financeAccounts.map((a) => a.account_id).sort());
    expect(messages.map((m) => m.account_id)).toContain(financeId);
    expect(messages.every((m) => m.type === 'todo' && m.title.includes('12.34'))).toBe(true);
  });
});

describe('after-sales: withdraw and states', () => {
  it('withdraws a pending request only', async () => {
    const o = await aPaidOrder();
    const a = (await request({ orderId: o.id, type: 'complaint' })).body.data as AfterSale;
    expect((await post(manager1, `/after-sales/${a.id}/withdraw`, {})).body.data.status).toBe('withdrawn');
    expect((await post(manager1, `/after-sales/${a.id}/withdraw`, {})).status).toBe(409);
    const b = (await request({ orderId: o.id, type: 'complaint' })).body.data as AfterSale;
    await query(t, `update after_sales set status = 'approved' where id = $1`, [b.id]);
    expect((await post(manager1, `/after-sales/${b.id}/withdraw`, {})).status).toBe(409);
    expect(invalidFields(await post(manager1, `/after-sales/${b.id}/withdraw`, { why: 1 }))).toEqual(['why']);
  });
});

describe('after-sales: who sees and does what', () => {
  it('answers 404 to another shop’s manager on every call about a request', async () => {
    const o = await aPaidOrder();
    const a = (await request({ orderId: o.id, type: 'complaint' })).body.data as AfterSale;
    expect((await call(manager3, 'GET', `/after-sales/${a.id}`)).status).toBe(404);
    expect((await post(manager3, `/after-sales/${a.id}/withdraw`, {})).status).toBe(404);
    expect((await request({ orderId: o.id, type: 'complaint' }, manager3)).status).toBe(404);
    expect((await call(manager3, 'GET', `/after-sales?orderId=${o.id}`)).total).toBe(0);
    expect((await call(manager1, 'GET', `/after-sales/${a.id}`)).body.data.status).toBe('pending');
  });

  it('lets finance and admin read every shop’s requests and request or withdraw none', async () => {
    const o = await aPaidOrder();
    const a = (await request({ orderId: o.id, type: 'complaint' })).body.data as AfterSale;
    for (const token of [finance, admin]) {
      expect((await call(token, 'GET', `/after-sales/${a.id}`)).body.data.id).toBe(a.id);
      expect((await request({ orderId: o.id, type: 'complaint' }, token)).status).toBe(403);
      expect((await post(token, `/after-sales/${a.id}/withdraw`, {})).status).toBe(403);
    }
  });

  it('lists with filters, search and paging', async () => {
    const o: Order = await aPaidOrder();
    const made = [
      (await request({ orderId: o.id, type: 'complaint' })).body.data,
      (await request({ orderId: o.id, type: 'refund', amountFen: 100 })).body.data,
    ] as AfterSale[];
    const ids = async (qs: string) => ((await call(manager1, 'GET', `/after-sales?${qs}`)).body.data as AfterSale[]).map((x) => x.id);
    expect((await ids(`orderId=${o.id}`)).sort()).toEqual(made.map((m) => m.id).sort());
    expect(await ids(`orderId=${o.id}&type=refund`)).toEqual([made[1].id]);
    expect(await ids(`q=${o.orderNo}&status=pending&_sort=id&_order=asc`)).toEqual(made.map((m) => m.id));
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(await ids(`orderId=${o.id}&from=${today}&to=${today}&_start=1&_end=2`)).toHaveLength(1);
    expect(await ids(`orderId=${o.id}&to=2020-01-01`)).toEqual([]);
    expect((await call(manager1, 'GET', '/after-sales?status=done')).status).toBe(400);
  });
});
