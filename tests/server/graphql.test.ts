import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClientSchema, getIntrospectionQuery } from 'graphql';
import { createTestContext, type TestContext } from './support/testApp';
import { ADMIN, FINANCE, MANAGER_1 } from './support/restCalls';
import { query } from './support/authCalls';
import { insertAfterSale, insertOrder, insertPerformance, randomOrders, reportShop } from './support/reportFixtures';
import { SHOP_RANKING, daysBefore, graphqlCaller, shanghaiDay, today } from './support/reportCalls';
import { GRAPHQL_PATH, REPORT_MAX_DAYS, type DayRevenue, type ShopRank, type StaffRank } from '../../contract/report';
import { MAX_COST, MAX_DEPTH } from '../../server/graphql/limits';

let t: TestContext;
let admin: string;
let manager1: string;
let finance: string;
let shop1: number;
let shop3: number;
let boundary: Awaited<ReturnType<typeof reportShop>>;
let gql: ReturnType<typeof graphqlCaller>;

const STAFF_RANKING = `query($from: Date!, $to: Date!, $shopId: Int) { staffRanking(from: $from, to: $to, shopId: $shopId) { staffId
  staffName shopId shopName approvedFen pendingFen commissionFen orderCount } }`;
const TREND = `query($from: Date!, $to: Date!, $shopId: Int) { revenueTrend(from: $from, to: $to, shopId: $shopId) { day revenueFen orderCount } }`;

interface OrderRow extends Record<string, unknown> {
  shop_id: number;
  customer_id: number | null;
  paid_fen: number;
  refunded_fen: number;
  paid_at: Date;
}
/** Every paid order, summed in JS by Shanghai day of paidAt: the other way to reach the reports' figures. */
async function paidOrders(): Promise<OrderRow[]> {
  return query<OrderRow>(t, `select shop_id, customer_id, paid_fen, refunded_fen, paid_at from orders where paid_at is not null`);
}
function expectedShopRanking(
  orders: OrderRow[],
  customers: { shop_id: number; created_at: Date }[],
  shops: { id: number; name: string }[],
  from: string,
  to: string,
) {
  const inPeriod = orders.filter((o) => shanghaiDay(o.paid_at) >= from && shanghaiDay(o.paid_at) <= to);
  return shops.map((s) => {
    const mine = inPeriod.filter((o) => o.shop_id === s.id);
    const paid = mine.reduce((n, o) => n + o.paid_fen, 0);
    const refunded = mine.reduce((n, o) => n + o.refunded_fen, 0);
    return {
      shopId: s.id,
      shopName: s.name,
      revenueFen: paid - refunded,
      orderCount: mine.length,
      refundFen: refunded,
      customerCount: new Set(mine.filter((o) => o.customer_id !== null).map((o) => o.customer_id)).size,
      newCustomerCount: customers.filter((c) => c.shop_id === s.id && shanghaiDay(c.created_at) >= from && shanghaiDay(c.created_at) <= to)
        .length,
    };
  });
}
function expectedTrend(orders: OrderRow[], from: string, to: string, shopId: number | null): DayRevenue[] {
  const days: DayRevenue[] = [];
  for (let d = from; d <= to; d = daysBefore(d, -1)) {
    const mine = orders.filter((o) => shanghaiDay(o.paid_at) === d && (shopId === null || o.shop_id === shopId));
    days.push({ day: d, revenueFen: mine.reduce((n, o) => n + o.paid_fen - o.refunded_fen, 0), orderCount: mine.length });
  }
  return days;
}

beforeAll(async () => {
  t = await createTestContext();
  gql = graphqlCaller(t);
  [admin, manager1, finance] = await Promise.all([t.login(ADMIN), t.login(MANAGER_1), t.login(FINANCE)]);
  [shop1, , shop3] = t.demo.shopIds;
  const pool = t.database.pool;
  boundary = await reportShop(pool, '报表边界店');
  const [c1, c2] = boundary.customerIds;
  const [s1, s2] = boundary.staffIds;
  // 23:59:59.999 and 00:00 Shanghai on either side of midnight between 31 March and 1 April 2026.
  const a = await insertOrder(pool, {
    shopId: boundary.shopId,
    customerId: c1,
    paidAt: '2026-03-31T15:59:59.999Z',
    payableFen: 10_000,
    refundedFen: 3_000,
  });
  const b = await insertOrder(pool, { shopId: boundary.shopId, customerId: c1, paidAt: '2026-03-31T16:00:00.000Z', payableFen: 20_000 });
  await insertOrder(pool, { shopId: boundary.shopId, customerId: c2, paidAt: null, payableFen: 5_000 });
  await insertOrder(pool, { shopId: boundary.shopId, customerId: c2, paidAt: null, payableFen: 7_000, status: 'cancelled' });
  const d = await insertOrder(pool, {
    shopId: boundary.shopId,
    customerId: c2,
    paidAt: '2026-04-02T04:00:00.000Z',
    payableFen: 5_000,
    refundedFen: 5_000,
  });
  await insertPerformance(pool, {
    orderId: a,
    shopId: boundary.shopId,
    staffId: s1,
    amountFen: 10_000,
    commissionFen: 1_000,
    status: 'approved',
    createdAt: '2026-03-31T15:59:59.999Z',
  });
  await insertPerformance(pool, {
    orderId: a,
    shopId: boundary.shopId,
    staffId: s1,
    amountFen: -3_000,
    commissionFen: -300,
    status: 'approved',
    kind: 'adjustment',
    createdAt: '2026-04-01T02:00:00.000Z',
  });
  await insertPerformance(pool, {
    orderId: b,
    shopId: boundary.shopId,
    staffId: s1,
    amountFen: 12_000,
    commissionFen: 1_200,
    status: 'pending',
    createdAt: '2026-03-31T16:00:00.000Z',
  });
  await insertPerformance(pool, {
    orderId: b,
    shopId: boundary.shopId,
    staffId: s2,
    amountFen: 8_000,
    commissionFen: 800,
    status: 'approved',
    createdAt: '2026-03-31T16:00:00.000Z',
  });
  await insertPerformance(pool, {
    orderId: d,
    shopId: boundary.shopId,
    staffId: s2,
    amountFen: 5_000,
    commissionFen: 500,
    status: 'rejected',
    createdAt: '2026-04-02T04:00:00.000Z',
  });

  // Random paid orders over the last 40 days in demo shops 1-3 and the boundary shop.
  const shops = await Promise.all(
    t.demo.shopIds.slice(0, 3).map(async (shopId) => ({
      shopId,
      staffIds: (await query<{ id: number }>(t, `select id from staff where shop_id = $1 order by id`, [shopId])).map((r) => r.id),
      customerIds: (await query<{ id: number }>(t, `select id from customers where shop_id = $1 order by id limit 20`, [shopId])).map(
        (r) => r.id,
      ),
    })),
  );
  await randomOrders(pool, { shops: [...shops, boundary], lastDay: today(), days: 40, count: 300, seed: 14 });
  // Waiting after-sales of shop 1 and of shop 3; one reviewed today.
  const [one] = await query<{ id: number }>(t, `select id from orders where shop_id = $1 and paid_at is not null order by id limit 1`, [
    shop1,
  ]);
  const [three] = await query<{ id: number }>(t, `select id from orders where shop_id = $1 and paid_at is not null order by id limit 1`, [
    shop3,
  ]);
  await insertAfterSale(pool, { orderId: one.id, shopId: shop1, type: 'refund', amountFen: 55, status: 'pending' });
  await insertAfterSale(pool, { orderId: one.id, shopId: shop1, type: 'complaint', amountFen: null, status: 'pending' });
  await insertAfterSale(pool, { orderId: three.id, shopId: shop3, type: 'refund', amountFen: 66, status: 'pending' });
  await insertAfterSale(pool, {
    orderId: three.id,
    shopId: shop3,
    type: 'refund',
    amountFen: 77,
    status: 'approved',
    reviewedAt: new Date().toISOString(),
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('figures against the orders summed another way', () => {
  it('revenueTrend: days by midnight in Shanghai, refunds on the paid day, zero days included', async () => {
    const r = await gql(admin, TREND, { from: '2026-03-31', to: '2026-04-03', shopId: boundary.shopId });
    expect(r.errors).toBeUndefined();
    expect(r.data.revenueTrend).toEqual([
      { day: '2026-03-31', revenueFen: 7_000, orderCount: 1 },
      { day: '2026-04-01', revenueFen: 20_000, orderCount: 1 },
      { day: '2026-04-02', revenueFen: 0, orderCount: 1 },
      { day: '2026-04-03', revenueFen: 0, orderCount: 0 },
    ]);
  });

  it('a refund executed later shows in the next answer, on the day the order was paid', async () => {
    const [b] = await query<{ id: number }>(t, `select id from orders where shop_id = $1 and paid_at = '2026-03-31T16:00:00Z'`, [
      boundary.shopId,
    ]);
    await query(t, `update orders set refunded_fen = 2500, status = 'partially-refunded' where id = $1`, [b.id]);
    const r = await gql(admin, TREND, { from: '2026-04-01', to: '2026-04-01', shopId: boundary.shopId });
    expect(r.data.revenueTrend).toEqual([{ day: '2026-04-01', revenueFen: 17_500, orderCount: 1 }]);
    const ranking = await gql(admin, SHOP_RANKING, { from: '2026-04-01', to: '2026-04-01' });
    expect(ranking.data.shopRanking.find((s: ShopRank) => s.shopId === boundary.shopId)).toMatchObject({
      revenueFen: 17_500,
      refundFen: 2_500,
      orderCount: 1,
      customerCount: 1,
    });
    await query(t, `update orders set refunded_fen = 0, status = 'paid' where id = $1`, [b.id]);
  });

  it('shopRanking of the boundary days', async () => {
    const first = await gql(finance, SHOP_RANKING, { from: '2026-03-31', to: '2026-03-31' });
    expect(first.data.shopRanking.find((s: ShopRank) => s.shopId === boundary.shopId)).toEqual({
      shopId: boundary.shopId,
      shopName: '报表边界店',
      revenueFen: 7_000,
      orderCount: 1,
      refundFen: 3_000,
      customerCount: 1,
      newCustomerCount: 3,
    });
    const next = await gql(finance, SHOP_RANKING, { from: '2026-04-01', to: '2026-04-02' });
    expect(next.data.shopRanking.find((s: ShopRank) => s.shopId === boundary.shopId)).toMatchObject({
      revenueFen: 20_000,
      orderCount: 2,
      refundFen: 5_000,
      customerCount: 2,
      newCustomerCount: 0,
    });
  });

  it('shopRanking of the last 30 days: every shop, by revenue, each figure as the orders sum', async () => {
    const from = daysBefore(today(), 29);
    const r = await gql(admin, SHOP_RANKING, { from, to: today() });
    expect(r.errors).toBeUndefined();
    const shops = await query<{ id: number; name: string }>(t, `select id, name from shops`);
    const customers = await query<{ shop_id: number; created_at: Date }>(t, `select shop_id, created_at from customers`);
    const expected = expectedShopRanking(await paidOrders(), customers, shops, from, today());
    const got: ShopRank[] = r.data.shopRanking;
    expect([...got].sort((a, b) => a.shopId - b.shopId)).toEqual(expected.sort((a, b) => a.shopId - b.shopId));
    expect(got.map((s) => s.revenueFen)).toEqual([...got.map((s) => s.revenueFen)].sort((a, b) => b - a));
    expect(got.filter((s) => s.orderCount > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('revenueTrend of the chain and of one shop against the orders', async () => {
    const from = daysBefore(today(), 39);
    const orders = await paidOrders();
    const chain = await gql(admin, TREND, { from, to: today() });
    expect(chain.data.revenueTrend).toEqual(expectedTrend(orders, from, today(), null));
    expect(chain.data.revenueTrend).toHaveLength(40);
    const one = await gql(finance, TREND, { from, to: today(), shopId: shop3 });
    expect(one.data.revenueTrend).toEqual(expectedTrend(orders, from, today(), shop3));
  });

  it('staffRanking against the performance records', async () => {
    const from = daysBefore(today(), 29);
    const r = await gql(admin, STAFF_RANKING, { from, to: today() });
    expect(r.errors).toBeUndefined();
    const records = await query<{
      staff_id: number;
      shop_id: number;
      order_id: number;
      kind: string;
      status: string;
      amount_fen: number;
      commission_fen: number;
      created_at: Date;
    }>(t, `select staff_id, shop_id, order_id, kind, status, amount_fen, commission_fen, created_at from performance_records`);
    const inPeriod = records.filter((p) => shanghaiDay(p.created_at) >= from && shanghaiDay(p.created_at) <= today());
    const keys = [...new Set(inPeriod.map((p) => `${p.staff_id}/${p.shop_id}`))];
    const expected = keys.map((k) => {
      const mine = inPeriod.filter((p) => `${p.staff_id}/${p.shop_id}` === k);
      const sum = (status: string, field: 'amount_fen' | 'commission_fen') =>
        mine.filter((p) => p.status === status).reduce((n, p) => n + p[field], 0);
      return {
        staffId: mine[0].staff_id,
        shopId: mine[0].shop_id,
        approvedFen: sum('approved', 'amount_fen'),
        pendingFen: sum('pending', 'amount_fen'),
        commissionFen: sum('approved', 'commission_fen'),
        orderCount: new Set(mine.filter((p) => p.kind === 'sale').map((p) => p.order_id)).size,
      };
    });
    const got: StaffRank[] = r.data.staffRanking;
    expect(
      got
        .map(({ staffId, shopId, approvedFen, pendingFen, commissionFen, orderCount }) => ({
          staffId,
          shopId,
          approvedFen,
          pendingFen,
          commissionFen,
          orderCount,
        }))
        .sort((a, b) => a.staffId - b.staffId),
    ).toEqual(expected.sort((a, b) => a.staffId - b.staffId));
    expect(got.map((s) => s.approvedFen)).toEqual([...got.map((s) => s.approvedFen)].sort((a, b) => b - a));
  });

  it('staffRanking of the boundary shop: adjustments lower the approved sum, rejected records count nowhere', async () => {
    const r = await gql(admin, STAFF_RANKING, { from: '2026-03-31', to: '2026-04-02', shopId: boundary.shopId });
    const [s1, s2] = boundary.staffIds;
    expect(r.data.staffRanking).toEqual([
      {
        staffId: s2,
        staffName: '报表员工2',
        shopId: boundary.shopId,
        shopName: '报表边界店',
        approvedFen: 8_000,
        pendingFen: 0,
        commissionFen: 800,
        orderCount: 2,
      },
      {
        staffId: s1,
        staffName: '报表员工1',
        shopId: boundary.shopId,
        shopName: '报表边界店',
        approvedFen: 7_000,
        pendingFen: 12_000,
        commissionFen: 700,
        orderCount: 2,
      },
    ]);
  });

  it('staffRanking of a day with only a refund adjustment: the staff member is there, with no orders', async () => {
    const [, s2] = boundary.staffIds;
    const [b] = await query<{ id: number }>(t, `select id from orders where shop_id = $1 and paid_at = '2026-03-31T16:00:00Z'`, [
      boundary.shopId,
    ]);
    await insertPerformance(t.database.pool, {
      orderId: b.id,
      shopId: boundary.shopId,
      staffId: s2,
      amountFen: -1_000,
      commissionFen: -100,
      status: 'approved',
      kind: 'adjustment',
      createdAt: '2026-04-10T02:00:00.000Z',
    });
    const r = await gql(admin, STAFF_RANKING, { from: '2026-04-10', to: '2026-04-10', shopId: boundary.shopId });
    expect(r.data.staffRanking).toEqual([
      {
        staffId: s2,
        staffName: '报表员工2',
        shopId: boundary.shopId,
        shopName: '报表边界店',
        approvedFen: -1_000,
        pendingFen: 0,
        commissionFen: -100,
        orderCount: 0,
      },
    ]);
  });
});

describe('roles and shops, decided on the server', () => {
  it('a shop manager gets its current shop whatever shopId says', async () => {
    const from = daysBefore(today(), 29);
    const asked = await gql(manager1, STAFF_RANKING, { from, to: today(), shopId: shop3 });
    const own = await gql(admin, STAFF_RANKING, { from, to: today(), shopId: shop1 });
    expect(asked.data.staffRanking.length).toBeGreaterThan(0);
    expect(asked.data.staffRanking).toEqual(own.data.staffRanking);
    const trend = await gql(manager1, TREND, { from, to: today() });
    expect(trend.data.revenueTrend).toEqual((await gql(admin, TREND, { from, to: today(), shopId: shop1 })).data.revenueTrend);
  });

  it('a shop manager may not read the chain ranking: 40300 for that field', async () => {
    const r = await gql(manager1, SHOP_RANKING, { from: today(), to: today() });
    expect(r.status).toBe(200);
    expect(r.data).toBeNull();
    expect(r.errors).toHaveLength(1);
    expect(r.errors![0]).toMatchObject({ path: ['shopRanking'], extensions: { code: 40300 } });
  });

  it('answers the same once a query is compiled (graphql-jit, from its second use): figures and errors', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      [manager1, SHOP_RANKING, { from: today(), to: today() }],
      [admin, SHOP_RANKING, { from: today(), to: daysBefore(today(), 1) }],
      [admin, STAFF_RANKING, { from: daysBefore(today(), 30), to: today() }],
      [
        finance,
        `{ workplace { role shop { shopId } chain { liveProgramCount } finance { pendingPerformanceCount trend { day revenueFen } } } }`,
        {},
      ],
    ];
    for (const [token, query, variables] of calls) {
      const first = await gql(token, query, variables);
      expect(first.status).toBe(200);
      for (let i = 0; i < 3; i++) expect(await gql(token, query, variables)).toEqual(first);
    }
  });

  it('each role reads its own Workplace field and gets 40300 for the others', async () => {
    const cases: [string, string, string[]][] = [
      [manager1, 'shop', ['chain', 'finance']],
      [admin, 'chain', ['shop', 'finance']],
      [finance, 'finance', ['shop', 'chain']],
    ];
    for (const [token, own, others] of cases) {
      const r = await gql(token, `{ workplace { role shop { shopId } chain { liveProgramCount } finance { pendingPerformanceCount } } }`);
      expect(r.data.workplace[own]).not.toBeNull();
      for (const other of others) expect(r.data.workplace[other]).toBeNull();
      expect(r.errors!.map((e) => [e.path!.join('.'), e.extensions.code]).sort()).toEqual(
        others.map((o) => [`workplace.${o}`, 40300]).sort(),
      );
    }
  });
});

describe('Workplace figures', () => {
  const SHOP = `{ workplace { role today monthStart shop { shopId shopName todayAppointmentCount nextAppointments { id startAt status }
    today { revenueFen orderCount } afterSaleWaitingCount afterSaleWaitingFen newCustomersThisMonth trend { day revenueFen orderCount } }
    } }`;
  it('shop manager: the current shop today and this month', async () => {
    const r = await gql(manager1, SHOP);
    expect(r.errors).toBeUndefined();
    const w = r.data.workplace;
    expect(w.today).toBe(today());
    const orders = await paidOrders();
    const day = expectedTrend(orders, today(), today(), shop1)[0];
    expect(w.shop).toMatchObject({ shopId: shop1, today: { revenueFen: day.revenueFen, orderCount: day.orderCount } });
    expect(w.shop.trend).toEqual(expectedTrend(orders, daysBefore(today(), 29), today(), shop1));
    const [waiting] = await query<{ n: number; fen: number }>(
      t,
      `select count(*)::int as n, coalesce(sum(amount_fen), 0)::int as fen from after_sales where shop_id = $1 and status = 'pending'`,
      [shop1],
    );
    expect({ n: w.shop.afterSaleWaitingCount, fen: w.shop.afterSaleWaitingFen }).toEqual(waiting);
    expect(waiting.n).toBeGreaterThan(0);
    const customers = await query<{ created_at: Date }>(t, `select created_at from customers where shop_id = $1`, [shop1]);
    expect(w.shop.newCustomersThisMonth).toBe(customers.filter((c) => shanghaiDay(c.created_at) >= w.monthStart).length);
    const appointments = await query<{ start_at: Date; status: string }>(
      t,
      `select start_at, status from appointments where shop_id = $1`,
      [shop1],
    );
    expect(w.shop.todayAppointmentCount).toBe(
      appointments.filter((a) => shanghaiDay(a.start_at) === today() && a.status !== 'cancelled').length,
    );
    for (const a of w.shop.nextAppointments) expect(shanghaiDay(a.startAt)).toBe(today());
  });

  it('admin: the chain today and this month, the top shops, what is live', async () => {
    const r = await gql(
      admin,
      `{ workplace { monthStart chain { today { revenueFen orderCount } month { revenueFen orderCount } topShops { shopId revenueFen }
        trend { day revenueFen } liveProgramCount liveBannerCount } } }`,
    );
    expect(r.errors).toBeUndefined();
    const { monthStart, chain } = r.data.workplace;
    const orders = await paidOrders();
    const sum = (days: DayRevenue[]) => ({
      revenueFen: days.reduce((n, d) => n + d.revenueFen, 0),
      orderCount: days.reduce((n, d) => n + d.orderCount, 0),
    });
    expect(chain.today).toEqual(sum(expectedTrend(orders, today(), today(), null)));
    expect(chain.month).toEqual(sum(expectedTrend(orders, monthStart, today(), null)));
    const ranking = await gql(admin, `query($from: Date!, $to: Date!) { shopRanking(from: $from, to: $to) { shopId revenueFen } }`, {
      from: monthStart,
      to: today(),
    });
    expect(chain.topShops).toEqual(ranking.data.shopRanking.slice(0, 5));
    expect(chain.trend).toHaveLength(30);
    const [live] = await query<{ programs: number; banners: number }>(
      t,
      `select (select count(*)::int from programs where status = 'on') as programs,
              (select count(*)::int from banners where status = 'on' and coalesce(start_at, now()) <= now() and coalesce(end_at, now() +
                interval '1 s') > now()) as banners`,
    );
    expect({ programs: chain.liveProgramCount, banners: chain.liveBannerCount }).toEqual(live);
  });

  it('financial staff: what waits for review, what was reviewed this week', async () => {
    const r = await gql(
      finance,
      `{ workplace { weekStart finance { pendingPerformanceCount pendingPerformanceFen pendingAfterSaleCount pendingRefundFen
        reviewedPerformanceCount reviewedPerformanceFen reviewedAfterSaleCount reviewedRefundFen trend { day } } } }`,
    );
    expect(r.errors).toBeUndefined();
    const { weekStart, finance: f } = r.data.workplace;
    const records = await query<{ status: string; amount_fen: number; reviewed_at: Date | null }>(
      t,
      `select status, amount_fen, reviewed_at from performance_records`,
    );
    const pending = records.filter((p) => p.status === 'pending');
    const reviewed = records.filter((p) => p.reviewed_at && shanghaiDay(p.reviewed_at) >= weekStart);
    const afterSales = await query<{ status: string; amount_fen: number | null; reviewed_at: Date | null }>(
      t,
      `select status, amount_fen, reviewed_at from after_sales`,
    );
    const waitingAfterSales = afterSales.filter((a) => a.status === 'pending');
    const reviewedAfterSales = afterSales.filter(
      (a) => a.reviewed_at && shanghaiDay(a.reviewed_at) >= weekStart && (a.status === 'approved' || a.status === 'rejected'),
    );
    const fen = (rows: { amount_fen: number | null }[]) => rows.reduce((n, a) => n + (a.amount_fen ?? 0), 0);
    expect(f).toMatchObject({
      pendingPerformanceCount: pending.length,
      pendingPerformanceFen: pending.reduce((n, p) => n + p.amount_fen, 0),
      pendingAfterSaleCount: waitingAfterSales.length,
      pendingRefundFen: fen(waitingAfterSales),
      reviewedPerformanceCount: reviewed.length,
      reviewedPerformanceFen: reviewed.filter((p) => p.status === 'approved').reduce((n, p) => n + p.amount_fen, 0),
      reviewedAfterSaleCount: reviewedAfterSales.length,
      reviewedRefundFen: fen(reviewedAfterSales.filter((a) => a.status === 'approved')),
    });
    expect(f.trend).toHaveLength(30);
  });
});

describe('sessions: the REST guard decides', () => {
  const WORKPLACE = '{ workplace { role } }';
  it('no token, a malformed or unknown token: 401 with 50008', async () => {
    for (const headers of [{}, { authorization: 'Bearer short' }, { authorization: `Bearer ${'x'.repeat(43)}` }] as Record<
      string,
      string
    >[]) {
      const r = await gql(undefined, WORKPLACE, {}, headers);
      expect(r.status).toBe(401);
      expect(r.errors![0].extensions.code).toBe(50008);
      expect(r.data).toBeNull();
    }
  });

  it('introspection only with a session', async () => {
    expect((await gql(undefined, '{ __schema { queryType { name } } }')).status).toBe(401);
    const r = await gql(finance, '{ __schema { queryType { name } } }');
    expect(r.data.__schema.queryType.name).toBe('Query');
  });

  it('logged out: 50008; revoked otherwise: 50012; idle too long: 50014', async () => {
    const loggedOut = await t.login(ADMIN);
    await t.app.inject({ method: 'POST', url: '/api/beer/backstage/user/logout', headers: { authorization: `Bearer ${loggedOut}` } });
    await query(
      t,
      `update sessions set revoked_at = now(), revoked_reason = 'logout' where revoked_at is null and last_seen_at > now() - interval '1
        s' and id = (select max(id) from sessions)`,
    );
    expect((await gql(loggedOut, WORKPLACE)).errors![0].extensions.code).toBe(50008);

    const ended = await t.login(FINANCE);
    await query(t, `update sessions set revoked_at = now(), revoked_reason = 'password-changed' where id = (select max(id) from sessions)`);
    const endedAnswer = await gql(ended, WORKPLACE);
    expect(endedAnswer.status).toBe(401);
    expect(endedAnswer.errors![0].extensions.code).toBe(50012);

    const idle = await t.login(MANAGER_1);
    await query(t, `update sessions set last_seen_at = now() - interval '30 days' where id = (select max(id) from sessions)`);
    const idleAnswer = await gql(idle, WORKPLACE);
    expect(idleAnswer.status).toBe(401);
    expect(idleAnswer.errors![0].extensions.code).toBe(50014);
  });
});

describe('limits and malformed queries: an error answer, never a 500', () => {
  it(`a query deeper than ${MAX_DEPTH} is refused`, async () => {
    const r = await gql(admin, '{ workplace { shop { trend { a { b { c { d { e { f } } } } } } } } }');
    expect(r.status).toBe(400);
    expect(r.errors!.map((e) => e.message)).toContainEqual(expect.stringContaining(`上限 ${MAX_DEPTH}`));
    expect(r.errors![0].extensions.code).toBe(40000);
    expect(r.data).toBeNull();
  });

  it('the standard introspection query loads the schema with a session: introspection counts toward neither limit', async () => {
    const r = await gql(admin, getIntrospectionQuery());
    expect(r.status).toBe(200);
    expect(r.errors).toBeUndefined();
    const schema = buildClientSchema(r.data);
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(expect.arrayContaining(['shopRanking', 'staffRanking', 'workplace']));
    expect((await gql(undefined, getIntrospectionQuery())).status).toBe(401);
    // Report fields beside introspection still pay their cost.
    const rankings = Array.from({ length: 5 }, (_, i) => `r${i}: shopRanking(from: $from, to: $to) { revenueFen }`);
    const flood = `query($from: Date!, $to: Date!) { __typename ${rankings.join(' ')} }`;
    expect((await gql(admin, flood, { from: today(), to: today() })).errors![0].message).toContain(`上限 ${MAX_COST}`);
  });

  it('introspection that multiplies its answer (lists inside lists past the standard query) is refused', async () => {
    const r = await gql(admin, '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }');
    expect(r.status).toBe(400);
    expect(r.errors![0].extensions.code).toBe(40000);
  });

  it('an alias flood is refused before anything runs, while the ranking page fits', async () => {
    const flood = `query($from: Date!, $to: Date!) { ${Array.from(
      { length: 100 },
      (_, i) => `r${i}: shopRanking(from: $from, to: $to) {
      revenueFen }`,
    ).join(' ')} }`;
    const r = await gql(admin, flood, { from: today(), to: today() });
    expect(r.status).toBe(400);
    expect(r.errors![0].message).toContain(`上限 ${MAX_COST}`);
    expect(r.errors![0].extensions.code).toBe(40000);
    const fragments = `query($from: Date!, $to: Date!) { ...A ...B } fragment A on Query { a1: shopRanking(from: $from, to: $to) { ...S }
      a2: shopRanking(from: $from, to: $to) { ...S } a3: shopRanking(from: $from, to: $to) { ...S } }
      fragment B on Query { b1: staffRanking(from: $from, to: $to) { staffId } b2: staffRanking(from: $from, to: $to) { staffId } }
        fragment S on ShopRank { shopId revenueFen orderCount refundFen customerCount newCustomerCount shopName }`;
    expect((await gql(admin, fragments, { from: today(), to: today() })).status).toBe(400);
    const page = `query($from: Date!, $to: Date!) { shopRanking(from: $from, to: $to) { shopId shopName revenueFen orderCount refundFen
      customerCount newCustomerCount } staffRanking(from: $from, to: $to) { staffId staffName shopId shopName approvedFen pendingFen
      commissionFen orderCount } }`;
    expect((await gql(admin, page, { from: today(), to: today() })).errors).toBeUndefined();
  });

  it('batches are off', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      payload: [{ query: '{ workplace { role } }' }, { query: '{ workplace { role } }' }],
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe(40000);
  });

  it('syntax errors, unknown fields, mutations, bad JSON and non-queries answer 400 with 40000', async () => {
    for (const source of ['{ workplace { role ', '{ nothing }', 'mutation { workplace { role } }', '']) {
      const r = await gql(admin, source);
      expect(r.status, source).toBe(400);
      expect(r.errors![0].extensions.code, source).toBe(40000);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      payload: '{"query": ',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].extensions.code).toBe(40000);
  });

  it('dates that are no days, periods turned round or over a year: 40000 naming the field', async () => {
    const notADay = await gql(admin, TREND, { from: '2026-02-30', to: '2026-03-01' });
    expect(notADay.status).toBe(400);
    expect(notADay.errors![0].extensions.code).toBe(40000);
    const literal = await gql(admin, '{ revenueTrend(from: "yesterday", to: "2026-03-01") { day } }');
    expect(literal.status).toBe(400);
    const backwards = await gql(admin, TREND, { from: '2026-03-02', to: '2026-03-01' });
    expect(backwards.errors![0].extensions).toMatchObject({ code: 40000, fields: [{ field: 'to' }] });
    const long = await gql(admin, TREND, { from: '2025-01-01', to: daysBefore('2025-01-01', -REPORT_MAX_DAYS) });
    expect(long.errors![0].extensions).toMatchObject({ code: 40000, fields: [{ field: 'to' }] });
    const longest = await gql(admin, TREND, { from: '2025-01-01', to: daysBefore('2025-01-01', 1 - REPORT_MAX_DAYS) });
    expect(longest.data.revenueTrend).toHaveLength(REPORT_MAX_DAYS);
  });

  it('days outside 1900–2999 are refused as input, never reaching the database', async () => {
    for (const [from, to] of [
      ['0001-01-01', '0001-01-31'],
      ['1899-12-31', '1900-01-01'],
      ['2999-12-31', '3000-01-01'],
    ]) {
      for (const source of [SHOP_RANKING, STAFF_RANKING, TREND]) {
        const r = await gql(admin, source, { from, to });
        expect(r.status, `${from} ${to}`).toBe(400);
        expect(r.errors![0].extensions.code).toBe(40000);
        expect(r.errors![0].message).toContain('1900-01-01');
      }
    }
    const literal = await gql(admin, '{ shopRanking(from: "0001-01-01", to: "0001-01-02") { shopId } }');
    expect(literal.status).toBe(400);
    expect(literal.errors![0].extensions.code).toBe(40000);
    const edges = await gql(admin, TREND, { from: '1900-01-01', to: '1900-01-02' });
    expect(edges.errors).toBeUndefined();
    expect((await gql(admin, TREND, { from: '2999-12-30', to: '2999-12-31' })).errors).toBeUndefined();
  });
});
