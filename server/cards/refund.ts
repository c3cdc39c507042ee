import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { afterSales, memberCards } from '../db/schema';
import { conflict, invalid } from '../http/errors';
import type { Actor } from '../auth/actor';
import { isCardLine } from '../../contract/order';
import { AFTER_SALE_FIELD_LABELS as L } from '../../contract/afterSale';
import { MEMBER_CARD_STATUS_LABELS, type MemberCardStatus } from '../../contract/memberCard';
import { sessionsValueFen } from '../../contract/cardMoney';
import { fenToYuan } from '../../contract/money';
import type { OrderRow } from '../orders/orderRow';
import { changeCard, lockCards, type CardRow } from './cardBook';

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);

/** What a card is still worth in money: a stored-value account its principal, a package its sessions left at their value. */
export function refundableValue(card: Pick<CardRow, 'kind' | 'principalFen' | 'sessionsLeft' | 'sessionsTotal' | 'priceFen'>): number {
  return card.kind === 'stored-value'
    ? card.principalFen
    : sessionsValueFen(card.sessionsLeft ?? 0, card.sessionsTotal ?? 1, card.priceFen ?? 0);
}

/** Refunds of the order by whether they name a card: approved and pending amounts. */
async function refundsOf(tx: DbOrTx, orderId: number) {
  const [sums] = await tx
    .select({
      cardApproved: sql<number>`coalesce(sum(${afterSales.amountFen}) filter (where ${afterSales.cardId} is not null and ${afterSales.status} = 'approved'), 0)::int`,
      cardPending: sql<number>`coalesce(sum(${afterSales.amountFen}) filter (where ${afterSales.cardId} is not null and ${afterSales.status} = 'pending'), 0)::int`,
      otherPending: sql<number>`coalesce(sum(${afterSales.amountFen}) filter (where ${afterSales.cardId} is null and ${afterSales.status} = 'pending'), 0)::int`,
    })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, orderId), eq(afterSales.type, 'refund')));
  return sums;
}

/**
 * The most a refund request on this order may ask, by what it names. A card: at most its value left
 * (less refunds of it pending) and at most what the order paid less refunded and pending. No card: what
 * was paid for the order's services only, stored value included (it goes back onto its card), less
 * what was refunded of them and is pending; a card's money comes back only by refunding the card.
 */
export async function refundLimit(tx: DbOrTx, order: OrderRow, cardId: number | null): Promise<number> {
  const sums = await refundsOf(tx, order.id);
  const orderLeft = order.paidFen - order.refundedFen - sums.cardPending - sums.otherPending;
  if (cardId === null) {
    const cardsFen = order.lines.reduce((s, l) => s + (isCardLine(l) ? l.amountFen : 0), 0);
    const servicesRefunded = order.refundedFen - sums.cardApproved;
    return Math.min(orderLeft, order.paidFen - cardsFen - servicesRefunded - sums.otherPending);
  }
  if (!order.lines.some((l) => isCardLine(l) && l.cardId === cardId)) throw fieldError('cardId', `该订单未售出此${L.cardId}`);
  const [card] = await tx.select().from(memberCards).where(eq(memberCards.id, cardId));
  if (card.status === 'refunded' || card.status === 'expired')
    throw conflict(`会员卡${MEMBER_CARD_STATUS_LABELS[card.status as MemberCardStatus]}，不能退卡`);
  const [{ pending }] = await tx
    .select({ pending: sql<number>`coalesce(sum(${afterSales.amountFen}), 0)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.cardId, cardId), eq(afterSales.status, 'pending')));
  return Math.min(orderLeft, refundableValue(card) - pending);
}

/**
 * An approved card refund, inside the review's transaction and after the order row is locked: the
 * amount taken from the card (a stored-value account's principal; a package's sessions, all of them,
 * the value left beyond the amount kept by the shop). A card whose principal reaches 0 loses its
 * bonus, in a transaction of its own kind, and closes as refunded. A card worth less than the amount
 * by now (spent since the request) is 409 and nothing is done.
 */
export async function refundCard(tx: Tx, actor: Actor, order: OrderRow, request: { id: number; cardId: number; amountFen: number }) {
  const card = (await lockCards(tx, [request.cardId])).get(request.cardId)!;
  const value = refundableValue(card);
  if (card.status === 'refunded' || card.status === 'expired' || request.amountFen > value)
    throw conflict(
      `会员卡可退金额 ¥${fenToYuan(card.status === 'active' || card.status === 'used-up' ? value : 0)}，不足退款金额 ¥${fenToYuan(request.amountFen)}，请驳回或让门店重新申请`,
    );
  const at = { shopId: order.shopId, orderId: order.id, afterSaleId: request.id, moneyFen: -request.amountFen };
  if (card.kind === 'package') {
    await changeCard(
      tx,
      card,
      {
        kind: 'refund',
        sessions: -(card.sessionsLeft ?? 0),
        sessionValueFen: -value,
        ...at,
        note: `退卡，剩余 ${card.sessionsLeft} 次`,
        status: 'refunded',
      },
      actor.session,
    );
    return `退卡 ¥${fenToYuan(request.amountFen)}，次卡已关闭`;
  }
  const emptied = request.amountFen === card.principalFen;
  const after = await changeCard(
    tx,
    card,
    {
      kind: 'refund',
      principalFen: -request.amountFen,
      ...at,
      note: '退卡',
      status: emptied && card.bonusFen === 0 ? 'refunded' : undefined,
    },
    actor.session,
  );
  if (emptied && after.bonusFen > 0)
    await changeCard(
      tx,
      after,
      {
        kind: 'bonus-forfeit',
        bonusFen: -after.bonusFen,
        shopId: order.shopId,
        orderId: order.id,
        afterSaleId: request.id,
        note: '本金退完，赠送金额作废',
        status: 'refunded',
      },
      actor.session,
    );
  return emptied
    ? `退卡 ¥${fenToYuan(request.amountFen)}，本金已退完，赠送金额作废，储值卡已关闭`
    : `退卡 ¥${fenToYuan(request.amountFen)}`;
}
