import { expect } from 'vitest';
import type { TestContext } from './testApp';
import { query } from './authCalls';
import { rest } from './restCalls';
import { poster } from './checkout';
import type { CardPlan, CardPlanInput } from '../../../contract/cardPlan';
import type { MemberCard } from '../../../contract/memberCard';
import type { Order } from '../../../contract/order';

/** A card plan made by admin through the API. */
export async function createdPlan(t: TestContext, adminToken: string, body: CardPlanInput): Promise<CardPlan> {
  const r = await rest(t)(adminToken, 'POST', '/card-plans', body);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.data;
}

/** An order made and paid through the API with `payments` (cash for the whole payable when none are given). */
export async function soldOrder(
  t: TestContext,
  token: string,
  body: Record<string, unknown>,
  payments?: (order: Order) => unknown[],
  key?: string,
): Promise<Order> {
  const post = poster(t);
  const made = await post(token, '/orders', body);
  expect(made.body, JSON.stringify(made.body)).toMatchObject({ code: 0 });
  const order: Order = made.body.data;
  const paid = await post(
    token,
    `/orders/${order.id}/pay`,
    { payments: payments ? payments(order) : order.payableFen ? [{ method: 'cash', amountFen: order.payableFen }] : [] },
    key,
  );
  expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ code: 0 });
  return paid.body.data;
}

/** A card as stored, read past the API's scope. */
export async function storedCard(
  t: TestContext,
  id: number,
): Promise<Pick<MemberCard, 'principalFen' | 'bonusFen' | 'sessionsLeft' | 'status'>> {
  const [row] = await query<Pick<MemberCard, 'principalFen' | 'bonusFen' | 'sessionsLeft' | 'status'>>(
    t,
    `select principal_fen as "principalFen", bonus_fen as "bonusFen", sessions_left as "sessionsLeft", status from member_cards where id = $1`,
    [id],
  );
  return row;
}

/** Cards whose balance columns differ from the sums of their transactions: none, ever. */
export async function cardsOffTheirTransactions(t: TestContext): Promise<number> {
  const [{ n }] = await query<{ n: number }>(
    t,
    `select count(*)::int as n from member_cards c
       left join (select card_id, sum(principal_fen) p, sum(bonus_fen) b, sum(sessions) s, sum(session_value_fen) v
                    from card_transactions group by card_id) x on x.card_id = c.id
     where c.principal_fen <> coalesce(x.p, 0) or c.bonus_fen <> coalesce(x.b, 0)
        or coalesce(c.sessions_left, 0) <> coalesce(x.s, 0)
        or (c.kind = 'package' and floor(c.price_fen::int8 * c.sessions_left / c.sessions_total) <> coalesce(x.v, 0))`,
  );
  return n;
}
