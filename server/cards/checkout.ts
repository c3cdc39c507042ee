import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { cardPlans, memberCards } from '../db/schema';
import { conflict, invalid } from '../http/errors';
import type { Actor } from '../auth/actor';
import { cardRefusals, type MemberCardStatus } from '../../contract/memberCard';
import { sessionsValueFen, splitStoredValue } from '../../contract/cardMoney';
import { isCardLine, ORDER_FIELD_LABELS as L, type CardLine, type OrderLine, type OrderPayment } from '../../contract/order';
import { fenToYuan } from '../../contract/money';
import type { OrderRow } from '../orders/orderRow';
import { changeCard, lockCards, type CardRow } from './cardBook';
import { checkPackage } from './redemption';

const DAY_MS = 86_400_000;
const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);

type PaymentInput = Pick<OrderPayment, 'method' | 'amountFen' | 'cardId'>;

/** The cards a pay touches, so they are locked together and in id order: the cards paid with, the packages redeemed, the account topped up. */
async function cardsToLock(tx: Tx, order: OrderRow, payments: readonly PaymentInput[]): Promise<number[]> {
  const paidWith = payments.flatMap((p) => (p.cardId === undefined ? [] : [p.cardId]));
  const redeemed = order.lines.flatMap((l) => (!isCardLine(l) && l.cardId !== undefined ? [l.cardId] : []));
  const topsUp = order.lines.some((l) => isCardLine(l) && l.cardKind === 'stored-value');
  if (!topsUp || order.customerId === null) return [...paidWith, ...redeemed];
  const [account] = await tx
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(and(eq(memberCards.customerId, order.customerId), eq(memberCards.kind, 'stored-value'), ne(memberCards.status, 'refunded')));
  return account ? [...paidWith, ...redeemed, account.id] : [...paidWith, ...redeemed];
}

/**
 * The card side of POST orders/:id/pay, inside its transaction and after the order row is locked:
 * takes each stored-value payment from its card (principal and bonus in proportion, never below
 * zero: 40900 naming the balance), redeems each package session of the lines, and issues or tops up
 * each card sold. Answers the payments and lines as the order keeps them, with what each card has left.
 */
export async function settleCards(tx: Tx, actor: Actor, order: OrderRow, payments: readonly PaymentInput[], now: number) {
  const sells = order.lines.some(isCardLine);
  if (sells && payments.some((p) => p.method === 'stored-value')) {
    const msg = '售卡订单只能用现金、微信、支付宝、银行卡或其他方式收款，不能用储值卡';
    throw invalid(msg, [{ field: 'payments', message: msg }]);
  }
  const cards = await lockCards(tx, await cardsToLock(tx, order, payments));
  const by = actor.session;
  const at = { shopId: order.shopId, orderId: order.id };

  const paid: OrderPayment[] = [];
  for (const [i, p] of payments.entries()) {
    if (p.method !== 'stored-value') {
      paid.push({ method: p.method, amountFen: p.amountFen });
      continue;
    }
    const card = cards.get(p.cardId!);
    if (!card || card.customerId !== order.customerId || card.kind !== 'stored-value')
      throw fieldError(`payments.${i}.cardId`, `${L.cardId}不存在或不是该客户的储值卡`);
    if (card.status !== 'active') throw conflict(cardRefusals.notActive(card.status as MemberCardStatus));
    if (p.amountFen > card.principalFen + card.bonusFen)
      throw conflict(cardRefusals.overdrawn(fenToYuan(card.principalFen + card.bonusFen), fenToYuan(p.amountFen)));
    const part = splitStoredValue(p.amountFen, card.principalFen, card.bonusFen);
    const after = await changeCard(
      tx,
      card,
      { kind: 'spend', principalFen: -part.principalFen, bonusFen: -part.bonusFen, ...at, note: `订单 ${order.orderNo}` },
      by,
    );
    cards.set(card.id, after);
    paid.push({ ...p, ...part, principalLeftFen: after.principalFen, bonusLeftFen: after.bonusFen });
  }

  const lines: OrderLine[] = [];
  for (const [i, line] of order.lines.entries()) {
    if (isCardLine(line)) lines.push(await issueCard(tx, actor, order, line, cards, now));
    else if (line.cardId === undefined) lines.push(line);
    else {
      const card = cards.get(line.cardId);
      checkPackage(card, `lines.${i}.cardId`, order.customerId ?? -1, line.programId, 1, now);
      const left = card!.sessionsLeft!;
      const value =
        sessionsValueFen(left, card!.sessionsTotal!, card!.priceFen!) - sessionsValueFen(left - 1, card!.sessionsTotal!, card!.priceFen!);
      const after = await changeCard(
        tx,
        card!,
        {
          kind: 'session',
          sessions: -1,
          sessionValueFen: -value,
          ...at,
          note: `${line.programName} 订单 ${order.orderNo}`,
          status: left === 1 ? 'used-up' : undefined,
        },
        by,
      );
      cards.set(after.id, after);
      lines.push({ ...line, sessionValueFen: value, sessionsLeft: after.sessionsLeft! });
    }
  }
  return { payments: paid, lines };
}

/**
 * A card line paid: a package is a new card (sessions of the plan, valid from now for its days); a
 * stored-value plan tops up the customer's account, opening it on the first sale. The plan's terms
 * as they are at payment; its price was fixed on the order.
 */
async function issueCard(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  line: CardLine,
  cards: Map<number, CardRow>,
  now: number,
): Promise<CardLine> {
  const [plan] = await tx.select().from(cardPlans).where(eq(cardPlans.id, line.cardPlanId));
  const customerId = order.customerId!;
  const at = { shopId: order.shopId, orderId: order.id, moneyFen: line.amountFen, note: `${plan.name} 订单 ${order.orderNo}` };
  if (plan.kind === 'package') {
    const [card] = await tx
      .insert(memberCards)
      .values({
        customerId,
        kind: 'package',
        planId: plan.id,
        planName: plan.name,
        programId: plan.programId,
        sessionsLeft: 0,
        sessionsTotal: plan.sessions,
        priceFen: line.amountFen,
        validUntil: new Date(now + plan.validDays! * DAY_MS).toISOString(),
        soldShopId: order.shopId,
        orderId: order.id,
      })
      .returning();
    const issued = await changeCard(
      tx,
      card,
      { kind: 'purchase', sessions: plan.sessions!, sessionValueFen: line.amountFen, ...at },
      actor.session,
    );
    return { ...line, cardId: issued.id };
  }
  const existing = [...cards.values()].find((c) => c.customerId === customerId && c.kind === 'stored-value' && c.status !== 'refunded');
  const account =
    existing ??
    (
      await tx
        .insert(memberCards)
        .values({ customerId, kind: 'stored-value', planId: plan.id, planName: plan.name, soldShopId: order.shopId, orderId: order.id })
        .returning()
    )[0];
  const after = await changeCard(
    tx,
    account,
    { kind: existing ? 'top-up' : 'purchase', principalFen: line.amountFen, bonusFen: plan.bonusFen, ...at },
    actor.session,
  );
  cards.set(after.id, after);
  return { ...line, cardId: after.id };
}
