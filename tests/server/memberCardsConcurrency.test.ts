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

describe('the shop-day summaries under concurrent pays', () => {
  it('spreads concurrent pays of one shop over its slots, and the slots add up to the orders and the card transactions', async () => {
    const orders: Order[] = [];
    for (let i = 0; i < 16; i++)
      orders.push(
        await createdOrder(t, manager1, { lines: [{ programId: f.facial.id }], staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }] }),
      );
    const answers = await Promise.all(
      orders.map((o) => post(manager1, `/orders/${o.id}/pay`, { payments: [{ method: 'cash', amountFen: o.payableFen }] })),
    );
    expect(answers.map((a) => a.body.code)).toEqual(orders.map(() => 0));
    const [{ slots }] = await query<{ slots: number }>(
      t,
      `select count(distinct slot)::int as slots from shop_day_sales where shop_id = $1 and day = (now() at time zone 'Asia/Shanghai')::date`,
      [f.shop1],
    );
    expect(slots).toBeGreaterThan(1);
    const [{ off }] = await query<{ off: number }>(
      t,
      `select count(*)::int as off from
         (select shop_id, (paid_at at time zone 'Asia/Shanghai')::date as day, count(*)::int8 as n, sum(paid_fen)::int8 as paid,
                 sum(refunded_fen)::int8 as refunded
            from orders where paid_at is not null group by 1, 2) o
         full join (select shop_id, day, sum(order_count)::int8 as n, sum(paid_fen)::int8 as paid, sum(refunded_fen)::int8 as refunded
                      from shop_day_sales group by 1, 2 having sum(order_count) <> 0 or sum(paid_fen) <> 0 or sum(refunded_fen) <> 0) s
           using (shop_id, day)
       where o.n is distinct from s.n or o.paid is distinct from s.paid or o.refunded is distinct from s.refunded`,
    );
    expect(off).toBe(0);
    const [{ cardsOff }] = await query<{ cardsOff: number }>(
      t,
      `select count(*)::int as "cardsOff" from
         (select sold_shop_id as shop_id, (created_at at time zone 'Asia/Shanghai')::date as day, sum(principal_fen)::int8 as p,
                 sum(bonus_fen)::int8 as b, sum(session_value_fen)::int8 as v
            from card_transactions group by 1, 2) c
         full join (select shop_id, day, sum(principal_fen)::int8 as p, sum(bonus_fen)::int8 as b, sum(session_value_fen)::int8 as v
                      from card_shop_days group by 1, 2) d
           using (shop_id, day)
       where c.p is distinct from d.p or c.b is distinct from d.b or c.v is distinct from d.v`,
    );
    expect(cardsOff).toBe(0);
  });
});
