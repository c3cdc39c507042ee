import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { ADMIN, MANAGER_1, MANAGER_3, rest } from './support/restCalls';
import { query } from './support/authCalls';
import { checkoutFixture, createdOrder, poster, type CheckoutFixture } from './support/checkout';
import { cardsOffTheirTransactions, createdPlan, soldOrder, storedCard } from './support/cards';
import type { Order } from '../../contract/order';

let t: TestContext;
let call: ReturnType<typeof rest>;
let post: ReturnType<typeof poster>;
let manager1: string;
let manager3: string;
let admin: string;
let f: CheckoutFixture;

beforeAll(async () => {
  // Enough connections for every pay to be in flight at once.
  ({
    t,
    call,
    tokens: [manager1, manager3, admin],
  } = await openTestContext([MANAGER_1, MANAGER_3, ADMIN], { dbPoolSize: 24 }));
  post = poster(t);
  f = await checkoutFixture(t);
});
afterAll(async () => t?.close());

describe('concurrent spends of one card', () => {
  it('20 cashiers at two shops spending ¥10.00 each of a ¥75.00 card: exactly 7 succeed, 13 are refused, the balance never goes below zero', async () => {
    const plan = await createdPlan(t, admin, { name: '充75', kind: 'stored-value', priceFen: 7_500 });
    const program = (await call(admin, 'POST', '/programs', { name: '并发十元', priceFen: 1_000, vipPriceFen: 1_000, type: 3 })).body.data
      .id;
    const phone = '13955500001';
    const customer = (await call(manager1, 'POST', '/customers', { name: '并发卡客', phone })).body.data.id;
    const sale = await soldOrder(t, manager1, {
      customerId: customer,
      lines: [{ cardPlanId: plan.id, quantity: 1 }],
      staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }],
    });
    const cardId = (sale.lines[0] as { cardId: number }).cardId;
    await call(manager3, 'GET', `/customers/lookup?phone=${phone}`);

    const orders: { token: string; order: Order }[] = [];
    for (let i = 0; i < 20; i++) {
      const [token, staffId] = i % 2 ? [manager3, f.staffOfShop3] : [manager1, f.staff[0]];
      orders.push({
        token,
        order: await createdOrder(t, token, {
          customerId: customer,
          lines: [{ programId: program }],
          staffShares: [{ staffId, shareBp: 10_000 }],
        }),
      });
    }
    const answers = await Promise.all(
      orders.map(({ token, order }) =>
        post(token, `/orders/${order.id}/pay`, { payments: [{ method: 'stored-value', amountFen: 1_000, cardId }] }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(7);
    expect(codes.filter((c) => c === 40900)).toHaveLength(13);
    for (const refused of answers.filter((a) => a.body.code !== 0))
      expect(refused.body.msg).toMatch(/^储值卡余额不足：余额 \d+\.\d{2} 元，本次扣款 10\.00 元$/);
    expect(await storedCard(t, cardId)).toMatchObject({ principalFen: 500, bonusFen: 0 });
    const [{ spends, paid }] = await query<{ spends: number; paid: number }>(
      t,
      `select (select count(*)::int from card_transactions where card_id = $1 and kind = 'spend') as spends,
              (select count(*)::int from orders where id = any($2::int[]) and status = 'paid') as paid`,
      [cardId, orders.map((o) => o.order.id)],
    );
    expect([spends, paid]).toEqual([7, 7]);
    const [{ negatives }] = await query<{ negatives: number }>(
      t,
      `select count(*)::int as negatives from member_cards where principal_fen < 0 or bonus_fen < 0 or sessions_left < 0`,
    );
    expect(negatives).toBe(0);
    expect(await cardsOffTheirTransactions(t)).toBe(0);
  });

  it('is backed by CHECK constraints: a balance written below zero is refused by PostgreSQL itself', async () => {
    const [card] = await query<{ id: number }>(t, `select id from member_cards order by id limit 1`);
    await expect(query(t, `update member_cards set principal_fen = -1 where id = $1`, [card.id])).rejects.toThrow(
      /member_cards_principal_nonneg/,
    );
    await expect(query(t, `update member_cards set bonus_fen = -1 where id = $1`, [card.id])).rejects.toThrow(/member_cards_bonus_nonneg/);
  });
});
