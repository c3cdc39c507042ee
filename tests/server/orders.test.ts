import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { ADMIN, FINANCE, MANAGER_1, MANAGER_3, invalidFields, rest } from './support/restCalls';
import { query } from './support/authCalls';
import { completeRecord } from './support/serviceRecords';
import { checkoutFixture, createdOrder, paidOrder, poster, type CheckoutFixture } from './support/checkout';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../server/db/schema';
import { drawOrderNo } from '../../server/orders/orderNo';
import { formatOrderNo, ORDER_NO_RE, programLines, WALK_IN_CUSTOMER_NAME, type Order } from '../../contract/order';
import { CUSTOMER_LOOKUPS_PER_HOUR } from '../../contract/customer';
import { commissionFen, splitByShares } from '../../contract/shareSplit';

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

const line = (programId: number, quantity = 1, discountFen = 0) => ({ programId, quantity, discountFen });
const soloShare = () => [{ staffId: f.staff[0], shareBp: 10_000 }];
const count = async (sql: string, params: unknown[]) =>
  (await query<{ n: number }>(t, `select count(*)::int as n from ${sql}`, params))[0].n;

/**
 * Moves a booking to start now, with nobody assigned: a visit is marked arrived only on its own day,
 * and the tests book days ahead to find free time.
 */
async function startNow(id: number): Promise<void> {
  await query(
    t,
    `update appointments set start_at = date_trunc('minute', now()), end_at = date_trunc('minute', now()) + duration_minutes *
      interval '1 minute', staff_id = null, staff_name = '' where id = $1`,
    [id],
  );
}

let bookingDay = 40;
/** An appointment of shop 1 walked through booked -> confirmed -> arrived, on a day of its own, its service record complete. */
async function arrivedAppointment(customerId: number): Promise<number> {
  const day = new Date(Date.now() + 8 * 3600_000 + bookingDay++ * 86_400_000).toISOString().slice(0, 10);
  const booked = await call(manager1, 'POST', '/appointments', {
    customerId,
    programId: f.brow.id,
    staffId: null,
    startAt: `${day}T11:00:00+08:00`,
    durationMinutes: 60,
  });
  expect(booked.body.code).toBe(0);
  expect((await call(manager1, 'POST', `/appointments/${booked.body.data.id}/confirm`, {})).body.code).toBe(0);
  await startNow(booked.body.data.id);
  expect((await call(manager1, 'POST', `/appointments/${booked.body.data.id}/arrive`, {})).body.code).toBe(0);
  await completeRecord(call, manager1, booked.body.data.id);
  return booked.body.data.id;
}

describe('orders: pricing', () => {
  it('prices a VIP customer at the VIP price and marks the line', async () => {
    const o = await createdOrder(t, manager1, { customerId: f.vipCustomer, lines: [line(f.brow.id, 2, 500)], staffShares: soloShare() });
    expect(o.lines[0]).toMatchObject({
      programId: f.brow.id,
      unitPriceFen: f.brow.vipPriceFen,
      vipPrice: true,
      // The list price stays on the line, so the receipt can show the VIP saving.
      listPriceFen: f.brow.priceFen,
      quantity: 2,
      discountFen: 500,
      amountFen: f.brow.vipPriceFen * 2 - 500,
    });
    expect(o).toMatchObject({
      status: 'unpaid',
      shopId: f.shop1,
      customerId: f.vipCustomer,
      customerVip: true,
      totalFen: f.brow.vipPriceFen * 2 - 500,
      payableFen: f.brow.vipPriceFen * 2 - 500,
      paidFen: 0,
    });
    expect(o.customerPhone).toMatch(/^1\d{2}\*{4}\d{4}$/);
  });

  it('prices any other customer at the normal price, and the order discount comes off the total', async () => {
    const o = await createdOrder(t, manager1, {
      customerId: f.plainCustomer,
      lines: [line(f.brow.id), line(f.facial.id, 1, 100)],
      discountFen: 300,
      staffShares: soloShare(),
    });
    expect(programLines(o.lines).map((l) => [l.unitPriceFen, l.vipPrice, l.amountFen])).toEqual([
      [f.brow.priceFen, false, f.brow.priceFen],
      [f.facial.priceFen, false, f.facial.priceFen - 100],
    ]);
    expect(o).toMatchObject({
      totalFen: f.brow.priceFen + f.facial.priceFen - 100,
      discountFen: 300,
      payableFen: f.brow.priceFen + f.facial.priceFen - 400,
    });
  });

  it('never takes a price or total from the client: such fields are refused and nothing is made', async () => {
    const before = await count('orders', []);
    for (const extra of [{ totalFen: 1 }, { payableFen: 1 }]) {
      const r = await post(manager1, '/orders', {
        customerId: f.plainCustomer,
        lines: [line(f.brow.id)],
        staffShares: soloShare(),
        ...extra,
      });
      expect([r.status, r.body.code]).toEqual([400, 40000]);
      expect(invalidFields(r)).toEqual(Object.keys(extra));
    }
    const r = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      lines: [{ ...line(f.brow.id), unitPriceFen: 1, amountFen: 1 }],
      staffShares: soloShare(),
    });
    expect(invalidFields(r).sort()).toEqual(['lines.0.amountFen', 'lines.0.unitPriceFen']);
    expect(await count('orders', [])).toBe(before);
  });

  it('keeps each discount within what it discounts', async () => {
    const over = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      lines: [line(f.facial.id, 1, f.facial.priceFen + 1)],
      staffShares: soloShare(),
    });
    expect([over.status, invalidFields(over)]).toEqual([400, ['lines.0.discountFen']]);
    const whole = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      lines: [line(f.facial.id, 2, f.facial.priceFen)],
      staffShares: soloShare(),
    });
    expect(whole.body.data).toMatchObject({ totalFen: f.facial.priceFen, payableFen: f.facial.priceFen });
    const orderOver = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      lines: [line(f.facial.id)],
      discountFen: f.facial.priceFen + 1,
      staffShares: soloShare(),
    });
    expect([orderOver.status, invalidFields(orderOver)]).toEqual([400, ['discountFen']]);
    const negative = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      lines: [line(f.facial.id, 1, -1)],
      staffShares: soloShare(),
    });
    expect([negative.status, invalidFields(negative)]).toEqual([400, ['lines.0.discountFen']]);
    const nothingLeft = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      lines: [line(f.facial.id)],
      discountFen: f.facial.priceFen,
      staffShares: soloShare(),
    });
    expect([nothingLeft.status, invalidFields(nothingLeft)]).toEqual([400, ['discountFen']]);
  });

  it('sells only on-shelf programs', async () => {
    const r = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      lines: [line(f.brow.id), line(f.offShelf)],
      staffShares: soloShare(),
    });
    expect([r.status, invalidFields(r)]).toEqual([400, ['lines.1.programId']]);
  });
});

describe('orders: staff shares', () => {
  it('refuses shares that do not add up to 100%, repeat a person, or name staff who left or work elsewhere', async () => {
    const cases: [unknown, string][] = [
      [
        [
          { staffId: f.staff[0], shareBp: 5000 },
          { staffId: f.staff[1], shareBp: 4999 },
        ],
        'staffShares',
      ],
      [
        [
          { staffId: f.staff[0], shareBp: 5000 },
          { staffId: f.staff[1], shareBp: 5001 },
        ],
        'staffShares',
      ],
      [
        [
          { staffId: f.staff[0], shareBp: 5000 },
          { staffId: f.staff[0], shareBp: 5000 },
        ],
        'staffShares',
      ],
      [[], 'staffShares'],
      [[{ staffId: f.leftStaff, shareBp: 10_000 }], 'staffShares.0.staffId'],
      [
        [
          { staffId: f.staff[0], shareBp: 5000 },
          { staffId: f.staffOfShop3, shareBp: 5000 },
        ],
        'staffShares.1.staffId',
      ],
    ];
    for (const [staffShares, field] of cases) {
      const r = await post(manager1, '/orders', { customerId: f.plainCustomer, lines: [line(f.facial.id)], staffShares });
      expect([r.status, r.body.code, [...new Set(invalidFields(r))]], JSON.stringify(staffShares)).toEqual([400, 40000, [field]]);
    }
  });

  it('splits 100.00 yuan over three equal shares as 33.34 + 33.33 + 33.33 when paid', async () => {
    const staffShares = [
      { staffId: f.staff[0], shareBp: 3334 },
      { staffId: f.staff[1], shareBp: 3333 },
      { staffId: f.staff[2], shareBp: 3333 },
    ];
    const o = await paidOrder(t, manager1, {
      customerId: f.plainCustomer,
      lines: [line(f.brow.id, 1, f.brow.priceFen - 10_000)],
      staffShares,
    });
    expect(o.payableFen).toBe(10_000);
    const records = await query<{
      staff_id: number;
      amount_fen: number;
      commission_fen: number;
      commission_rate_bp: number;
      status: string;
      kind: string;
    }>(
      t,
      'select staff_id, amount_fen, commission_fen, commission_rate_bp, status, kind from performance_records where order_id = $1 order by id',
      [o.id],
    );
    expect(records.map((r) => r.amount_fen)).toEqual([3334, 3333, 3333]);
    expect(records.map((r) => r.staff_id)).toEqual(f.staff);
    const rates = await query<{ id: number; rate: number }>(
      t,
      'select id, commission_rate_bp as rate from staff where id = any($1) order by id',
      [f.staff],
    );
    expect(records.map((r) => [r.commission_rate_bp, r.commission_fen, r.status, r.kind])).toEqual(
      rates.map((s, i) => [s.rate, commissionFen(records[i].amount_fen, s.rate), 'pending', 'sale']),
    );
  });
});

describe('orders: walk-in and chain customers', () => {
  it('sells to a walk-in as 散客, with no customer and no touch-up right', async () => {
    const o = await paidOrder(t, manager1, { lines: [line(f.brow.id)], staffShares: soloShare() });
    expect(o).toMatchObject({
      customerId: null,
      customerName: WALK_IN_CUSTOMER_NAME,
      customerPhone: '',
      customerVip: false,
      status: 'paid',
    });
    expect(await count('touch_up_entitlements where order_id = $1', [o.id])).toBe(0);
  });

  it('serves a customer of another shop found by the full phone; the order is this shop’s, the customer stays theirs', async () => {
    const c = f.customerOfShop3;
    const blind = await post(manager1, '/orders', { customerId: c.id, lines: [line(f.facial.id)], staffShares: soloShare() });
    expect([blind.status, invalidFields(blind)]).toEqual([400, ['customerId']]);
    const card = await call(manager1, 'GET', `/customers/lookup?phone=${c.phone}`);
    expect(card.body.data).toMatchObject({ id: c.id, shopId: f.shop3, phone: `${c.phone.slice(0, 3)}****${c.phone.slice(7)}` });
    expect(Object.keys(card.body.data).sort()).toEqual(['id', 'name', 'phone', 'shopId', 'shopName', 'vip']);
    const o = await paidOrder(t, manager1, { customerId: c.id, lines: [line(f.brow.id)], staffShares: soloShare() });
    expect(o).toMatchObject({ shopId: f.shop1, customerId: c.id, status: 'paid' });
    expect((await query<{ shop_id: number }>(t, 'select shop_id from customers where id = $1', [c.id]))[0].shop_id).toBe(f.shop3);
    // The touch-up is owed where it was sold.
    expect(
      (await query<{ shop_id: number }>(t, 'select shop_id from touch_up_entitlements where order_id = $1', [o.id])).map((e) => e.shop_id),
    ).toEqual([f.shop1]);
    for (const [method, path] of [
      ['GET', `/customers/${c.id}`],
      ['PATCH', `/customers/${c.id}`],
      ['POST', `/customers/${c.id}/reveal-phone`],
    ] as const) {
      expect(
        (await call(manager1, method, path, method === 'GET' ? undefined : method === 'PATCH' ? { name: '改名' } : {})).status,
        `${method} ${path}`,
      ).toBe(404);
    }
  });
});

describe('customers/lookup', () => {
  it('answers 404 for an unknown phone, 40000 for a malformed one, 40300 outside the counter; every lookup is audited', async () => {
    const before = await count(`audit_logs where action = 'customer-lookup'`, []);
    expect((await call(manager1, 'GET', '/customers/lookup?phone=13912345670')).status).toBe(404);
    const bad = await call(manager1, 'GET', '/customers/lookup?phone=1391234');
    expect([bad.status, invalidFields(bad)]).toEqual([400, ['phone']]);
    expect((await call(manager1, 'GET', '/customers/lookup')).status).toBe(400);
    expect((await call(finance, 'GET', `/customers/lookup?phone=${f.customerOfShop3.phone}`)).status).toBe(403);
    expect((await call(admin, 'GET', `/customers/lookup?phone=${f.customerOfShop3.phone}`)).status).toBe(403);
    expect(await count(`audit_logs where action = 'customer-lookup'`, [])).toBe(before + 1);
    const [row] = await query<{ summary: string }>(
      t,
      `select summary from audit_logs where action = 'customer-lookup' order by id desc limit 1`,
    );
    expect(row.summary).toContain('139****5670');
  });

  it('limits lookups per account and hour', async () => {
    const token = await t.login(MANAGER_3);
    const statuses: number[] = [];
    for (let i = 0; i <= CUSTOMER_LOOKUPS_PER_HOUR; i++)
      statuses.push((await call(token, 'GET', `/customers/lookup?phone=${f.customerOfShop3.phone}`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CUSTOMER_LOOKUPS_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('orders: paying', () => {
  it('refuses payments that do not add up to the payable, and leaves the order unpaid', async () => {
    const o = await createdOrder(t, manager1, { customerId: f.plainCustomer, lines: [line(f.facial.id)], staffShares: soloShare() });
    for (const payments of [
      [{ method: 'cash', amountFen: o.payableFen - 1 }],
      [
        { method: 'cash', amountFen: o.payableFen },
        { method: 'wechat', amountFen: 1 },
      ],
    ]) {
      const r = await post(manager1, `/orders/${o.id}/pay`, { payments });
      expect([r.status, invalidFields(r)]).toEqual([400, ['payments']]);
    }
    const zero = await post(manager1, `/orders/${o.id}/pay`, {
      payments: [
        { method: 'cash', amountFen: 0 },
        { method: 'wechat', amountFen: o.payableFen },
      ],
    });
    expect([zero.status, invalidFields(zero)]).toEqual([400, ['payments.0.amountFen']]);
    const bitcoin = await post(manager1, `/orders/${o.id}/pay`, { payments: [{ method: 'bitcoin', amountFen: o.payableFen }] });
    expect([bitcoin.status, invalidFields(bitcoin)]).toEqual([400, ['payments.0.method']]);
    expect((await call(manager1, 'GET', `/orders/${o.id}`)).body.data).toMatchObject({ status: 'unpaid', payments: [], paidFen: 0 });
  });

  it('waits for the order row another transaction holds, then answers for the order as that one left it', async () => {
    const o = await createdOrder(t, manager1, { customerId: f.plainCustomer, lines: [line(f.facial.id)], staffShares: soloShare() });
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select id from orders where id = $1 for update', [o.id]);
      const paying = post(manager1, `/orders/${o.id}/pay`, { payments: [{ method: 'cash', amountFen: o.payableFen }] });
      // The pay has started and waits for the order row.
      await expect.poll(async () => (await client.query(`select count(*)::int as n from pg_locks where not granted`)).rows[0].n).toBe(1);
      await client.query(`update orders set status = 'cancelled', cancel_reason = '并发取消' where id = $1`, [o.id]);
      await client.query('commit');
      const paid = await paying;
      expect([paid.status, paid.body.msg]).toEqual([409, '订单已取消，不能再收款']);
    } finally {
      client.release();
    }
    expect(await count('performance_records where order_id = $1', [o.id])).toBe(0);
    expect(await count('ledger_entries where order_id = $1', [o.id])).toBe(0);
  });

  it('pays in one go: payments, performance, ledger income, touch-up rights, the appointment completed, an audit row', async () => {
    const appointmentId = await arrivedAppointment(f.vipCustomer);
    const o = await createdOrder(t, manager1, {
      customerId: f.vipCustomer,
      appointmentId,
      lines: [line(f.brow.id, 1, 1000), line(f.facial.id)],
      staffShares: [
        { staffId: f.staff[0], shareBp: 6000 },
        { staffId: f.staff[1], shareBp: 4000 },
      ],
    });
    const payments = [
      { method: 'wechat', amountFen: o.payableFen - 5000 },
      { method: 'cash', amountFen: 5000 },
    ];
    const before = Date.now();
    const paid = (await post(manager1, `/orders/${o.id}/pay`, { payments })).body.data as Order;
    expect(paid).toMatchObject({ status: 'paid', payments, paidFen: o.payableFen, refundedFen: 0 });
    expect(Date.parse(paid.paidAt!)).toBeGreaterThanOrEqual(before - 1000);
    const perf = await query<{ amount_fen: number }>(t, 'select amount_fen from performance_records where order_id = $1 order by id', [
      o.id,
    ]);
    expect(perf.map((p) => p.amount_fen)).toEqual(splitByShares(o.payableFen, [6000, 4000]));
    const ledger = await query<{ type: string; category: string; amount_fen: number; occurred_on: string; shop_id: number }>(
      t,
      `select type, category, amount_fen, to_char(occurred_on, 'YYYY-MM-DD') as occurred_on, shop_id from ledger_entries where order_id = $1`,
      [o.id],
    );
    expect(ledger).toEqual([
      {
        type: 'income',
        category: 'service',
        amount_fen: o.payableFen,
        occurred_on: new Date(Date.parse(paid.paidAt!) + 8 * 3600_000).toISOString().slice(0, 10),
        shop_id: f.shop1,
      },
    ]);
    const rights = await query<{ program_id: number; customer_id: number; source: string; days: number; status: string }>(
      t,
      `select program_id, customer_id, source, status, round(extract(epoch from valid_until - valid_from) / 86400)::int as days from
        touch_up_entitlements where order_id = $1`,
      [o.id],
    );
    expect(rights).toEqual([
      { program_id: f.brow.id, customer_id: f.vipCustomer, source: 'order', status: 'available', days: f.brow.touchUpDays },
    ]);
    expect((await call(manager1, 'GET', `/appointments/${appointmentId}`)).body.data.status).toBe('completed');
    expect(await count(`audit_logs where entity = 'order' and entity_id = $1 and action = 'create'`, [String(o.id)])).toBe(1);
    expect(await count(`audit_logs where entity = 'order' and entity_id = $1 and action = 'pay'`, [String(o.id)])).toBe(1);
  });

  it('rolls the whole payment back when one part of it fails', async () => {
    const appointmentId = await arrivedAppointment(f.plainCustomer);
    const o = await createdOrder(t, manager1, {
      customerId: f.plainCustomer,
      appointmentId,
      lines: [line(f.brow.id)],
      staffShares: soloShare(),
    });
    await query(
      t,
      `create function refuse_ledger() returns trigger language plpgsql as $$ begin raise exception 'ledger unavailable'; end $$`,
    );
    await query(t, 'create trigger ledger_refuses before insert on ledger_entries for each row execute function refuse_ledger()');
    const failed = await post(manager1, `/orders/${o.id}/pay`, { payments: [{ method: 'card', amountFen: o.payableFen }] }, 'rollback-key');
    expect(failed.status).toBe(500);
    expect((await call(manager1, 'GET', `/orders/${o.id}`)).body.data).toMatchObject({
      status: 'unpaid',
      payments: [],
      paidFen: 0,
      paidAt: null,
    });
    expect(await count('performance_records where order_id = $1', [o.id])).toBe(0);
    expect(await count('touch_up_entitlements where order_id = $1', [o.id])).toBe(0);
    expect(await count(`audit_logs where entity = 'order' and entity_id = $1 and action = 'pay'`, [String(o.id)])).toBe(0);
    expect((await call(manager1, 'GET', `/appointments/${appointmentId}`)).body.data.status).toBe('arrived');
    await query(t, 'drop trigger ledger_refuses on ledger_entries');
    // Nothing was stored for the key either: the retry does the work.
    const retried = await post(
      manager1,
      `/orders/${o.id}/pay`,
      { payments: [{ method: 'card', amountFen: o.payableFen }] },
      'rollback-key',
    );
    expect(retried.body.data.status).toBe('paid');
    expect(await count('performance_records where order_id = $1', [o.id])).toBe(1);
    expect((await call(manager1, 'GET', `/appointments/${appointmentId}`)).body.data.status).toBe('completed');
  });

  it('writes an order, its audit row and its key’s answer together or not at all; the number a failed create drew stays unused', async () => {
    const sequence = (o: Order) => Number(o.orderNo.split('-')[2]);
    const before = await createdOrder(t, manager1, { lines: [line(f.facial.id)], staffShares: soloShare() });
    await query(
      t,
      `create function refuse_order_audit() returns trigger language plpgsql as $$ begin if new.entity = 'order' and new.action =
        'create' then raise exception 'audit unavailable'; end if; return new; end $$`,
    );
    await query(t, 'create trigger audit_refuses before insert on audit_logs for each row execute function refuse_order_audit()');
    const body = { lines: [line(f.facial.id)], staffShares: soloShare(), note: '审计失败' };
    const failed = await post(manager1, '/orders', body, 'create-rollback-key');
    expect(failed.status).toBe(500);
    expect(await count(`orders where note = '审计失败'`, [])).toBe(0);
    expect(await count(`idempotency_keys where key = 'create-rollback-key'`, [])).toBe(0);
    await query(t, 'drop trigger audit_refuses on audit_logs');
    const retried = await post(manager1, '/orders', body, 'create-rollback-key');
    expect(retried.status).toBe(200);
    expect(sequence(retried.body.data)).toBe(sequence(before) + 2);
  });
});

describe('orders: appointments', () => {
  it('checks out only an arrived appointment of the shop, its own customer, once', async () => {
    const appointmentId = await arrivedAppointment(f.plainCustomer);
    const wrongCustomer = await post(manager1, '/orders', {
      customerId: f.vipCustomer,
      appointmentId,
      lines: [line(f.facial.id)],
      staffShares: soloShare(),
    });
    expect([wrongCustomer.status, invalidFields(wrongCustomer)]).toEqual([400, ['customerId']]);
    const body = { customerId: f.plainCustomer, appointmentId, lines: [line(f.facial.id)], staffShares: soloShare() };
    const made = await post(manager1, '/orders', body, 'appointment-key');
    expect(made.status).toBe(200);
    // A retry with the key answers the order again, though the appointment now has that very order.
    expect((await post(manager1, '/orders', body, 'appointment-key')).raw).toBe(made.raw);
    const again = await post(manager1, '/orders', body);
    expect(again.status).toBe(409);
    const day = new Date(Date.now() + 8 * 3600_000 + bookingDay++ * 86_400_000).toISOString().slice(0, 10);
    const booked = await call(manager1, 'POST', '/appointments', {
      customerId: f.plainCustomer,
      programId: f.brow.id,
      staffId: null,
      startAt: `${day}T11:00:00+08:00`,
    });
    const notArrived = await post(manager1, '/orders', {
      customerId: f.plainCustomer,
      appointmentId: booked.body.data.id,
      lines: [line(f.facial.id)],
      staffShares: soloShare(),
    });
    expect(notArrived.status).toBe(409);
    const [other] = await query<{ id: number; customer_id: number }>(
      t,
      'select id, customer_id from appointments where shop_id = $1 limit 1',
      [f.shop3],
    );
    const elsewhere = await post(manager1, '/orders', {
      customerId: other.customer_id,
      appointmentId: other.id,
      lines: [line(f.facial.id)],
      staffShares: soloShare(),
    });
    expect([elsewhere.status, invalidFields(elsewhere)]).toEqual([400, ['appointmentId']]);
  });

  it('keeps a visit completed before paying billable: listed and marked so, checked out once, then no longer', async () => {
    const appointmentId = await arrivedAppointment(f.plainCustomer);
    expect((await call(manager1, 'POST', `/appointments/${appointmentId}/complete`, {})).body.code).toBe(0);
    const billable = async () =>
      ((await call(manager1, 'GET', `/appointments?billable=true&customerId=${f.plainCustomer}`)).body.data as { id: number }[]).map(
        (a) => a.id,
      );
    expect(await billable()).toContain(appointmentId);
    expect((await call(manager1, 'GET', `/appointments/${appointmentId}`)).body.data).toMatchObject({
      status: 'completed',
      billable: true,
    });

    const body = { customerId: f.plainCustomer, appointmentId, lines: [line(f.brow.id)], staffShares: soloShare() };
    const made = await post(manager1, '/orders', body);
    expect(made.status).toBe(200);
    expect(await billable()).not.toContain(appointmentId);
    expect((await call(manager1, 'GET', `/appointments/${appointmentId}`)).body.data.billable).toBe(false);
    const unbilled = (await call(manager1, 'GET', `/appointments?billable=false&customerId=${f.plainCustomer}`)).body.data as {
      id: number;
    }[];
    expect(unbilled.map((a) => a.id)).toContain(appointmentId);

    // Cancelling the order makes the visit billable again; paying another leaves it completed.
    expect((await post(manager1, `/orders/${made.body.data.id}/cancel`, { reason: '改单' })).status).toBe(200);
    expect(await billable()).toContain(appointmentId);
    const again = await createdOrder(t, manager1, body);
    const paid = await post(manager1, `/orders/${again.id}/pay`, { payments: [{ method: 'cash', amountFen: again.payableFen }] });
    expect(paid.body.data.status).toBe('paid');
    expect((await call(manager1, 'GET', `/appointments/${appointmentId}`)).body.data).toMatchObject({
      status: 'completed',
      billable: false,
    });
  });
});

describe('orders: states', () => {
  it('refuses every step its state does not allow with 409', async () => {
    const paid = await paidOrder(t, manager1, { customerId: f.plainCustomer, lines: [line(f.facial.id)], staffShares: soloShare() });
    const cash = { payments: [{ method: 'cash', amountFen: paid.payableFen }] };
    expect((await post(manager1, `/orders/${paid.id}/pay`, cash)).status).toBe(409);
    expect((await post(manager1, `/orders/${paid.id}/cancel`, { reason: '客户反悔' })).status).toBe(409);
    const unpaid = await createdOrder(t, manager1, { customerId: f.plainCustomer, lines: [line(f.facial.id)], staffShares: soloShare() });
    const noReason = await post(manager1, `/orders/${unpaid.id}/cancel`, {});
    expect([noReason.status, invalidFields(noReason)]).toEqual([400, ['reason']]);
    const cancelled = await post(manager1, `/orders/${unpaid.id}/cancel`, { reason: '客户改主意' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: '客户改主意' });
    expect((await post(manager1, `/orders/${unpaid.id}/cancel`, { reason: '再取消' })).status).toBe(409);
    expect(
      (await post(manager1, `/orders/${unpaid.id}/pay`, { payments: [{ method: 'cash', amountFen: unpaid.payableFen }] })).status,
    ).toBe(409);
    expect((await call(manager1, 'PATCH', `/orders/${paid.id}`, { note: '改' })).status).toBe(404);
    expect((await call(manager1, 'DELETE', `/orders/${paid.id}`)).status).toBe(404);
    expect((await call(manager1, 'GET', `/orders/${paid.id}`)).body.data).toMatchObject({ status: 'paid', note: '' });
  });

  it('draws numbers in sequence and leaves the connection waiting for the flush of every later commit', async () => {
    const client = await t.database.pool.connect();
    try {
      const db = drizzle(client, { schema });
      const day = '2031-01-02';
      const first = await drawOrderNo(db, f.shop1, day);
      const second = await drawOrderNo(db, f.shop1, day);
      expect(second.orderNo).toBe(formatOrderNo(day, f.shop1, Number(first.orderNo.split('-')[2]) + 1));
      expect(second.id).toBeGreaterThan(first.id);
      expect((await client.query('show synchronous_commit')).rows[0].synchronous_commit).toBe('on');
    } finally {
      client.release();
    }
  });

  it('numbers a shop’s orders of a day in sequence: date, shop, number', async () => {
    const a = await createdOrder(t, manager1, { lines: [line(f.facial.id)], staffShares: soloShare() });
    const b = await createdOrder(t, manager1, { lines: [line(f.facial.id)], staffShares: soloShare() });
    expect(a.orderNo).toMatch(ORDER_NO_RE);
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(a.orderNo.startsWith(`${day}-${String(f.shop1).padStart(3, '0')}-`)).toBe(true);
    expect(Number(b.orderNo.split('-')[2])).toBe(Number(a.orderNo.split('-')[2]) + 1);
  });
});

describe('orders: who sees and does what', () => {
  it('answers 404 to another shop’s manager on every call about an order', async () => {
    const o = await createdOrder(t, manager1, { customerId: f.plainCustomer, lines: [line(f.facial.id)], staffShares: soloShare() });
    expect((await call(manager3, 'GET', `/orders/${o.id}`)).status).toBe(404);
    expect((await post(manager3, `/orders/${o.id}/pay`, { payments: [{ method: 'cash', amountFen: o.payableFen }] })).status).toBe(404);
    expect((await post(manager3, `/orders/${o.id}/cancel`, { reason: '别店' })).status).toBe(404);
    expect((await post(manager3, '/after-sales', { orderId: o.id, type: 'complaint', reason: '别店' })).status).toBe(404);
    const list = await call(manager3, 'GET', `/orders?id=${o.id}`);
    expect([list.status, list.body.data, list.total]).toEqual([200, [], 0]);
    expect((await call(manager1, 'GET', `/orders/${o.id}`)).body.data.status).toBe('unpaid');
  });

  it('lets finance and admin read every shop’s orders and write none', async () => {
    const o = await createdOrder(t, manager1, { customerId: f.plainCustomer, lines: [line(f.facial.id)], staffShares: soloShare() });
    for (const token of [finance, admin]) {
      expect((await call(token, 'GET', `/orders/${o.id}`)).body.data.id).toBe(o.id);
      expect((await call(token, 'GET', `/orders?shopId=${f.shop1}&id=${o.id}`)).total).toBe(1);
      expect((await post(token, '/orders', { lines: [line(f.facial.id)], staffShares: soloShare() })).status).toBe(403);
      expect((await post(token, `/orders/${o.id}/pay`, { payments: [{ method: 'cash', amountFen: o.payableFen }] })).status).toBe(403);
      expect((await post(token, `/orders/${o.id}/cancel`, { reason: 'x' })).status).toBe(403);
    }
  });
});

describe('orders: the list', () => {
  it('filters by status, customer, days of createdAt or paidAt, and searches number, name and phone', async () => {
    const o = await paidOrder(t, manager1, { customerId: f.vipCustomer, lines: [line(f.facial.id)], staffShares: soloShare() });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const ids = async (qs: string) => ((await call(manager1, 'GET', `/orders?${qs}&_end=200`)).body.data as Order[]).map((x) => x.id);
    expect(await ids(`status=paid&customerId=${f.vipCustomer}`)).toContain(o.id);
    expect(await ids(`status=unpaid&customerId=${f.vipCustomer}`)).not.toContain(o.id);
    expect(await ids(`from=${today}&to=${today}&dateField=paidAt`)).toContain(o.id);
    expect(await ids(`to=2020-01-01&dateField=paidAt`)).toEqual([]);
    expect(await ids(`q=${o.orderNo}`)).toEqual([o.id]);
    const [{ phone, name }] = await query<{ phone: string; name: string }>(t, 'select phone, name from customers where id = $1', [
      f.vipCustomer,
    ]);
    expect(await ids(`q=${phone}`)).toContain(o.id);
    expect(await ids(`q=${phone.slice(7)}`)).toContain(o.id);
    expect(await ids(`q=${encodeURIComponent(name)}`)).toContain(o.id);
    expect((await call(manager1, 'GET', '/orders?dateField=shippedAt')).status).toBe(400);
    expect((await call(manager1, 'GET', '/orders?from=2026-02-30')).status).toBe(400);
    const sorted = (await call(manager1, 'GET', '/orders?_sort=payableFen&_order=desc&_end=50')).body.data as Order[];
    expect(sorted.map((x) => x.payableFen)).toEqual([...sorted.map((x) => x.payableFen)].sort((a, b) => b - a));
  });
});

describe('orders keep their history', () => {
  it('blocks deleting a customer, a staff member or a program that an order names, saying why', async () => {
    const [{ id: customerId }] = await query<{ id: number }>(
      t,
      `insert into customers (name, phone, shop_id) values ('新客户', '13700001111', $1) returning id`,
      [f.shop1],
    );
    const [{ id: programId }] = await query<{ id: number }>(
      t,
      `insert into programs (name, price_fen, vip_price_fen, type, duration_minutes) values ('新项目', 5000, 4000, 3, 30) returning id`,
    );
    const [{ id: staffId }] = await query<{ id: number }>(
      t,
      `insert into staff (name, phone, shop_id, job, hired_at) values ('新员工', '13700002222', $1, 'beautician', '2026-01-01') returning id`,
      [f.shop1],
    );
    await createdOrder(t, manager1, { customerId, lines: [line(programId)], staffShares: [{ staffId, shareBp: 10_000 }] });
    for (const [token, path] of [
      [manager1, `/customers/${customerId}`],
      [manager1, `/staff/${staffId}`],
      [admin, `/programs/${programId}`],
    ] as const) {
      const r = await call(token, 'DELETE', path);
      expect([r.status, r.body.msg], path).toEqual([409, expect.stringContaining('1个订单')]);
    }
  });
});
