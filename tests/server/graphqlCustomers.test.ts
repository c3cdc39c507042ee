import fs from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/testApp';
import { ADMIN, FINANCE, MANAGER_1 } from './support/restCalls';
import { query } from './support/authCalls';
import { checkoutFixture, createdOrder, poster, type CheckoutFixture } from './support/checkout';
import { insertOrder, randomOrders, reportShop } from './support/reportFixtures';
import { SHOP_RANKING, daysBefore, graphqlCaller, shanghaiDay, today } from './support/reportCalls';
import type { ShopRank } from '../../contract/report';
import { CUSTOMERS_FROM_ORDERS_DAYS } from '../../server/reports/sales';

/**
 * customerCount of shopRanking: distinct customers with an order paid in the period, counted from the
 * period's orders (a month or less) or from shop_customer_days (longer), which triggers on orders
 * keep. Checked against a brute-force count over the orders, and the table against its orders after
 * every kind of write.
 */

let t: TestContext;
let gql: ReturnType<typeof graphqlCaller>;
let post: ReturnType<typeof poster>;
let admin: string;
let finance: string;
let manager1: string;
let f: CheckoutFixture;
let boundary: Awaited<ReturnType<typeof reportShop>>;
let hand: Awaited<ReturnType<typeof reportShop>>;

const LONG = CUSTOMERS_FROM_ORDERS_DAYS + 1;

/** customerCount per shop, as the ranking answers it. */
async function answered(from: string, to: string): Promise<Map<number, number>> {
  const r = await gql(admin, SHOP_RANKING, { from, to });
  expect(r.errors).toBeUndefined();
  return new Map((r.data.shopRanking as ShopRank[]).map((s) => [s.shopId, s.customerCount]));
}

/** The paid orders with a customer, each as its shop, customer and Shanghai day (computed here). */
async function paidVisits(): Promise<{ shop: number; customer: number; day: string }[]> {
  const rows = await query<{ shop_id: number; customer_id: number; paid_at: Date }>(
    t,
    `select shop_id, customer_id, paid_at from orders where paid_at is not null and customer_id is not null`,
  );
  return rows.map((o) => ({ shop: o.shop_id, customer: o.customer_id, day: shanghaiDay(o.paid_at) }));
}

/** Every shop's distinct customers of the period, counted one order at a time. */
async function bruteForce(from: string, to: string): Promise<Map<number, number>> {
  const shops = await query<{ id: number }>(t, `select id from shops`);
  const seen = new Map<number, Set<number>>(shops.map((s) => [s.id, new Set()]));
  for (const v of await paidVisits()) if (v.day >= from && v.day <= to) seen.get(v.shop)!.add(v.customer);
  return new Map([...seen].map(([shop, customers]) => [shop, customers.size]));
}

async function expectCountsExact(from: string, to: string): Promise<void> {
  expect(await answered(from, to), `${from}..${to}`).toEqual(await bruteForce(from, to));
}

/** shop_customer_days holds exactly the paid days of each shop and customer, no more rows, no empty ones. */
async function expectCustomerDaysExact(): Promise<void> {
  const expected = new Map<string, Set<string>>();
  for (const v of await paidVisits()) {
    const key = `${v.shop}/${v.customer}`;
    expected.set(key, (expected.get(key) ?? new Set()).add(v.day));
  }
  const rows = await query<{ key: string; days: string[] }>(
    t,
    `select c.shop_id || '/' || c.customer_id as key,
            array(select to_char(d, 'YYYY-MM-DD') from unnest(c.paid_days) r, generate_series(lower(r), upper(r) - 1, interval '1 day') d order by d) as days
     from shop_customer_days c`,
  );
  expect(new Map(rows.map((r) => [r.key, r.days]))).toEqual(new Map([...expected].map(([k, days]) => [k, [...days].sort()])));
}

const pairRow = async (shopId: number, customerId: number) =>
  (
    await query<{ xmin: string; days: string }>(
      t,
      `select xmin::text, paid_days::text as days from shop_customer_days where shop_id = $1 and customer_id = $2`,
      [shopId, customerId],
    )
  )[0];

beforeAll(async () => {
  t = await createTestContext();
  gql = graphqlCaller(t);
  post = poster(t);
  [admin, finance, manager1] = await Promise.all([t.login(ADMIN), t.login(FINANCE), t.login(MANAGER_1)]);
  f = await checkoutFixture(t);
  const pool = t.database.pool;
  boundary = await reportShop(pool, '顾客边界店');
  hand = await reportShop(pool, '顾客手改店');
  const [c1, c2, c3] = boundary.customerIds;
  // 23:59:59.999 on 31 March and 00:00 on 1 April 2026 in Shanghai; c3 on both sides.
  await insertOrder(pool, { shopId: boundary.shopId, customerId: c1, paidAt: '2026-03-31T15:59:59.999Z', payableFen: 1_000 });
  await insertOrder(pool, { shopId: boundary.shopId, customerId: c2, paidAt: '2026-03-31T16:00:00.000Z', payableFen: 1_000 });
  await insertOrder(pool, {
    shopId: boundary.shopId,
    customerId: c3,
    paidAt: '2026-03-31T15:59:59.999Z',
    payableFen: 1_000,
    refundedFen: 1_000,
  });
  await insertOrder(pool, { shopId: boundary.shopId, customerId: c3, paidAt: '2026-03-31T16:00:00.000Z', payableFen: 1_000 });
  await insertOrder(pool, { shopId: boundary.shopId, customerId: c1, paidAt: null, payableFen: 1_000 });
  // A year and more of orders in the demo shops 1-3.
  const shops = await Promise.all(
    t.demo.shopIds.slice(0, 3).map(async (shopId) => ({
      shopId,
      staffIds: (await query<{ id: number }>(t, `select id from staff where shop_id = $1 order by id`, [shopId])).map((r) => r.id),
      customerIds: (await query<{ id: number }>(t, `select id from customers where shop_id = $1 order by id limit 15`, [shopId])).map(
        (r) => r.id,
      ),
    })),
  );
  await randomOrders(pool, { shops, lastDay: today(), days: 420, count: 400, seed: 1401 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('customerCount against a brute-force count over the orders', () => {
  it(`periods of 1 to 366 days: up to ${CUSTOMERS_FROM_ORDERS_DAYS} days from the orders, longer from the customer rows`, async () => {
    for (const days of [1, 7, CUSTOMERS_FROM_ORDERS_DAYS, LONG, 90, 200, 366]) {
      for (const to of [today(), daysBefore(today(), 45)]) await expectCountsExact(daysBefore(to, days - 1), to);
    }
    await expectCustomerDaysExact();
  });

  it('midnight in Shanghai divides the days, both ways of counting; a refunded order still counts', async () => {
    const counted = async (from: string, to: string) => (await answered(from, to)).get(boundary.shopId);
    // c1 (23:59:59.999) and c3 (refunded) on 31 March; c2 (00:00) and c3 on 1 April.
    expect(await counted('2026-03-31', '2026-03-31')).toBe(2);
    expect(await counted('2026-04-01', '2026-04-01')).toBe(2);
    expect(await counted('2026-03-31', '2026-04-01')).toBe(3);
    expect(await counted(daysBefore('2026-03-31', LONG - 1), '2026-03-31')).toBe(2);
    expect(await counted('2026-04-01', daysBefore('2026-04-01', 1 - LONG))).toBe(2);
    expect(await counted('2025-04-01', '2026-04-01')).toBe(3);
    expect(await counted('2026-04-02', '2027-04-01')).toBe(0);
    for (const [from, to] of [
      ['2026-03-31', '2026-03-31'],
      [daysBefore('2026-03-31', LONG - 1), '2026-03-31'],
      ['2026-04-01', daysBefore('2026-04-01', 1 - LONG)],
    ])
      await expectCountsExact(from, to);
  });
});

describe('the next query sees every write', () => {
  it('a payment at the checkstand counts its customer at once; an approved refund lowers the revenue and keeps the customer', async () => {
    const [{ id: customerId }] = await query<{ id: number }>(
      t,
      `insert into customers (name, phone, gender, source, shop_id) values ('新到店顾客', '13912340001', 'female', 'walk-in', $1) returning id`,
      [f.shop1],
    );
    const periods = [
      [today(), today()],
      [daysBefore(today(), 365), today()],
    ];
    const before = await Promise.all(periods.map(([from, to]) => gql(admin, SHOP_RANKING, { from, to })));
    const shop1Of = (r: { data: { shopRanking: ShopRank[] } }) => r.data.shopRanking.find((s) => s.shopId === f.shop1)!;

    const order = await createdOrder(t, manager1, {
      customerId,
      lines: [{ programId: f.facial.id, quantity: 1, discountFen: 0 }],
      staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }],
    });
    for (const [i, [from, to]] of periods.entries())
      expect(shop1Of(await gql(admin, SHOP_RANKING, { from, to }))).toEqual(shop1Of(before[i]));

    const paid = await post(manager1, `/orders/${order.id}/pay`, { payments: [{ method: 'cash', amountFen: order.payableFen }] });
    expect(paid.body.code).toBe(0);
    const afterPay = await Promise.all(periods.map(([from, to]) => gql(admin, SHOP_RANKING, { from, to })));
    for (const [i, r] of afterPay.entries()) {
      const was = shop1Of(before[i]);
      expect(shop1Of(r)).toMatchObject({
        customerCount: was.customerCount + 1,
        orderCount: was.orderCount + 1,
        revenueFen: was.revenueFen + order.payableFen,
      });
    }

    const requested = await post(manager1, '/after-sales', {
      orderId: order.id,
      type: 'refund',
      amountFen: order.payableFen,
      reason: '客户不满意',
    });
    expect(requested.body.code).toBe(0);
    expect((await post(finance, `/after-sales/${requested.body.data.id}/approve`, {})).body.code).toBe(0);
    for (const [i, [from, to]] of periods.entries()) {
      const was = shop1Of(afterPay[i]);
      expect(shop1Of(await gql(admin, SHOP_RANKING, { from, to }))).toEqual({
        ...was,
        revenueFen: was.revenueFen - order.payableFen,
        refundFen: was.refundFen + order.payableFen,
      });
    }
    await expectCustomerDaysExact();
  });

  it('hand-written SQL: several orders in one statement, days, customers and shops changed, unpaid, deleted', async () => {
    const pool = t.database.pool;
    const [c1, c2, c3] = hand.customerIds;
    const day = (d: string, hour = 12) => new Date(Date.parse(`${d}T${String(hour).padStart(2, '0')}:00:00+08:00`)).toISOString();
    const recent = daysBefore(today(), 3);
    const ids = (
      await query<{ id: number }>(
        t,
        `insert into orders (order_no, shop_id, customer_id, customer_name, status, lines, total_fen, payable_fen, payments, paid_fen, staff_shares, paid_at)
         select 'H' || g, $1, c, '手改', 'paid', '[]', 100, 100, '[]', 100, '[]', p::timestamptz
         from unnest($2::int[], $3::text[]) with ordinality as x(c, p, g) order by g returning id`,
        [
          hand.shopId,
          [c1, c1, c1, c2, c3],
          [day(recent), day(recent, 20), day(daysBefore(recent, 40)), day(recent), day(daysBefore(recent, 100))],
        ],
      )
    ).map((r) => r.id);
    await expectCustomerDaysExact();

    // A refund or a note moves no paid day: the customer's row is not even rewritten.
    const untouched = await pairRow(hand.shopId, c1);
    await query(t, `update orders set refunded_fen = 100, status = 'refunded', note = '全额退款' where id = any($1::int[])`, [ids]);
    expect(await pairRow(hand.shopId, c1)).toEqual(untouched);

    const steps = [
      // c1 keeps the recent day through its other order of that day.
      [`update orders set paid_at = $2 where id = $1`, [ids[0], day(daysBefore(recent, 1))]],
      [`update orders set paid_at = null, status = 'unpaid', paid_fen = 0, refunded_fen = 0 where id = $1`, [ids[1]]],
      [`update orders set customer_id = $2 where id = $1`, [ids[4], c2]],
      [`update orders set shop_id = $2 where id = $1`, [ids[3], boundary.shopId]],
      [`delete from orders where id = $1`, [ids[2]]],
    ] as const;
    for (const [sql, params] of steps) {
      await pool.query(sql, [...params]);
      await expectCustomerDaysExact();
      await expectCountsExact(daysBefore(today(), 365), today());
    }
    // c3's only order went to c2: no row is left for c3.
    expect(await pairRow(hand.shopId, c3)).toBeUndefined();
    await pool.query(`delete from orders where id = any($1::int[])`, [ids]);
    await expectCustomerDaysExact();
  });
});

describe('two writers of one customer at once', () => {
  let a: pg.PoolClient;
  let b: pg.PoolClient;
  beforeAll(async () => {
    [a, b] = await Promise.all([t.database.pool.connect(), t.database.pool.connect()]);
  });
  afterAll(() => {
    a?.release();
    b?.release();
  });

  const paidOrderSql = `insert into orders (order_no, shop_id, customer_id, customer_name, status, lines, total_fen, payable_fen,
    payments, paid_fen, staff_shares, paid_at)
    values ($1, $2, $3, '并发', 'paid', '[]', 100, 100, '[]', 100, '[]', $4) returning id`;
  let n = 0;
  const paidOrder = async (client: pg.PoolClient, shopId: number, customerId: number, paidAt: string) =>
    (await client.query<{ id: number }>(paidOrderSql, [`C${++n}`, shopId, customerId, paidAt])).rows[0].id;

  /** Until the backend of `client` waits for a lock: the other writer really is in its way. */
  async function waitsForLock(client: pg.PoolClient): Promise<void> {
    const pid = (client as unknown as { processID: number }).processID;
    for (let i = 0; i < 100; i++) {
      const [row] = await query<{ wait: string | null }>(t, `select wait_event_type as wait from pg_stat_activity where pid = $1`, [pid]);
      if (row?.wait === 'Lock') return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the second writer never waited for the first');
  }

  it('a recount waits for the writer adding a day, then counts its order', async () => {
    const [customer] = hand.customerIds;
    const gone = await paidOrder(a, hand.shopId, customer, '2026-05-01T04:00:00Z');
    await b.query('begin');
    await paidOrder(b, hand.shopId, customer, '2026-05-02T04:00:00Z');
    await a.query('begin');
    const deleting = a.query('delete from orders where id = $1', [gone]);
    await waitsForLock(a);
    await b.query('commit');
    await deleting;
    await a.query('commit');
    await expectCustomerDaysExact();
  });

  it('a writer adding a day waits for the recount, then adds to it', async () => {
    const [, customer] = hand.customerIds;
    const gone = await paidOrder(a, hand.shopId, customer, '2026-06-01T04:00:00Z');
    await a.query('begin');
    await a.query('delete from orders where id = $1', [gone]);
    await b.query('begin');
    const adding = paidOrder(b, hand.shopId, customer, '2026-06-02T04:00:00Z');
    await waitsForLock(b);
    await a.query('commit');
    await adding;
    await b.query('commit');
    await expectCustomerDaysExact();
  });

  it("a recount of a customer's first row waits for the writer creating it", async () => {
    const [, , customer] = hand.customerIds;
    const [other] = boundary.customerIds;
    const moved = await paidOrder(a, hand.shopId, other, '2026-07-01T04:00:00Z');
    await b.query('begin');
    await paidOrder(b, hand.shopId, customer, '2026-07-02T04:00:00Z');
    await a.query('begin');
    const moving = a.query('update orders set customer_id = $2 where id = $1', [moved, customer]);
    await waitsForLock(a);
    await b.query('commit');
    await moving;
    await a.query('commit');
    await expectCustomerDaysExact();
  });
});

describe('rows already there, and a truncate', () => {
  it("the migration's back-fill of existing orders writes what the triggers wrote", async () => {
    const folder = new URL('../../server/db/migrations/', import.meta.url);
    const migration = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => fs.readFileSync(new URL(name, folder), 'utf8'))
      .find((text) => text.includes('CREATE TABLE "shop_customer_days"'))!;
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/INSERT INTO shop_customer_days/);
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      const written = await client.query(`select shop_id, customer_id, paid_days::text from shop_customer_days order by 1, 2`);
      await client.query('delete from shop_customer_days');
      await client.query(backfill);
      expect((await client.query(`select shop_id, customer_id, paid_days::text from shop_customer_days order by 1, 2`)).rows).toEqual(
        written.rows,
      );
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('truncating the orders empties the customer rows; the next paid order counts again', async () => {
    await query(t, `truncate orders cascade`);
    expect(await query(t, `select 1 from shop_customer_days`)).toEqual([]);
    await insertOrder(t.database.pool, {
      shopId: hand.shopId,
      customerId: hand.customerIds[0],
      paidAt: new Date().toISOString(),
      payableFen: 100,
    });
    await expectCustomerDaysExact();
    await expectCountsExact(daysBefore(today(), 365), today());
  });
});
