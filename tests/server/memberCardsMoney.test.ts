import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { ADMIN, FINANCE, MANAGER_1, MANAGER_3, invalidFields, rest } from './support/restCalls';
import { query } from './support/authCalls';
import { checkoutFixture, poster, type CheckoutFixture } from './support/checkout';
import { daysBefore, graphqlCaller, today } from './support/reportCalls';
import { cardsOffTheirTransactions, createdPlan, soldOrder, storedCard } from './support/cards';
import { expirePackages } from '../../server/cards/expiry';
import type { CardPlan } from '../../contract/cardPlan';
import type { CardLiabilityShop, CardSettlementPair, CardSummary } from '../../contract/cardTransaction';
import type { ShopRank } from '../../contract/report';

let t: TestContext;
let call: ReturnType<typeof rest>;
let post: ReturnType<typeof poster>;
let gql: ReturnType<typeof graphqlCaller>;
let manager1: string;
let manager3: string;
let admin: string;
let finance: string;
let f: CheckoutFixture;
/** A program of ¥100.00 for everyone, so the worked example's amounts are round. */
let care100: number;

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [manager1, manager3, admin, finance],
  } = await openTestContext([MANAGER_1, MANAGER_3, ADMIN, FINANCE]));
  post = poster(t);
  gql = graphqlCaller(t);
  f = await checkoutFixture(t);
  const p = await call(admin, 'POST', '/programs', { name: '卡测护理', priceFen: 10_000, vipPriceFen: 10_000, type: 3 });
  care100 = p.body.data.id;
});
afterAll(async () => t?.close());

const soloShare = () => [{ staffId: f.staff[0], shareBp: 10_000 }];
const shop3Share = () => [{ staffId: f.staffOfShop3, shareBp: 10_000 }];
const cardLine = (plan: CardPlan) => ({ cardPlanId: plan.id, quantity: 1 });
const cardIdOf = (order: { lines: unknown[] }, i = 0) => (order.lines[i] as { cardId: number }).cardId;
let nextPhone = 13_966_000_000;
async function freshCustomer(): Promise<{ id: number; phone: string }> {
  const phone = String(nextPhone++);
  const r = await call(manager1, 'POST', '/customers', { name: `卡客${phone.slice(-3)}`, phone });
  return { id: r.body.data.id, phone };
}
/** An approved refund of `amountFen` from the card `cardId` sold by `orderId`, requested by shop 1. */
async function refundedCard(orderId: number, cardId: number, amountFen: number) {
  const requested = await post(manager1, '/after-sales', { orderId, type: 'refund', amountFen, cardId, reason: '客户退卡' });
  expect(requested.body, JSON.stringify(requested.body)).toMatchObject({ code: 0 });
  const approved = await post(finance, `/after-sales/${requested.body.data.id}/approve`, {});
  expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: 0 });
  return requested.body.data.id as number;
}

type Money = Pick<ShopRank, 'cashFen' | 'consumptionFen' | 'bonusConsumptionFen'>;
async function todaysMoney(): Promise<Map<number, Money>> {
  const r = await gql(admin, `query($d: Date!) { shopRanking(from: $d, to: $d) { shopId cashFen consumptionFen bonusConsumptionFen } }`, {
    d: today(),
  });
  return new Map((r.data.shopRanking as (Money & { shopId: number })[]).map((s) => [s.shopId, s]));
}
async function liability(): Promise<Map<number, CardLiabilityShop>> {
  const r = await gql(finance, `{ cardLiability { shopId shopName principalFen sessionValueFen liabilityFen bonusFen } }`);
  return new Map((r.data.cardLiability as CardLiabilityShop[]).map((s) => [s.shopId, s]));
}
async function settlement(): Promise<CardSettlementPair[]> {
  const r = await gql(
    finance,
    `query($d: Date!) { cardSettlement(from: $d, to: $d) { fromShopId fromShopName toShopId toShopName amountFen } }`,
    {
      d: today(),
    },
  );
  return r.data.cardSettlement;
}
/** What shop `from` owes shop `to` of the pairs (negative: `to` owes `from`). */
const owed = (pairs: CardSettlementPair[], from: number, to: number) =>
  pairs.reduce(
    (s, p) =>
      s + (p.fromShopId === from && p.toShopId === to ? p.amountFen : p.fromShopId === to && p.toShopId === from ? -p.amountFen : 0),
    0,
  );
const delta = (after: Map<number, Money>, before: Map<number, Money>, shopId: number) => {
  const a = after.get(shopId)!;
  const b = before.get(shopId)!;
  return {
    cashFen: a.cashFen - b.cashFen,
    consumptionFen: a.consumptionFen - b.consumptionFen,
    bonusConsumptionFen: a.bonusConsumptionFen - b.bonusConsumptionFen,
  };
};

describe('what the money means: a worked example at shop 1 (A) and shop 3 (B), today', () => {
  it('counts 现金业绩, 消耗业绩, 赠送消耗, the liability and the cross-shop settlement', async () => {
    const A = f.shop1;
    const B = f.shop3;
    const moneyBefore = await todaysMoney();
    const liabilityBefore = await liability();
    const settlementBefore = await settlement();
    const storedValue = await createdPlan(t, admin, { name: '例充5000送800', kind: 'stored-value', priceFen: 500_000, bonusFen: 80_000 });
    const pack = await createdPlan(t, admin, {
      name: '例护理3次',
      kind: 'package',
      priceFen: 1_000,
      programId: care100,
      sessions: 3,
      validDays: 30,
    });
    const c = await freshCustomer();

    // 1. A sells 充5000送800 for ¥5,000.00 cash: principal 500,000, bonus 80,000.
    const sv = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(storedValue)], staffShares: soloShare() });
    const account = cardIdOf(sv);
    // 2. A sells 护理3次 for ¥10.00 cash: 3 sessions worth 1000, 666, 333, 0 fen as they are used.
    const packSale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(pack)], staffShares: soloShare() });
    const packageId = cardIdOf(packSale);
    // 3. A serves ¥100.00: ¥10.00 by card (1000 × 500000/580000 = 862.07 -> 862 principal + 138 bonus) and ¥90.00 cash.
    await soldOrder(t, manager1, { customerId: c.id, lines: [{ programId: care100 }], staffShares: soloShare() }, () => [
      { method: 'stored-value', amountFen: 1_000, cardId: account },
      { method: 'cash', amountFen: 9_000 },
    ]);
    // 4. B looks the customer up and redeems a session: 1000 - 666 = 334.
    await call(manager3, 'GET', `/customers/lookup?phone=${c.phone}`);
    await soldOrder(t, manager3, { customerId: c.id, lines: [{ programId: care100, cardId: packageId }], staffShares: shop3Share() });
    // 5. B serves ¥100.00 all by card: balance 499,138 + 79,862; 10000 × 499138/579000 = 8620.69 -> 8621 principal, 1379 bonus.
    const atB = await soldOrder(t, manager3, { customerId: c.id, lines: [{ programId: care100 }], staffShares: shop3Share() }, () => [
      { method: 'stored-value', amountFen: 10_000, cardId: account },
    ]);
    expect(atB.payments[0]).toMatchObject({ principalFen: 8_621, bonusFen: 1_379, principalLeftFen: 490_517, bonusLeftFen: 78_483 });
    // 6. A refunds the package for ¥6.00 (at most its 2 sessions left: 666): the package closes, its 666 leave the liability.
    await refundedCard(packSale.id, packageId, 600);

    const money = await todaysMoney();
    // A: cash 500,000 + 1,000 + 9,000 - 600 = 509,400; consumption 9,000 cash + 862 principal = 9,862; bonus 138.
    expect(delta(money, moneyBefore, A)).toEqual({ cashFen: 509_400, consumptionFen: 9_862, bonusConsumptionFen: 138 });
    // B: no cash; consumption 334 (session) + 8,621 (principal) = 8,955; bonus 1,379.
    expect(delta(money, moneyBefore, B)).toEqual({ cashFen: 0, consumptionFen: 8_955, bonusConsumptionFen: 1_379 });

    // The liability is A's alone (A sold both cards): principal 500,000 - 862 - 8,621 = 490,517;
    // sessions 1,000 - 334 - 666 = 0; bonus 80,000 - 138 - 1,379 = 78,483 apart.
    const after = await liability();
    const before = liabilityBefore.get(A) ?? { principalFen: 0, sessionValueFen: 0, liabilityFen: 0, bonusFen: 0 };
    const a = after.get(A)!;
    expect({
      principalFen: a.principalFen - before.principalFen,
      sessionValueFen: a.sessionValueFen - before.sessionValueFen,
      liabilityFen: a.liabilityFen - before.liabilityFen,
      bonusFen: a.bonusFen - before.bonusFen,
    }).toEqual({ principalFen: 490_517, sessionValueFen: 0, liabilityFen: 490_517, bonusFen: 78_483 });

    // B served A's cards: A owes B 334 + 8,621 = 8,955.
    expect(owed(await settlement(), A, B) - owed(settlementBefore, A, B)).toBe(8_955);
    expect(await cardsOffTheirTransactions(t)).toBe(0);
  });
});

describe('liability at the end of a past day', () => {
  it('reads the per-day sums the card transactions keep: up to today they equal the cards’ balances', async () => {
    const [{ off }] = await query<{ off: number }>(
      t,
      `select count(*)::int as off from
         (select sold_shop_id as s, sum(principal_fen) as p, sum(bonus_fen) as b,
                 sum(case when kind = 'package' then floor(price_fen::int8 * sessions_left / sessions_total) else 0 end) as v
            from member_cards group by 1) c
         full join (select shop_id as s, sum(principal_fen) as p, sum(bonus_fen) as b, sum(session_value_fen) as v from card_shop_days group by 1) d
           using (s)
       where c.p is distinct from d.p or c.b is distinct from d.b or c.v is distinct from d.v`,
    );
    expect(off).toBe(0);
    // Yesterday's end: every movement of today taken off today's balances.
    const yesterday = daysBefore(today(), 1);
    const r = await gql(finance, `query($at: Date) { cardLiability(at: $at) { shopId principalFen bonusFen sessionValueFen } }`, {
      at: yesterday,
    });
    const [expected] = await query<{ p: number }>(
      t,
      `select coalesce(sum(principal_fen), 0)::int as p from card_transactions
        where sold_shop_id = $1 and created_at < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
      [f.shop1, yesterday],
    );
    const shop1 = (r.data.cardLiability as CardLiabilityShop[]).find((s) => s.shopId === f.shop1);
    expect(shop1?.principalFen ?? 0).toBe(expected.p);
  });
});

describe('refunding a card', () => {
  it('takes at most the principal left; emptying it forfeits the bonus (a transaction says so) and closes the card', async () => {
    const plan = await createdPlan(t, admin, { name: '充10送2', kind: 'stored-value', priceFen: 1_000, bonusFen: 200 });
    const c = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(plan)], staffShares: soloShare() });
    const cardId = cardIdOf(sale);
    // Spend ¥3.00 of 10 + 2: 300 × 1000/1200 = 250 principal, 50 bonus.
    const program = await call(admin, 'POST', '/programs', { name: '卡测三元', priceFen: 300, vipPriceFen: 300, type: 3 });
    await soldOrder(t, manager1, { customerId: c.id, lines: [{ programId: program.body.data.id }], staffShares: soloShare() }, () => [
      { method: 'stored-value', amountFen: 300, cardId },
    ]);
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 750, bonusFen: 150 });

    const tooMuch = await post(manager1, '/after-sales', { orderId: sale.id, type: 'refund', amountFen: 751, cardId, reason: '退卡' });
    expect(invalidFields(tooMuch)).toEqual(['amountFen']);
    const afterSaleId = await refundedCard(sale.id, cardId, 750);

    expect(await storedCard(t, cardId)).toEqual({ principalFen: 0, bonusFen: 0, sessionsLeft: null, status: 'refunded' });
    const history = await query<{ kind: string; principal_fen: number; bonus_fen: number; money_fen: number; after_sale_id: number }>(
      t,
      `select kind, principal_fen, bonus_fen, money_fen, after_sale_id from card_transactions where card_id = $1 and after_sale_id is not null order by id`,
      [cardId],
    );
    expect(history).toEqual([
      { kind: 'refund', principal_fen: -750, bonus_fen: 0, money_fen: -750, after_sale_id: afterSaleId },
      { kind: 'bonus-forfeit', principal_fen: 0, bonus_fen: -150, money_fen: 0, after_sale_id: afterSaleId },
    ]);
    const [refund] = await query<{ amount_fen: number }>(t, `select amount_fen from ledger_entries where after_sale_id = $1`, [
      afterSaleId,
    ]);
    expect(refund.amount_fen).toBe(-750);
    // A new sale opens a new account: the refunded one stays closed.
    const again = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(plan)], staffShares: soloShare() });
    expect(cardIdOf(again)).not.toBe(cardId);
  });

  it('keeps a card’s money out of a refund that names no card', async () => {
    const plan = await createdPlan(t, admin, { name: '充20', kind: 'stored-value', priceFen: 2_000 });
    const c = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(plan)], staffShares: soloShare() });
    const noCard = await post(manager1, '/after-sales', { orderId: sale.id, type: 'refund', amountFen: 1, reason: '退款' });
    expect(invalidFields(noCard)).toEqual(['amountFen']);
  });
});

describe('refunding back to stored value', () => {
  type Reversal = { kind: string; principal_fen: number; bonus_fen: number; money_fen: number };
  const reversals = (orderId: number) =>
    query<Reversal>(
      t,
      `select kind, principal_fen, bonus_fen, money_fen from card_transactions where order_id = $1 and kind = 'reversal' order by id`,
      [orderId],
    );
  const requested = async (orderId: number, amountFen: number) => {
    const r = await post(manager1, '/after-sales', { orderId, type: 'refund', amountFen, reason: '客户不满意' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
    return r.body.data.id as number;
  };

  /** A card of 10.00 + 2.00 and an order of 5.33 paid 3.33 by it and 2.00 in cash. */
  async function paidPartlyByCard() {
    const plan = await createdPlan(t, admin, { name: '充10送2回卡', kind: 'stored-value', priceFen: 1_000, bonusFen: 200 });
    const c = await freshCustomer();
    const cardId = cardIdOf(await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(plan)], staffShares: soloShare() }));
    const program = await call(admin, 'POST', '/programs', { name: `回卡${c.phone.slice(-4)}`, priceFen: 533, vipPriceFen: 533, type: 3 });
    const order = await soldOrder(
      t,
      manager1,
      { customerId: c.id, lines: [{ programId: program.body.data.id }], staffShares: soloShare() },
      () => [
        { method: 'stored-value', amountFen: 333, cardId },
        { method: 'cash', amountFen: 200 },
      ],
    );
    // 333 over 1000 : 200 = 277.5 + 55.5; the tie goes to principal: 278 + 55.
    expect(order.payments[0]).toMatchObject({ principalFen: 278, bonusFen: 55 });
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 722, bonusFen: 145 });
    return { order, cardId };
  }

  it('puts principal and bonus back as the payment took them, exact to the fen, and never more than it took', async () => {
    const { order, cardId } = await paidPartlyByCard();
    const first = await requested(order.id, 100);
    const proposed = await post(finance, `/after-sales/${first}/approve`, { channels: [{ method: 'stored-value', amountFen: 100 }] });
    expect(proposed.body, JSON.stringify(proposed.body)).toMatchObject({ code: 0 });
    // The channel keeps the card that paid.
    expect(proposed.body.data.refundChannels).toEqual([{ method: 'stored-value', amountFen: 100, cardId }]);
    // 100 of 278 : 55 = 83.48 + 16.52 -> 83 + 16, the fen left to the larger remainder (bonus): 83 + 17.
    expect(await reversals(order.id)).toEqual([{ kind: 'reversal', principal_fen: 83, bonus_fen: 17, money_fen: 0 }]);
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 805, bonusFen: 162 });

    const second = await requested(order.id, 433);
    const over = await post(finance, `/after-sales/${second}/approve`, {
      channels: [
        { method: 'stored-value', amountFen: 300, cardId },
        { method: 'cash', amountFen: 133 },
      ],
    });
    expect([over.status, invalidFields(over)]).toEqual([400, ['channels']]);
    expect(over.body.msg).toBe('退款渠道储值卡 ¥3.00 超过该方式可退 ¥2.33');
    const otherCard = await post(finance, `/after-sales/${second}/approve`, {
      channels: [
        { method: 'stored-value', amountFen: 233, cardId: cardId + 100_000 },
        { method: 'cash', amountFen: 200 },
      ],
    });
    expect([otherCard.status, invalidFields(otherCard)]).toEqual([400, ['channels']]);
    const approved = await post(finance, `/after-sales/${second}/approve`, {
      channels: [
        { method: 'stored-value', amountFen: 233, cardId },
        { method: 'cash', amountFen: 200 },
      ],
    });
    expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: 0 });
    // All 333 back: 278 : 55 over everything returned, less the 83 + 17 already back = 195 + 38.
    expect(await reversals(order.id)).toEqual([
      { kind: 'reversal', principal_fen: 83, bonus_fen: 17, money_fen: 0 },
      { kind: 'reversal', principal_fen: 195, bonus_fen: 38, money_fen: 0 },
    ]);
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 1_000, bonusFen: 200, status: 'active' });
    // Only the cash left the shop: one ledger entry, none for the stored value.
    const book = await query<{ method: string; amount_fen: number }>(
      t,
      `select method, amount_fen from ledger_entries where order_id = $1 and category = 'refund' order by id`,
      [order.id],
    );
    expect(book).toEqual([{ method: 'cash', amount_fen: -200 }]);
    expect((await call(manager1, 'GET', `/orders/${order.id}`)).body.data).toMatchObject({ refundedFen: 533, status: 'refunded' });
    expect(await cardsOffTheirTransactions(t)).toBe(0);
  });

  it('takes the card’s row lock: two refunds of one order approved at once still put back exactly what was taken', async () => {
    const { order, cardId } = await paidPartlyByCard();
    const a = await requested(order.id, 111);
    const b = await requested(order.id, 222);
    const both = await Promise.all(
      [
        [a, 111],
        [b, 222],
      ].map(([id, amountFen]) =>
        post(finance, `/after-sales/${id}/approve`, { channels: [{ method: 'stored-value', amountFen, cardId }] }),
      ),
    );
    expect(both.map((r) => r.body.code)).toEqual([0, 0]);
    const back = await reversals(order.id);
    expect(back.reduce((s, r) => s + r.principal_fen, 0)).toBe(278);
    expect(back.reduce((s, r) => s + r.bonus_fen, 0)).toBe(55);
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 1_000, bonusFen: 200 });
    expect(await cardsOffTheirTransactions(t)).toBe(0);
  });

  it('puts nothing back onto a card closed by a card refund since (409), and the request stays pending', async () => {
    const { order, cardId } = await paidPartlyByCard();
    const request = await requested(order.id, 333);
    const [sale] = await query<{ order_id: number }>(t, `select order_id from member_cards where id = $1`, [cardId]);
    await refundedCard(sale.order_id, cardId, 722);
    const r = await post(finance, `/after-sales/${request}/approve`, { channels: [{ method: 'stored-value', amountFen: 333, cardId }] });
    expect([r.status, r.body.msg]).toEqual([409, expect.stringContaining('不能退回储值卡')]);
    expect(await reversals(order.id)).toEqual([]);
  });
});

describe('expiry', () => {
  it('closes a package past its validity with sessions left: a transaction of kind expiry, its value counted as 过期收入', async () => {
    const plan = await createdPlan(t, admin, {
      name: '短期2次',
      kind: 'package',
      priceFen: 999,
      programId: care100,
      sessions: 2,
      validDays: 1,
    });
    const c = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(plan)], staffShares: soloShare() });
    const cardId = cardIdOf(sale);
    const summaryBefore: CardSummary = (await call(finance, 'GET', `/card-transactions/summary?from=${today()}&to=${today()}`)).body.data;
    expect(await expirePackages(t.database.db, Date.now() - 3_600_000)).toBe(0);
    expect(await expirePackages(t.database.db, Date.now() + 2 * 86_400_000)).toBeGreaterThanOrEqual(1);
    expect(await storedCard(t, cardId)).toMatchObject({ sessionsLeft: 0, status: 'expired' });
    const [expiry] = await query<{ kind: string; sessions: number; session_value_fen: number; shop_id: number }>(
      t,
      `select kind, sessions, session_value_fen, shop_id from card_transactions where card_id = $1 and kind = 'expiry'`,
      [cardId],
    );
    expect(expiry).toEqual({ kind: 'expiry', sessions: -2, session_value_fen: -999, shop_id: f.shop1 });
    const summary: CardSummary = (await call(finance, 'GET', `/card-transactions/summary?from=${today()}&to=${today()}`)).body.data;
    const expiryOf = (s: CardSummary) => s.figures.find((x) => x.shopId === f.shop1)?.expiryFen ?? 0;
    expect(expiryOf(summary) - expiryOf(summaryBefore)).toBe(999);
    // A second pass finds nothing more to close.
    expect(await expirePackages(t.database.db, Date.now() + 2 * 86_400_000)).toBe(0);
    const redeem = await post(manager1, '/orders', { customerId: c.id, lines: [{ programId: care100, cardId }], staffShares: soloShare() });
    expect(redeem.status).toBe(409);
  });
});

describe('finance page and export', () => {
  it('answers the summary and the export to admin and finance only', async () => {
    expect((await call(manager1, 'GET', `/card-transactions/summary?from=${today()}&to=${today()}`)).status).toBe(403);
    const bad = await call(finance, 'GET', `/card-transactions/summary?from=${today()}&to=2000-01-01`);
    expect(invalidFields(bad)).toEqual(['to']);
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/beer/backstage/card-transactions/export?kind=spend&kind=session`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(sheet.statusCode).toBe(200);
    const managerSheet = await t.app.inject({
      method: 'GET',
      url: `/api/beer/backstage/card-transactions/export`,
      headers: { authorization: `Bearer ${manager1}` },
    });
    expect(managerSheet.statusCode).toBe(403);
  });
});
