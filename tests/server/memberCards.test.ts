import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { ADMIN, FINANCE, MANAGER_1, MANAGER_3, invalidFields, rest } from './support/restCalls';
import { query } from './support/authCalls';
import { checkoutFixture, createdOrder, poster, type CheckoutFixture } from './support/checkout';
import { cardsOffTheirTransactions, createdPlan, soldOrder, storedCard } from './support/cards';
import type { CardPlan } from '../../contract/cardPlan';
import type { MemberCard } from '../../contract/memberCard';
import { isCardLine, programLines } from '../../contract/order';

let t: TestContext;
let call: ReturnType<typeof rest>;
let post: ReturnType<typeof poster>;
let manager1: string;
let manager3: string;
let admin: string;
let finance: string;
let f: CheckoutFixture;
let topUp: CardPlan;
let lipPackage: CardPlan;

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [manager1, manager3, admin, finance],
  } = await openTestContext([MANAGER_1, MANAGER_3, ADMIN, FINANCE]));
  post = poster(t);
  f = await checkoutFixture(t);
  // 充 5000 送 800.
  topUp = await createdPlan(t, admin, { name: '充5000送800', kind: 'stored-value', priceFen: 500_000, bonusFen: 80_000 });
  lipPackage = await createdPlan(t, admin, {
    name: '护理3次',
    kind: 'package',
    priceFen: 1_000,
    programId: f.facial.id,
    sessions: 3,
    validDays: 90,
  });
});
afterAll(async () => t?.close());

const soloShare = () => [{ staffId: f.staff[0], shareBp: 10_000 }];
const cardLine = (plan: CardPlan) => ({ cardPlanId: plan.id, quantity: 1 });
/** A customer of shop 1 of their own, so each test starts with no cards. */
let nextPhone = 13_977_000_000;
async function freshCustomer(token = manager1): Promise<{ id: number; phone: string }> {
  const phone = String(nextPhone++);
  const r = await call(token, 'POST', '/customers', { name: `持卡${phone.slice(-3)}`, phone });
  expect(r.body.code).toBe(0);
  return { id: r.body.data.id, phone };
}
const cardsOf = async (token: string, customerId: number): Promise<MemberCard[]> =>
  (await call(token, 'GET', `/member-cards?customerId=${customerId}`)).body.data;

describe('card plans', () => {
  it('checks the terms of each kind, naming the field in Chinese', async () => {
    const noBonusOnPackage = await call(admin, 'POST', '/card-plans', {
      name: '错',
      kind: 'package',
      priceFen: 100,
      bonusFen: 10,
      programId: f.facial.id,
      sessions: 2,
      validDays: 30,
    });
    expect(noBonusOnPackage.body.code).toBe(40000);
    expect(invalidFields(noBonusOnPackage)).toContain('bonusFen');
    const missingSessions = await call(admin, 'POST', '/card-plans', {
      name: '错',
      kind: 'package',
      priceFen: 100,
      programId: f.facial.id,
    });
    expect(invalidFields(missingSessions)).toEqual(expect.arrayContaining(['sessions', 'validDays']));
    expect(missingSessions.body.msg).toMatch(/次数|有效期/);
    const tooMany = await call(admin, 'POST', '/card-plans', {
      name: '错',
      kind: 'package',
      priceFen: 100,
      programId: f.facial.id,
      sessions: 101,
      validDays: 30,
    });
    expect(invalidFields(tooMany)).toContain('sessions');
    const noProgram = await call(admin, 'POST', '/card-plans', {
      name: '错',
      kind: 'package',
      priceFen: 100,
      programId: 999_999,
      sessions: 1,
      validDays: 1,
    });
    expect(invalidFields(noProgram)).toEqual(['programId']);
    const patchSessionsOnStoredValue = await call(admin, 'PATCH', `/card-plans/${topUp.id}`, { sessions: 3 });
    expect(invalidFields(patchSessionsOnStoredValue)).toEqual(['sessions']);
  });

  it('is written by admin only and read by every selling role; a manager lists on-shelf plans', async () => {
    expect((await call(manager1, 'POST', '/card-plans', { name: 'x', kind: 'stored-value', priceFen: 1 })).status).toBe(403);
    const off = await createdPlan(t, admin, { name: '下架卡', kind: 'stored-value', priceFen: 100, status: 'off' });
    const managerList = await call(manager1, 'GET', '/card-plans?_start=0&_end=200');
    expect(managerList.body.data.map((p: CardPlan) => p.id)).not.toContain(off.id);
    const financeList = await call(finance, 'GET', '/card-plans?_start=0&_end=200');
    expect(financeList.body.data.map((p: CardPlan) => p.id)).toContain(off.id);
  });

  it('deletes a plan never sold; a sold one answers 409 and is taken off shelf instead', async () => {
    const unsold = await createdPlan(t, admin, { name: '未售', kind: 'stored-value', priceFen: 100 });
    expect((await call(admin, 'DELETE', `/card-plans/${unsold.id}`)).body.code).toBe(0);
    const sold = await createdPlan(t, admin, { name: '已售', kind: 'stored-value', priceFen: 100 });
    const c = await freshCustomer();
    await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(sold)], staffShares: soloShare() });
    const refused = await call(admin, 'DELETE', `/card-plans/${sold.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('下架');
    const read = await call(admin, 'GET', `/card-plans/${sold.id}`);
    expect(read.body.data.soldCount).toBe(1);
  });
});

describe('selling cards', () => {
  it('opens the stored-value account on the first sale and tops it up on the next: principal += price, bonus += bonus', async () => {
    const c = await freshCustomer();
    const first = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const [line] = first.lines;
    expect(isCardLine(line) && line.cardId).toBeTruthy();
    await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const cards = await cardsOf(manager1, c.id);
    expect(cards).toHaveLength(1);
    // The customers list shows the balance, principal and bonus together.
    const listed = await call(manager1, 'GET', `/customers?id=${c.id}`);
    expect(listed.body.data[0].storedValueFen).toBe(1_160_000);
    expect(cards[0]).toMatchObject({
      kind: 'stored-value',
      principalFen: 1_000_000,
      bonusFen: 160_000,
      status: 'active',
      soldShopId: f.shop1,
    });
    const history = (await call(manager1, 'GET', `/card-transactions?cardId=${cards[0].id}&_sort=id&_order=asc`)).body.data;
    expect(
      history.map((x: { kind: string; principalFen: number; bonusFen: number; moneyFen: number }) => [
        x.kind,
        x.principalFen,
        x.bonusFen,
        x.moneyFen,
      ]),
    ).toEqual([
      ['purchase', 500_000, 80_000, 500_000],
      ['top-up', 500_000, 80_000, 500_000],
    ]);
  });

  it('books a card sale as 售卡收入 and earns 售卡 performance for each share', async () => {
    const c = await freshCustomer();
    const order = await soldOrder(t, manager1, {
      customerId: c.id,
      lines: [cardLine(topUp)],
      staffShares: [
        { staffId: f.staff[0], shareBp: 6_000 },
        { staffId: f.staff[1], shareBp: 4_000 },
      ],
    });
    const ledger = await query<{ category: string; amount_fen: number }>(
      t,
      `select category, amount_fen from ledger_entries where order_id = $1`,
      [order.id],
    );
    expect(ledger).toEqual([{ category: 'card-sale', amount_fen: 500_000 }]);
    const records = await query<{ kind: string; amount_fen: number }>(
      t,
      `select kind, amount_fen from performance_records where order_id = $1 order by amount_fen desc`,
      [order.id],
    );
    expect(records).toEqual([
      { kind: 'card-sale', amount_fen: 300_000 },
      { kind: 'card-sale', amount_fen: 200_000 },
    ]);
  });

  it('needs a customer, takes no discount and no stored-value payment', async () => {
    const walkIn = await post(manager1, '/orders', { customerId: null, lines: [cardLine(topUp)], staffShares: soloShare() });
    expect(invalidFields(walkIn)).toEqual(['customerId']);
    const c = await freshCustomer();
    const discounted = await post(manager1, '/orders', {
      customerId: c.id,
      lines: [{ ...cardLine(topUp), discountFen: 100 }],
      staffShares: soloShare(),
    });
    expect(invalidFields(discounted)).toContain('lines.0.discountFen');
    const orderDiscount = await post(manager1, '/orders', {
      customerId: c.id,
      lines: [cardLine(topUp)],
      discountFen: 100,
      staffShares: soloShare(),
    });
    expect(invalidFields(orderDiscount)).toEqual(['discountFen']);
    // A VIP pays the plan's price too.
    const vip = await createdOrder(t, manager1, { customerId: f.vipCustomer, lines: [cardLine(topUp)], staffShares: soloShare() });
    expect(vip.payableFen).toBe(500_000);
    const account = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const cardId = (account.lines[0] as { cardId: number }).cardId;
    const again = await createdOrder(t, manager1, { customerId: c.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const byCard = await post(manager1, `/orders/${again.id}/pay`, { payments: [{ method: 'stored-value', amountFen: 500_000, cardId }] });
    expect(invalidFields(byCard)).toEqual(['payments']);
  });
});

describe('paying with stored value', () => {
  it('takes a payment from principal and bonus in proportion, records both parts and the balance left, and books only the cash', async () => {
    const c = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    // Balance 5000 + 800. A facial paid 10.00 by card and the rest in cash.
    const order = await soldOrder(t, manager1, { customerId: c.id, lines: [{ programId: f.facial.id }], staffShares: soloShare() }, (o) => [
      { method: 'stored-value', amountFen: 1_000, cardId },
      { method: 'cash', amountFen: o.payableFen - 1_000 },
    ]);
    // 1000 × 500000 / 580000 = 862.07 -> 862 principal, 138 bonus.
    expect(order.payments[0]).toEqual({
      method: 'stored-value',
      amountFen: 1_000,
      cardId,
      principalFen: 862,
      bonusFen: 138,
      principalLeftFen: 499_138,
      bonusLeftFen: 79_862,
    });
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 499_138, bonusFen: 79_862 });
    const ledger = await query<{ category: string; amount_fen: number }>(
      t,
      `select category, amount_fen from ledger_entries where order_id = $1`,
      [order.id],
    );
    expect(ledger).toEqual([{ category: 'service', amount_fen: order.payableFen - 1_000 }]);
  });

  it('refuses an overdraw with 40900 naming the balance, and takes nothing', async () => {
    const c = await freshCustomer();
    const small = await createdPlan(t, admin, { name: '充10', kind: 'stored-value', priceFen: 1_000 });
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(small)], staffShares: soloShare() });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    const order = await createdOrder(t, manager1, { customerId: c.id, lines: [{ programId: f.brow.id }], staffShares: soloShare() });
    const r = await post(manager1, `/orders/${order.id}/pay`, {
      payments: [
        { method: 'stored-value', amountFen: 1_001, cardId },
        { method: 'cash', amountFen: order.payableFen - 1_001 },
      ],
    });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('储值卡余额不足：余额 10.00 元，本次扣款 10.01 元');
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 1_000, bonusFen: 0 });
    const [{ status }] = await query<{ status: string }>(t, `select status from orders where id = $1`, [order.id]);
    expect(status).toBe('unpaid');
  });

  it('refuses a card that is not the order customer’s', async () => {
    const owner = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: owner.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    const other = await freshCustomer();
    const order = await createdOrder(t, manager1, { customerId: other.id, lines: [{ programId: f.facial.id }], staffShares: soloShare() });
    const r = await post(manager1, `/orders/${order.id}/pay`, {
      payments: [{ method: 'stored-value', amountFen: order.payableFen, cardId }],
    });
    expect(invalidFields(r)).toEqual(['payments.0.cardId']);
  });

  it('takes money from a card once for a retried pay with the same Idempotency-Key', async () => {
    const c = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    const order = await createdOrder(t, manager1, { customerId: c.id, lines: [{ programId: f.facial.id }], staffShares: soloShare() });
    const body = { payments: [{ method: 'stored-value', amountFen: order.payableFen, cardId }] };
    const [a, b] = await Promise.all([
      post(manager1, `/orders/${order.id}/pay`, body, 'pay-once-1'),
      post(manager1, `/orders/${order.id}/pay`, body, 'pay-once-1'),
    ]);
    const again = await post(manager1, `/orders/${order.id}/pay`, body, 'pay-once-1');
    expect([a.body.code, b.body.code, again.body.code]).toEqual([0, 0, 0]);
    expect(again.raw).toBe(a.raw);
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from card_transactions where card_id = $1 and kind = 'spend'`,
      [cardId],
    );
    expect(n).toBe(1);
    expect((await storedCard(t, cardId)).principalFen + (await storedCard(t, cardId)).bonusFen).toBe(580_000 - order.payableFen);
  });
});

describe('package sessions', () => {
  it('issues a package valid for its days; a session line is charged 0, the order of sessions only is paid with no payment', async () => {
    const c = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(lipPackage)], staffShares: soloShare() });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    const [card] = await cardsOf(manager1, c.id);
    expect(card).toMatchObject({ kind: 'package', sessionsLeft: 3, sessionsTotal: 3, programId: f.facial.id, priceFen: 1_000 });
    const days = (Date.parse(card.validUntil!) - Date.parse(sale.paidAt!)) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);

    const made = await createdOrder(t, manager1, {
      customerId: c.id,
      lines: [{ programId: f.facial.id, cardId }],
      staffShares: soloShare(),
    });
    expect(made.payableFen).toBe(0);
    expect(programLines(made.lines)[0]).toMatchObject({ unitPriceFen: 0, amountFen: 0, listPriceFen: f.facial.priceFen, cardId });
    // Not taken until paid.
    expect((await storedCard(t, cardId)).sessionsLeft).toBe(3);
    const paid = await post(manager1, `/orders/${made.id}/pay`, { payments: [] });
    expect(paid.body.code).toBe(0);
    // 1000 over 3 sessions: the first is worth 1000 - 666 = 334.
    expect(programLines(paid.body.data.lines)[0]).toMatchObject({ sessionValueFen: 334, sessionsLeft: 2 });
    expect(paid.body.data.payments).toEqual([]);
    expect(await storedCard(t, cardId)).toMatchObject({ sessionsLeft: 2, status: 'active' });
    const ledger = await query(t, `select 1 from ledger_entries where order_id = $1`, [made.id]);
    expect(ledger).toHaveLength(0);
  });

  it('refuses a session of another program, of a used-up package, and of another customer’s card', async () => {
    const c = await freshCustomer();
    const one = await createdPlan(t, admin, {
      name: '护理1次',
      kind: 'package',
      priceFen: 500,
      programId: f.facial.id,
      sessions: 1,
      validDays: 30,
    });
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(one)], staffShares: soloShare() });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    const wrongProgram = await post(manager1, '/orders', {
      customerId: c.id,
      lines: [{ programId: f.brow.id, cardId }],
      staffShares: soloShare(),
    });
    expect(invalidFields(wrongProgram)).toEqual(['lines.0.cardId']);
    const other = await freshCustomer();
    const notTheirs = await post(manager1, '/orders', {
      customerId: other.id,
      lines: [{ programId: f.facial.id, cardId }],
      staffShares: soloShare(),
    });
    expect(invalidFields(notTheirs)).toEqual(['lines.0.cardId']);
    const twice = await post(manager1, '/orders', {
      customerId: c.id,
      lines: [
        { programId: f.facial.id, cardId },
        { programId: f.facial.id, cardId },
      ],
      staffShares: soloShare(),
    });
    expect(twice.status).toBe(409);
    await soldOrder(t, manager1, { customerId: c.id, lines: [{ programId: f.facial.id, cardId }], staffShares: soloShare() });
    expect(await storedCard(t, cardId)).toMatchObject({ sessionsLeft: 0, status: 'used-up' });
    const usedUp = await post(manager1, '/orders', {
      customerId: c.id,
      lines: [{ programId: f.facial.id, cardId }],
      staffShares: soloShare(),
    });
    expect(usedUp.status).toBe(409);
  });
});

describe('across the chain', () => {
  it('lets another shop look the customer up by phone and pay with the card; it sees the balance, not the history', async () => {
    const c = await freshCustomer();
    const sale = await soldOrder(t, manager1, { customerId: c.id, lines: [cardLine(topUp)], staffShares: soloShare() });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    // Before the lookup shop 3 sees nothing of them.
    expect(await cardsOf(manager3, c.id)).toEqual([]);
    expect((await call(manager3, 'GET', `/customers/lookup?phone=${c.phone}`)).body.code).toBe(0);
    const [card] = await cardsOf(manager3, c.id);
    expect(card).toMatchObject({ id: cardId, principalFen: 500_000, bonusFen: 80_000 });
    expect(card.customerPhone).toMatch(/\*{4}/);
    const history = await call(manager3, 'GET', `/card-transactions?cardId=${cardId}`);
    expect(history.body.data).toEqual([]);

    const order = await soldOrder(
      t,
      manager3,
      { customerId: c.id, lines: [{ programId: f.facial.id }], staffShares: [{ staffId: f.staffOfShop3, shareBp: 10_000 }] },
      (o) => [{ method: 'stored-value', amountFen: o.payableFen, cardId }],
    );
    expect(order.shopId).toBe(f.shop3);
    const [spend] = await query<{ shop_id: number; sold_shop_id: number }>(
      t,
      `select shop_id, sold_shop_id from card_transactions where card_id = $1 and kind = 'spend'`,
      [cardId],
    );
    expect(spend).toEqual({ shop_id: f.shop3, sold_shop_id: f.shop1 });
    // The home shop sees the whole history, the spend at shop 3 included.
    const home = await call(manager1, 'GET', `/card-transactions?cardId=${cardId}`);
    expect(home.body.data.map((x: { kind: string }) => x.kind).sort()).toEqual(['purchase', 'spend']);
  });
});

describe('balances', () => {
  it('equal the sums of their transactions for every card', async () => {
    expect(await cardsOffTheirTransactions(t)).toBe(0);
  });
});
