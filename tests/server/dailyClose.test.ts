import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { query } from './support/authCalls';
import { ADMIN, FINANCE, MANAGER_1, invalidFields, rest } from './support/restCalls';
import { poster } from './support/checkout';
import { lockShopDays } from '../../server/dailyClose/businessDay';
import { API } from '../../contract/api';
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/order';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { CLOSE_ENTRY_KINDS, type CloseEntry, type CloseMethodLine } from '../../contract/dailyClose';

let t: TestContext;
let call: ReturnType<typeof rest>;
let finance: string;
let admin: string;
let manager: string;
let shopId: number;
let artist: number;
let program: { id: number; priceFen: number };

const DAY_MS = 86_400_000;
const today = () => shanghaiDayOf(Date.now());
const daysAgo = (n: number) => shanghaiDayOf(Date.now() - n * DAY_MS);
const tomorrow = () => shanghaiDayOf(Date.now() + DAY_MS);
const close = (day: string, what = '') => `/daily-closes/${shopId}/${day}${what}`;

/** A shop of its own (the demo shops have money on every day), managed by MANAGER_1 and current in that session. */
beforeAll(async () => {
  ({
    t,
    call,
    tokens: [finance, admin, manager],
  } = await openTestContext([FINANCE, ADMIN, MANAGER_1]));
  [{ id: shopId }] = await query<{ id: number }>(
    t,
    `insert into shops (name, region_code, address, phone, open_time, close_time, status)
     values ('日结测试店', '310104', '日结路 1 号', '021-60000001', '00:00', '23:59', 'open') returning id`,
  );
  [{ id: artist }] = await query<{ id: number }>(
    t,
    `insert into staff (shop_id, name, phone, job, level, hired_at, status, commission_rate_bp)
     values ($1, '日结美容师', '17700009901', 'beautician', '', '2025-01-01', 'active', 1000) returning id`,
    [shopId],
  );
  [program] = await query<{ id: number; priceFen: number }>(
    t,
    `select id, price_fen as "priceFen" from programs where status = 'on' and price_fen >= 100000 order by id limit 1`,
  );
  await query(t, `insert into account_grants (account_id, role, shop_id) values ($1, 'shop-manager', $2)`, [
    t.demo.accountIds[MANAGER_1],
    shopId,
  ]);
  const switched = await poster(t)(manager, API.roleShopChange.slice(API.resourceBase.length), { role: 'shop-manager', shopID: shopId });
  expect(switched.body.code).toBe(0);
});
afterAll(async () => t?.close());

/** A walk-in order of `payableFen` (the program's price less a line discount), paid by `payments`. */
async function paidOrder(payments: { method: PaymentMethod; amountFen: number }[]): Promise<number> {
  const payableFen = payments.reduce((s, p) => s + p.amountFen, 0);
  const made = await call(manager, 'POST', '/orders', {
    lines: [{ programId: program.id, quantity: 1, discountFen: program.priceFen - payableFen }],
    staffShares: [{ staffId: artist, shareBp: 10_000 }],
  });
  expect(made.body, JSON.stringify(made.body)).toMatchObject({ code: 0, data: { payableFen } });
  const paid = await call(manager, 'POST', `/orders/${made.body.data.id}/pay`, { payments });
  expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ code: 0 });
  return made.body.data.id;
}

async function refundRequest(orderId: number, amountFen: number): Promise<number> {
  const r = await call(manager, 'POST', '/after-sales', { orderId, type: 'refund', amountFen, reason: '客户不满意' });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.data.id;
}

/** Every method's line, zero unless given. */
const lines = (given: Partial<Record<PaymentMethod, Partial<CloseMethodLine>>>): CloseMethodLine[] =>
  PAYMENT_METHODS.map((method) => ({ method, inFen: 0, refundFen: 0, expenseFen: 0, statementFen: null, ...given[method] }));

describe('a worked day of one shop', () => {
  let orderCash: number;
  let orderSplit: number;
  /** The customer's stored-value card and the service she paid with it today. */
  let holder: number;
  let cardId: number;
  let paidByCard: number;

  it('yesterday: an empty day closed with ¥200 put in the drawer as the float, confirmed by finance', async () => {
    const day = daysAgo(1);
    const noReason = await call(manager, 'POST', close(day, '/submit'), { countedCashFen: 20_000, floatFen: 20_000 });
    expect([noReason.status, invalidFields(noReason)]).toEqual([400, ['reason']]);
    expect(noReason.body.msg).toContain('长款');
    const r = await call(manager, 'POST', close(day, '/submit'), { countedCashFen: 20_000, floatFen: 20_000, reason: '放入备用金' });
    expect(r.body.data).toMatchObject({ status: 'submitted', expectedCashFen: 0, differenceFen: 20_000, hasDifference: true });
    expect((await call(finance, 'POST', close(day, '/confirm'), {})).body.data).toMatchObject({
      status: 'confirmed',
      confirmedBy: expect.any(String),
    });
  });

  it('today: three methods, a split refund, a card sale, a stored-value payment and its refund, a cash expense and rent by bank card add up to the fen', async () => {
    orderCash = await paidOrder([{ method: 'cash', amountFen: 30_000 }]);
    orderSplit = await paidOrder([
      { method: 'wechat', amountFen: 20_000 },
      { method: 'alipay', amountFen: 30_000 },
    ]);
    await paidOrder([{ method: 'card', amountFen: 80_000 }]);

    // ¥400 of the split order back: ¥200 to WeChat, ¥200 to Alipay.
    const refund = await refundRequest(orderSplit, 40_000);
    const unnamed = await call(finance, 'POST', `/after-sales/${refund}/approve`, {});
    expect([unnamed.status, invalidFields(unnamed)]).toEqual([400, ['channels']]);
    expect(unnamed.body.msg).toContain('退款渠道');
    const approved = await call(finance, 'POST', `/after-sales/${refund}/approve`, {
      channels: [
        { method: 'wechat', amountFen: 20_000 },
        { method: 'alipay', amountFen: 20_000 },
      ],
    });
    expect(approved.body.data.refundChannels).toEqual([
      { method: 'wechat', amountFen: 20_000 },
      { method: 'alipay', amountFen: 20_000 },
    ]);
    const entries = await query<{ method: string; amount_fen: number; occurred_on: string }>(
      t,
      `select method, amount_fen, occurred_on::text from ledger_entries where after_sale_id = $1 order by amount_fen, method`,
      [refund],
    );
    expect(entries).toEqual([
      { method: 'alipay', amount_fen: -20_000, occurred_on: today() },
      { method: 'wechat', amount_fen: -20_000, occurred_on: today() },
    ]);

    // A customer buys 充 ¥1,000 送 ¥200 in cash: ¥1,000 into the drawer, ¥1,000 of card sales.
    const customer = await call(manager, 'POST', '/customers', { name: '日结储值客', phone: '13977700001' });
    const plan = await call(admin, 'POST', '/card-plans', {
      name: '日结充1000送200',
      kind: 'stored-value',
      priceFen: 100_000,
      bonusFen: 20_000,
    });
    const staffShares = [{ staffId: artist, shareBp: 10_000 }];
    const sale = await call(manager, 'POST', '/orders', {
      customerId: customer.body.data.id,
      lines: [{ cardPlanId: plan.body.data.id, quantity: 1 }],
      staffShares,
    });
    const sold = await call(manager, 'POST', `/orders/${sale.body.data.id}/pay`, { payments: [{ method: 'cash', amountFen: 100_000 }] });
    expect(sold.body, JSON.stringify(sold.body)).toMatchObject({ code: 0 });
    holder = customer.body.data.id;
    cardId = sold.body.data.lines[0].cardId;
    // She pays a ¥300 service with the card: 300 × 1000 / 1200 = 250 principal, 300 × 200 / 1200 = 50 bonus.
    const service = await call(manager, 'POST', '/orders', {
      customerId: customer.body.data.id,
      lines: [{ programId: program.id, quantity: 1, discountFen: program.priceFen - 30_000 }],
      staffShares,
    });
    const spent = await call(manager, 'POST', `/orders/${service.body.data.id}/pay`, {
      payments: [{ method: 'stored-value', amountFen: 30_000, cardId }],
    });
    expect(spent.body.data.payments[0]).toMatchObject({ principalFen: 25_000, bonusFen: 5_000 });
    paidByCard = service.body.data.id;
    // ¥100 of it back onto the card (the order's one method, so no channel named): 100 × 250 / 300 =
    // 83.333… and 100 × 50 / 300 = 16.666…, floors 83.33 + 16.66, the last fen to the larger remainder
    // (bonus): ¥83.33 principal + ¥16.67 bonus. No money leaves the shop: no ledger entry, not in the drawer.
    const back = await call(finance, 'POST', `/after-sales/${await refundRequest(service.body.data.id, 10_000)}/approve`, {});
    expect(back.body.data.refundChannels).toEqual([{ method: 'stored-value', amountFen: 10_000, cardId }]);
    const [card] = await query<{ principal_fen: number; bonus_fen: number }>(
      t,
      `select principal_fen, bonus_fen from member_cards where id = $1`,
      [cardId],
    );
    // 1000 − 250 + 83.33 = 833.33; 200 − 50 + 16.67 = 166.67.
    expect(card).toEqual({ principal_fen: 83_333, bonus_fen: 16_667 });
    const [{ n: cardRefundEntries }] = await query<{ n: number }>(t, `select count(*)::int as n from ledger_entries where order_id = $1`, [
      service.body.data.id,
    ]);
    expect(cardRefundEntries).toBe(0);

    const expense = { type: 'expense', category: 'materials', amountFen: 5_000, occurredOn: today(), note: '一次性耗材' };
    expect((await call(manager, 'POST', '/ledger', expense)).body.data).toMatchObject({ method: 'cash' });
    const rent = { type: 'expense', category: 'rent', amountFen: 100_000, occurredOn: today(), method: 'card', note: '房租' };
    expect((await call(manager, 'POST', '/ledger', rent)).body.data).toMatchObject({ method: 'card' });

    const r = await call(manager, 'GET', close(today()));
    expect(r.body.data).toMatchObject({
      shopId,
      day: today(),
      status: 'open',
      byMethod: lines({
        // 300 for a service + 1000 for the card.
        cash: { inFen: 130_000, expenseFen: 5_000 },
        wechat: { inFen: 20_000, refundFen: 20_000 },
        alipay: { inFen: 30_000, refundFen: 20_000 },
        card: { inFen: 80_000, expenseFen: 100_000 },
        'stored-value': { inFen: 30_000, refundFen: 10_000 },
      }),
      cardSalesFen: 100_000,
      cashExpenseFen: 5_000,
      openingFloatFen: 20_000,
      // 200 float + 1300 cash in − 0 cash refunds − 50 cash expense; stored value is not in the drawer.
      expectedCashFen: 145_000,
      countedCashFen: null,
    });
  });

  it('every figure opens the movements it sums: orders paid by the method, ledger entries, refunds through the channel or onto the card', async () => {
    const { byMethod } = (await call(manager, 'GET', close(today()))).body.data as { byMethod: CloseMethodLine[] };
    for (const line of byMethod) {
      for (const kind of CLOSE_ENTRY_KINDS) {
        const r = await call(manager, 'GET', close(today(), `/entries?method=${line.method}&kind=${kind}`));
        const sum = (r.body.data as CloseEntry[]).reduce((s, e) => s + e.amountFen, 0);
        expect(sum, `${line.method} ${kind}`).toBe(line[`${kind}Fen`]);
      }
    }
    const storedIn = (await call(manager, 'GET', close(today(), '/entries?method=stored-value&kind=in'))).body.data;
    expect(storedIn).toEqual([expect.objectContaining({ source: 'order', id: paidByCard, orderId: paidByCard, amountFen: 30_000 })]);
    const storedBack = (await call(manager, 'GET', close(today(), '/entries?method=stored-value&kind=refund'))).body.data;
    expect(storedBack).toEqual([
      expect.objectContaining({ source: 'card', orderId: paidByCard, amountFen: 10_000, orderNo: expect.any(String) }),
    ]);
    const wechatBack = (await call(manager, 'GET', close(today(), '/entries?method=wechat&kind=refund'))).body.data;
    expect(wechatBack).toEqual([expect.objectContaining({ source: 'ledger', orderId: orderSplit, amountFen: 20_000 })]);

    const wrong = await call(manager, 'GET', close(today(), '/entries?method=cheque&kind=in'));
    expect([wrong.status, invalidFields(wrong)]).toEqual([400, ['method']]);
    expect(wrong.body.msg).toContain('收款方式');
    expect((await call(manager, 'GET', `/daily-closes/${t.demo.shopIds[2]}/${today()}/entries?method=cash&kind=in`)).status).toBe(404);
    expect((await call(finance, 'GET', close(today(), '/entries?method=cash&kind=expense'))).body.data).toHaveLength(1);
  });

  it('refuses a refund through a method that did not pay, or more than a method has left', async () => {
    const wrongMethod = await refundRequest(orderCash, 10_000);
    const r = await call(finance, 'POST', `/after-sales/${wrongMethod}/approve`, { channels: [{ method: 'wechat', amountFen: 10_000 }] });
    expect([r.status, invalidFields(r)]).toEqual([400, ['channels']]);
    expect(r.body.msg).toContain('退款渠道微信不是该订单的收款方式');
    const tooMuch = await refundRequest(orderSplit, 5_000);
    const over = await call(finance, 'POST', `/after-sales/${tooMuch}/approve`, { channels: [{ method: 'wechat', amountFen: 5_000 }] });
    expect([over.status, invalidFields(over)]).toEqual([400, ['channels']]);
    const short = await call(finance, 'POST', `/after-sales/${tooMuch}/approve`, { channels: [{ method: 'alipay', amountFen: 4_000 }] });
    expect([short.status, short.body.msg]).toEqual([400, expect.stringContaining('须等于退款金额')]);
    const toCard = await call(finance, 'POST', `/after-sales/${tooMuch}/approve`, {
      channels: [{ method: 'alipay', amountFen: 5_000, cardId: 1 }],
    });
    expect([toCard.status, invalidFields(toCard)]).toEqual([400, ['channels']]);
    // Nothing was refunded by the refusals: both requests wait, the day is as it was.
    const [{ n }] = await query<{ n: number }>(t, `select count(*)::int as n from after_sales where id = any($1) and status = 'pending'`, [
      [wrongMethod, tooMuch],
    ]);
    expect(n).toBe(2);
    expect((await call(manager, 'GET', close(today()))).body.data.expectedCashFen).toBe(145_000);
    for (const id of [wrongMethod, tooMuch]) await call(manager, 'POST', `/after-sales/${id}/withdraw`, {});
  });

  it('submits with ¥10 short and a reason; the statements that agree make no difference of their own', async () => {
    const body = {
      countedCashFen: 144_000,
      floatFen: 30_000,
      statements: [
        { method: 'wechat', amountFen: 0 },
        { method: 'alipay', amountFen: 10_000 },
        { method: 'card', amountFen: 80_000 },
      ],
    };
    const noReason = await call(manager, 'POST', close(today(), '/submit'), body);
    expect([noReason.status, invalidFields(noReason), noReason.body.msg]).toEqual([400, ['reason'], expect.stringContaining('短款')]);
    const r = await call(manager, 'POST', close(today(), '/submit'), { ...body, reason: '找零多找了 10 元' });
    expect(r.body.data).toMatchObject({
      status: 'submitted',
      expectedCashFen: 145_000,
      countedCashFen: 144_000,
      differenceFen: -1_000,
      hasDifference: true,
      floatFen: 30_000,
      reason: '找零多找了 10 元',
      byMethod: lines({
        cash: { inFen: 130_000, expenseFen: 5_000 },
        wechat: { inFen: 20_000, refundFen: 20_000, statementFen: 0 },
        alipay: { inFen: 30_000, refundFen: 20_000, statementFen: 10_000 },
        card: { inFen: 80_000, expenseFen: 100_000, statementFen: 80_000 },
        'stored-value': { inFen: 30_000, refundFen: 10_000 },
      }),
    });
    const again = await call(manager, 'POST', close(today(), '/submit'), { ...body, reason: '再交一次' });
    expect([again.status, again.body.code]).toEqual([409, 40900]);
    const audits = await query(t, `select 1 from audit_logs where entity = 'daily-close' and entity_id = $1 and action = 'submit'`, [
      String(r.body.data.id),
    ]);
    expect(audits).toHaveLength(1);
  });

  it('a payment after the submit belongs to the next day and leaves the submitted day as it was; so does a refund', async () => {
    const late = await paidOrder([{ method: 'cash', amountFen: 10_000 }]);
    const [entry] = await query<{ occurred_on: string }>(
      t,
      `select occurred_on::text from ledger_entries where order_id = $1 and category = 'service'`,
      [late],
    );
    expect(entry.occurred_on).toBe(tomorrow());
    const refund = await refundRequest(late, 2_000);
    expect((await call(finance, 'POST', `/after-sales/${refund}/approve`, {})).body.data.refundChannels).toEqual([
      { method: 'cash', amountFen: 2_000 },
    ]);
    expect((await call(manager, 'GET', close(today()))).body.data).toMatchObject({ status: 'submitted', expectedCashFen: 145_000 });
    expect((await call(manager, 'GET', close(tomorrow()))).body.data).toMatchObject({
      status: 'open',
      openingFloatFen: 30_000,
      byMethod: lines({ cash: { inFen: 10_000, refundFen: 2_000 } }),
      // 300 float + 100 in − 20 refunded.
      expectedCashFen: 38_000,
    });
    // A hand entry on the fixed day is refused: its correction goes on an open day.
    const onFixed = await call(manager, 'POST', '/ledger', { type: 'expense', category: 'other', amountFen: 100, occurredOn: today() });
    expect([onFixed.status, onFixed.body.code]).toEqual([409, 40900]);
  });

  it("an order paid wholly by stored value after the submit lands on the next day's 储值卡 line; the submitted day keeps what it stored", async () => {
    const service = await call(manager, 'POST', '/orders', {
      customerId: holder,
      lines: [{ programId: program.id, quantity: 1, discountFen: program.priceFen - 20_000 }],
      staffShares: [{ staffId: artist, shareBp: 10_000 }],
    });
    const paid = await call(manager, 'POST', `/orders/${service.body.data.id}/pay`, {
      payments: [{ method: 'stored-value', amountFen: 20_000, cardId }],
    });
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ code: 0 });
    // No money moved, so no ledger entry: the order itself carries the day it counts on.
    const [order] = await query<{ business_day: string; entries: number }>(
      t,
      `select business_day::text, (select count(*)::int from ledger_entries where order_id = $1) as entries from orders where id = $1`,
      [service.body.data.id],
    );
    expect(order).toEqual({ business_day: tomorrow(), entries: 0 });
    const fixed = (await call(manager, 'GET', close(today()))).body.data;
    expect(fixed).toMatchObject({ status: 'submitted', expectedCashFen: 145_000 });
    expect(fixed.byMethod.find((l: CloseMethodLine) => l.method === 'stored-value')).toMatchObject({ inFen: 30_000, refundFen: 10_000 });
    expect((await call(manager, 'GET', close(tomorrow()))).body.data).toMatchObject({
      status: 'open',
      byMethod: lines({ cash: { inFen: 10_000, refundFen: 2_000 }, 'stored-value': { inFen: 20_000 } }),
      // Stored value is outside the drawer.
      expectedCashFen: 38_000,
    });
  });

  it("a refund back onto the card approved after the submit lands on the next day's 储值卡 refund line, though its order counts on the submitted day", async () => {
    const back = await call(finance, 'POST', `/after-sales/${await refundRequest(paidByCard, 5_000)}/approve`, {});
    expect(back.body.data.refundChannels).toEqual([{ method: 'stored-value', amountFen: 5_000, cardId }]);
    const reversals = await query<{ business_day: string; fen: number }>(
      t,
      `select business_day::text, principal_fen + bonus_fen as fen from card_transactions where order_id = $1 and kind = 'reversal' order by id`,
      [paidByCard],
    );
    expect(reversals).toEqual([
      { business_day: today(), fen: 10_000 },
      { business_day: tomorrow(), fen: 5_000 },
    ]);
    const fixed = (await call(manager, 'GET', close(today()))).body.data;
    expect(fixed.byMethod.find((l: CloseMethodLine) => l.method === 'stored-value')).toMatchObject({ inFen: 30_000, refundFen: 10_000 });
    expect((await call(manager, 'GET', close(tomorrow()))).body.data).toMatchObject({
      byMethod: lines({ cash: { inFen: 10_000, refundFen: 2_000 }, 'stored-value': { inFen: 20_000, refundFen: 5_000 } }),
      expectedCashFen: 38_000,
    });
  });

  it('finance returns it with a reason, the manager corrects and submits again, finance confirms; the list and the export show it', async () => {
    const returned = await call(finance, 'POST', close(today(), '/return'), { reason: '请核对现金差异' });
    expect(returned.body.data).toMatchObject({ status: 'returned', returnReason: '请核对现金差异' });
    const reopened = await call(manager, 'GET', close(today()));
    expect(reopened.body.data).toMatchObject({ status: 'returned', countedCashFen: 144_000, expectedCashFen: 145_000 });
    // Computed again, the day still leaves out what moved after it was submitted, stored value too.
    expect(reopened.body.data.byMethod.find((l: CloseMethodLine) => l.method === 'stored-value')).toMatchObject({
      inFen: 30_000,
      refundFen: 10_000,
    });
    const resubmit = await call(manager, 'POST', close(today(), '/submit'), { countedCashFen: 145_000, floatFen: 30_000 });
    expect(resubmit.body.data).toMatchObject({ status: 'submitted', differenceFen: 0, hasDifference: false });
    expect((await call(admin, 'POST', close(today(), '/confirm'), {})).body.data.status).toBe('confirmed');
    const decidedAgain = await call(finance, 'POST', close(today(), '/return'), { reason: '晚了' });
    expect([decidedAgain.status, decidedAgain.body.code]).toEqual([409, 40900]);

    const list = await call(finance, 'GET', `/daily-closes?shopId=${shopId}&day_gte=${daysAgo(1)}&day_lte=${today()}&status=confirmed`);
    expect(list.total).toBe(2);
    expect(list.body.data.map((c: { day: string }) => c.day)).toEqual([today(), daysAgo(1)]);
    const differing = await call(finance, 'GET', `/daily-closes?shopId=${shopId}&hasDifference=true`);
    expect(differing.body.data.map((c: { day: string }) => c.day)).toEqual([daysAgo(1)]);
    const file = await t.app.inject({
      method: 'GET',
      url: `${API.resourceBase}/daily-closes/export?shopId=${shopId}`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('who may close and decide', () => {
  it('a manager reads and closes only the current shop; finance may not submit; a manager may not confirm', async () => {
    const other = t.demo.shopIds[2];
    expect((await call(manager, 'GET', `/daily-closes/${other}/${today()}`)).status).toBe(404);
    expect((await call(manager, 'POST', `/daily-closes/${other}/${daysAgo(3)}/submit`, { countedCashFen: 0, floatFen: 0 })).status).toBe(
      404,
    );
    expect((await call(finance, 'POST', close(daysAgo(3), '/submit'), { countedCashFen: 0, floatFen: 0 })).status).toBe(403);
    expect((await call(manager, 'POST', close(daysAgo(1), '/confirm'), {})).status).toBe(403);
    expect((await call(finance, 'GET', `/daily-closes/${other}/${today()}`)).body.data.shopId).toBe(other);
    const future = await call(manager, 'POST', close(shanghaiDayOf(Date.now() + 2 * DAY_MS), '/submit'), {
      countedCashFen: 0,
      floatFen: 0,
    });
    expect([future.status, invalidFields(future)]).toEqual([400, ['day']]);
  });

  it('two submits of one day at once: one result and one 409; then two confirms at once: the same', async () => {
    const day = daysAgo(3);
    const body = { countedCashFen: 0, floatFen: 0 };
    const submits = await Promise.all([0, 1].map(() => call(manager, 'POST', close(day, '/submit'), body)));
    expect(submits.map((r) => r.status).sort()).toEqual([200, 409]);
    const confirms = await Promise.all([finance, admin].map((token) => call(token, 'POST', close(day, '/confirm'), {})));
    expect(confirms.map((r) => r.status).sort()).toEqual([200, 409]);
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from audit_logs where entity = 'daily-close' and action = 'confirm'
      and entity_id = (select id::text from daily_closes where shop_id = $1 and day = $2)`,
      [shopId, day],
    );
    expect(n).toBe(1);
  });

  it('a pay waits while a close of its shop is being submitted, and goes on once the submit ends', async () => {
    const made = await call(manager, 'POST', '/orders', {
      lines: [{ programId: program.id, quantity: 1 }],
      staffShares: [{ staffId: artist, shareBp: 10_000 }],
    });
    expect(made.body, JSON.stringify(made.body)).toMatchObject({ code: 0 });
    let settled = false;
    const { paying } = await t.database.db.transaction(async (tx) => {
      // What a submit holds while it takes the day's figures.
      await lockShopDays(tx, shopId);
      const paying = call(manager, 'POST', `/orders/${made.body.data.id}/pay`, {
        payments: [{ method: 'cash', amountFen: made.body.data.payableFen }],
      }).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      // Wrapped, so the transaction commits without waiting for the pay it holds up.
      return { paying };
    });
    const pay = await paying;
    expect(pay.body, JSON.stringify(pay.body)).toMatchObject({ code: 0, data: { status: 'paid' } });
  });

  it('Workplace lists a past day with money and no submitted close as overdue', async () => {
    await query(
      t,
      `insert into ledger_entries (shop_id, type, category, amount_fen, method, occurred_on, note) values ($1, 'expense', 'other', 100, 'cash', $2, '补记')`,
      [shopId, daysAgo(2)],
    );
    const mine = await call(manager, 'GET', '/daily-closes/overdue');
    expect(mine.body.data.days).toEqual([{ shopId, shopName: '日结测试店', day: daysAgo(2) }]);
    const all = await call(finance, 'GET', '/daily-closes/overdue');
    expect(all.body.data.days).toContainEqual({ shopId, shopName: '日结测试店', day: daysAgo(2) });
    expect(all.body.data.days.some((d: { shopId: number; day: string }) => d.shopId === shopId && d.day === daysAgo(1))).toBe(false);
  });
});
