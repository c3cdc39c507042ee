import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { query } from './support/authCalls';
import { ADMIN, FINANCE, MANAGER_1, invalidFields, rest } from './support/restCalls';
import { afterSaleRequest, paidOrder, shopStaff } from './support/moneyFixtures';
import { paidOrder as paidOrderThroughApi, poster } from './support/checkout';
import { commissionFen, splitByShares } from '../../contract/shareSplit';
import { AFTER_SALE_TOUCH_UP_DAYS } from '../../contract/entitlement';

let t: TestContext;
let call: ReturnType<typeof rest>;
let finance: string;
let admin: string;
let manager: string;
let staff: { id: number; name: string; rate: number }[];
let managerAccount: number;

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [finance, admin, manager],
  } = await openTestContext([FINANCE, ADMIN, MANAGER_1]));
  staff = await shopStaff(t, t.demo.shopIds[0]);
  managerAccount = t.demo.accountIds[MANAGER_1];
});
afterAll(async () => t?.close());

const shopId = () => t.demo.shopIds[0];
const threeWay = () => [3334, 3333, 3333].map((shareBp, i) => ({ staffId: staff[i].id, shareBp }));
const orderOf = async (id: number) =>
  (
    await query<{ refunded_fen: number; paid_fen: number; status: string }>(
      t,
      'select refunded_fen, paid_fen, status from orders where id = $1',
      [id],
    )
  )[0];
const refundEntries = async (orderId: number) =>
  query<{ amount_fen: number; after_sale_id: number; type: string; occurred_on: string }>(
    t,
    `select amount_fen, after_sale_id, type, occurred_on::text from ledger_entries where order_id = $1 and category = 'refund' order by id`,
    [orderId],
  );
const statusOf = async (id: number) => (await query<{ status: string }>(t, 'select status from after_sales where id = $1', [id]))[0].status;

describe('who may decide', () => {
  it('refuses a shop manager with 40300 and leaves the request pending', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 5000, shares: threeWay() });
    const id = await afterSaleRequest(t, order, 'refund', 1000);
    expect((await call(manager, 'POST', `/after-sales/${id}/approve`, {})).status).toBe(403);
    expect((await call(manager, 'POST', `/after-sales/${id}/reject`, { reason: '不行' })).status).toBe(403);
    expect(await statusOf(id)).toBe('pending');
    expect((await orderOf(order.orderId)).refunded_fen).toBe(0);
  });
});

describe('approving a refund executes it', () => {
  it('updates the order, writes the negative ledger entry and the adjustments, audits and tells the shop', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 10000, shares: threeWay() });
    const id = await afterSaleRequest(t, order, 'refund', 3000);
    const r = await call(finance, 'POST', `/after-sales/${id}/approve`, { note: '同意退款' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, status: 'approved', reviewNote: '同意退款', amountFen: 3000 });
    expect(await orderOf(order.orderId)).toEqual({ refunded_fen: 3000, paid_fen: 10000, status: 'partially-refunded' });

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(await refundEntries(order.orderId)).toEqual([{ amount_fen: -3000, after_sale_id: id, type: 'income', occurred_on: today }]);

    const adjustments = await query<{
      staff_id: number;
      amount_fen: number;
      commission_fen: number;
      share_bp: number;
      status: string;
      kind: string;
    }>(
      t,
      'select staff_id, amount_fen, commission_fen, share_bp, status, kind from performance_records where after_sale_id = $1 order by id',
      [id],
    );
    const parts = splitByShares(-3000, [3334, 3333, 3333]);
    expect(adjustments).toEqual(
      threeWay().map((s, i) => ({
        staff_id: s.staffId,
        amount_fen: parts[i],
        commission_fen: commissionFen(parts[i], staff[i].rate),
        share_bp: s.shareBp,
        status: 'pending',
        kind: 'adjustment',
      })),
    );
    expect(adjustments.reduce((s, a) => s + a.amount_fen, 0)).toBe(-3000);

    const [notice] = await query<{ type: string; title: string; content: string }>(
      t,
      `select type, title, content from messages where account_id = $1 and title like '%' || $2 || '%'`,
      [managerAccount, order.orderNo],
    );
    expect(notice).toMatchObject({ type: 'notice', title: expect.stringContaining('已通过') });
    expect(notice.content).toContain('30.00');
    const audits = await query(t, `select 1 from audit_logs where entity = 'after-sale' and entity_id = $1 and action = 'approve'`, [
      String(id),
    ]);
    expect(audits).toHaveLength(1);

    // The rest of the payment: the order is then refunded in full.
    const rest = await afterSaleRequest(t, order, 'refund', 7000);
    expect((await call(admin, 'POST', `/after-sales/${rest}/approve`, {})).status).toBe(200);
    expect(await orderOf(order.orderId)).toEqual({ refunded_fen: 10000, paid_fen: 10000, status: 'refunded' });
  });

  it('posts no adjustment against a sale record finance rejected: a ¥300 refund of a 50/50 order adjusts only the approved half', async () => {
    const halves = [5000, 5000].map((shareBp, i) => ({ staffId: staff[i].id, shareBp }));
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 60000, shares: halves });
    expect((await call(finance, 'POST', `/performance-records/${order.recordIds[0]}/approve`, {})).status).toBe(200);
    expect((await call(finance, 'POST', `/performance-records/${order.recordIds[1]}/reject`, { reason: '分成有误' })).status).toBe(200);
    const id = await afterSaleRequest(t, order, 'refund', 30000);
    expect((await call(finance, 'POST', `/after-sales/${id}/approve`, {})).status).toBe(200);

    const adjustments = await query<{ staff_id: number; amount_fen: number }>(
      t,
      'select staff_id, amount_fen from performance_records where after_sale_id = $1 order by id',
      [id],
    );
    expect(adjustments).toEqual([{ staff_id: staff[0].id, amount_fen: -15000 }]);
    // The refund itself is whole: the order and the ledger carry all of it.
    expect((await orderOf(order.orderId)).refunded_fen).toBe(30000);
    expect((await refundEntries(order.orderId)).map((e) => e.amount_fen)).toEqual([-30000]);
  });

  it('adjusts each staff member as their sale record stands: pending and approved get a pending adjustment for review, rejected none', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 90000, shares: threeWay() });
    const [approvedRecord, pendingRecord, rejectedRecord] = order.recordIds;
    expect((await call(finance, 'POST', `/performance-records/${approvedRecord}/approve`, {})).status).toBe(200);
    expect((await call(finance, 'POST', `/performance-records/${rejectedRecord}/reject`, { reason: '分成有误' })).status).toBe(200);
    const id = await afterSaleRequest(t, order, 'refund', 30000);
    expect((await call(finance, 'POST', `/after-sales/${id}/approve`, {})).status).toBe(200);

    const parts = splitByShares(-30000, [3334, 3333, 3333]);
    const adjustments = await query<{ staff_id: number; amount_fen: number; status: string }>(
      t,
      'select staff_id, amount_fen, status from performance_records where after_sale_id = $1 order by id',
      [id],
    );
    expect(adjustments).toEqual([
      { staff_id: staff[0].id, amount_fen: parts[0], status: 'pending' },
      { staff_id: staff[1].id, amount_fen: parts[1], status: 'pending' },
    ]);
    // The sale records themselves keep their amounts and decisions.
    const sales = await query<{ id: number; amount_fen: number; status: string }>(
      t,
      'select id, amount_fen, status from performance_records where id = any($1) order by id',
      [[approvedRecord, pendingRecord, rejectedRecord]],
    );
    expect(sales.map((r) => r.status)).toEqual(['approved', 'pending', 'rejected']);
  });

  it('refuses a refund that no longer fits with 409 and keeps it pending, nothing written', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 8000, shares: threeWay() });
    const first = await afterSaleRequest(t, order, 'refund', 5000);
    const second = await afterSaleRequest(t, order, 'refund', 5000);
    expect((await call(finance, 'POST', `/after-sales/${first}/approve`, {})).status).toBe(200);
    const r = await call(finance, 'POST', `/after-sales/${second}/approve`, {});
    expect([r.status, r.body.code]).toEqual([409, 40900]);
    expect(r.body.msg).toContain('30.00');
    expect(await statusOf(second)).toBe('pending');
    expect(await orderOf(order.orderId)).toMatchObject({ refunded_fen: 5000, status: 'partially-refunded' });
    expect(await refundEntries(order.orderId)).toHaveLength(1);
    expect(await query(t, 'select 1 from performance_records where after_sale_id = $1', [second])).toHaveLength(0);
    // It can still be rejected.
    expect((await call(finance, 'POST', `/after-sales/${second}/reject`, { reason: '超出可退金额' })).body.data.status).toBe('rejected');
  });

  it('two reviewers approving two refunds that together exceed the payment: exactly what fits is refunded', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await paidOrder(t, { shopId: shopId(), payableFen: 10000, shares: threeWay() });
      const a = await afterSaleRequest(t, order, 'refund', 6000);
      const b = await afterSaleRequest(t, order, 'refund', 5000);
      const [ra, rb] = await Promise.all([
        call(finance, 'POST', `/after-sales/${a}/approve`, {}),
        call(admin, 'POST', `/after-sales/${b}/approve`, {}),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      const won = ra.status === 200 ? { id: a, fen: 6000 } : { id: b, fen: 5000 };
      const o = await orderOf(order.orderId);
      expect(o).toMatchObject({ refunded_fen: won.fen, status: 'partially-refunded' });
      expect(o.refunded_fen).toBeLessThanOrEqual(o.paid_fen);
      expect(await refundEntries(order.orderId)).toEqual([expect.objectContaining({ amount_fen: -won.fen, after_sale_id: won.id })]);
      expect(await statusOf(won.id === a ? b : a)).toBe('pending');
    }
  });

  it('one refund approved twice at once is executed once', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 10000, shares: threeWay() });
    const id = await afterSaleRequest(t, order, 'refund', 4000);
    const results = await Promise.all([
      call(finance, 'POST', `/after-sales/${id}/approve`, {}),
      call(admin, 'POST', `/after-sales/${id}/approve`, {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await orderOf(order.orderId)).refunded_fen).toBe(4000);
    expect(await refundEntries(order.orderId)).toHaveLength(1);
    expect(await query(t, 'select 1 from performance_records where after_sale_id = $1', [id])).toHaveLength(3);
  });
});

describe('touch-ups and complaints', () => {
  it('approving a touch-up grants the customer an entitlement valid 30 days', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 5000, shares: threeWay() });
    const id = await afterSaleRequest(t, order, 'touch-up');
    expect((await call(finance, 'POST', `/after-sales/${id}/approve`, { note: '安排补色' })).status).toBe(200);
    const [[e], [o]] = await Promise.all([
      query<{ source: string; status: string; customer_id: number; days: number; shop_id: number }>(
        t,
        `select source, status, customer_id, shop_id, extract(epoch from valid_until - valid_from) / 86400 as days from
          touch_up_entitlements where after_sale_id = $1`,
        [id],
      ),
      query<{ customer_id: number; refunded_fen: number }>(t, 'select customer_id, refunded_fen from orders where id = $1', [
        order.orderId,
      ]),
    ]);
    expect(e).toMatchObject({ source: 'after-sale', status: 'available', customer_id: o.customer_id, shop_id: shopId() });
    expect(Number(e.days)).toBeCloseTo(AFTER_SALE_TOUCH_UP_DAYS, 3);
    expect(o.refunded_fen).toBe(0);
  });

  it('a walk-in order has no customer to grant a touch-up to: 409', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 5000, shares: threeWay(), customerId: null });
    const id = await afterSaleRequest(t, order, 'touch-up');
    expect((await call(finance, 'POST', `/after-sales/${id}/approve`, {})).status).toBe(409);
    expect(await statusOf(id)).toBe('pending');
  });

  it('approving a complaint records the note', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 5000, shares: threeWay() });
    const id = await afterSaleRequest(t, order, 'complaint');
    const r = await call(admin, 'POST', `/after-sales/${id}/approve`, { note: '已电话回访' });
    expect(r.body.data).toMatchObject({ status: 'approved', reviewNote: '已电话回访' });
    expect(await query(t, 'select 1 from ledger_entries where after_sale_id = $1', [id])).toHaveLength(0);
  });
});

describe('rejecting', () => {
  it('needs a reason of at most 200 characters, tells the shop, and is final', async () => {
    const order = await paidOrder(t, { shopId: shopId(), payableFen: 5000, shares: threeWay() });
    const id = await afterSaleRequest(t, order, 'refund', 1000);
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(201) }]) {
      const r = await call(finance, 'POST', `/after-sales/${id}/reject`, body);
      expect([r.status, invalidFields(r)]).toEqual([400, ['reason']]);
    }
    const r = await call(finance, 'POST', `/after-sales/${id}/reject`, { reason: '照片不清楚' });
    expect(r.body.data).toMatchObject({ status: 'rejected', rejectReason: '照片不清楚' });
    const [notice] = await query<{ title: string; content: string }>(
      t,
      `select title, content from messages where account_id = $1 and title like '%' || $2 || '%'`,
      [managerAccount, order.orderNo],
    );
    expect(notice.title).toContain('已驳回');
    expect(notice.content).toContain('照片不清楚');
    expect((await call(finance, 'POST', `/after-sales/${id}/approve`, {})).status).toBe(409);
    expect((await orderOf(order.orderId)).refunded_fen).toBe(0);
  });

  it('answers 404 for a request that does not exist', async () => {
    expect((await call(finance, 'POST', '/after-sales/999999/approve', {})).status).toBe(404);
  });
});

describe('through the checkstand calls', () => {
  it('a paid order, a refund request and its approval: the adjustments mirror the sale records', async () => {
    const [program] = await query<{ id: number }>(
      t,
      `select id from programs where status = 'on' and price_fen >= 10000 order by id limit 1`,
    );
    const [customer] = await query<{ id: number }>(t, 'select id from customers where shop_id = $1 order by id limit 1', [shopId()]);
    const order = await paidOrderThroughApi(t, manager, {
      customerId: customer.id,
      lines: [{ programId: program.id, quantity: 1 }],
      staffShares: threeWay(),
    });
    const sales = await query<{ staff_id: number; amount_fen: number; commission_rate_bp: number }>(
      t,
      `select staff_id, amount_fen, commission_rate_bp from performance_records where order_id = $1 and kind = 'sale' order by id`,
      [order.id],
    );
    expect(sales.reduce((s, r) => s + r.amount_fen, 0)).toBe(order.payableFen);

    const request = await poster(t)(
      manager,
      '/after-sales',
      { orderId: order.id, type: 'refund', amountFen: order.paidFen, reason: '客户要求全额退款' },
      `refund-${order.id}`,
    );
    expect(request.body.code, request.raw).toBe(0);
    const approved = await call(finance, 'POST', `/after-sales/${request.body.data.id}/approve`, { note: '全额退款' });
    expect(approved.body.data.status).toBe('approved');

    const read = await call(manager, 'GET', `/orders/${order.id}`);
    expect(read.body.data).toMatchObject({ status: 'refunded', refundedFen: order.paidFen });
    const adjustments = await query<{ staff_id: number; amount_fen: number; commission_rate_bp: number }>(
      t,
      `select staff_id, amount_fen, commission_rate_bp from performance_records where order_id = $1 and kind = 'adjustment' order by id`,
      [order.id],
    );
    expect(adjustments).toEqual(sales.map((s) => ({ ...s, amount_fen: -s.amount_fen })));
    const ledger = await call(manager, 'GET', `/ledger?orderId=${order.id}`);
    expect((ledger.body.data as { category: string; amountFen: number }[]).map((e) => [e.category, e.amountFen]).sort()).toEqual(
      [
        ['refund', -order.paidFen],
        ['service', order.paidFen],
      ].sort(),
    );
    // Nothing more can be requested or approved on a refunded order.
    const more = await poster(t)(
      manager,
      '/after-sales',
      { orderId: order.id, type: 'refund', amountFen: 1, reason: '再退' },
      `refund-more-${order.id}`,
    );
    expect(more.status).not.toBe(200);
  });
});
