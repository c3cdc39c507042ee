import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cardTransactions } from '../db/schema';
import { conflict } from '../http/errors';
import type { Actor } from '../auth/actor';
import { MEMBER_CARD_STATUS_LABELS, type MemberCardStatus } from '../../contract/memberCard';
import { storedValueReturn } from '../../contract/cardMoney';
import { fenToYuan } from '../../contract/money';
import type { OrderRow } from '../orders/orderRow';
import { changeCard, lockCards } from './cardBook';
import { moneyDay } from '../dailyClose/businessDay';

/** What refunds of the order already put back onto its stored-value card (its reversal transactions). */
export async function returnedToCard(tx: DbOrTx, orderId: number, cardId: number) {
  const [sums] = await tx
    .select({
      principalFen: sql<number>`coalesce(sum(${cardTransactions.principalFen}), 0)::int`,
      bonusFen: sql<number>`coalesce(sum(${cardTransactions.bonusFen}), 0)::int`,
    })
    .from(cardTransactions)
    .where(and(eq(cardTransactions.orderId, orderId), eq(cardTransactions.cardId, cardId), eq(cardTransactions.kind, 'reversal')));
  return sums;
}

/**
 * The stored-value channel of an approved refund, inside the review's transaction and after the order
 * row is locked (so two refunds of one order take turns): the amount goes back onto the card that paid,
 * principal and bonus in the proportion the order's payment took them (contract/cardMoney.ts
 * storedValueReturn), as one reversal transaction that updates the card's balance with it. No money
 * leaves the shop, so no ledger entry is written, as a stored-value payment writes none; the
 * transaction carries the business day the refund counts on in the shop's close instead. A card closed
 * by a card refund since takes nothing back (409).
 */
export async function returnToStoredValue(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  refund: { afterSaleId: number; cardId: number; amountFen: number },
) {
  const taken = order.payments
    .filter((p) => p.method === 'stored-value' && p.cardId === refund.cardId)
    .reduce((s, p) => ({ principalFen: s.principalFen + (p.principalFen ?? 0), bonusFen: s.bonusFen + (p.bonusFen ?? 0) }), {
      principalFen: 0,
      bonusFen: 0,
    });
  const card = (await lockCards(tx, [refund.cardId])).get(refund.cardId)!;
  if (card.status !== 'active')
    throw conflict(`储值卡${MEMBER_CARD_STATUS_LABELS[card.status as MemberCardStatus]}，不能退回储值卡，请选择其他退款渠道或驳回`);
  const part = storedValueReturn(refund.amountFen, taken, await returnedToCard(tx, order.id, refund.cardId));
  const after = await changeCard(
    tx,
    card,
    {
      kind: 'reversal',
      principalFen: part.principalFen,
      bonusFen: part.bonusFen,
      shopId: order.shopId,
      orderId: order.id,
      afterSaleId: refund.afterSaleId,
      note: `订单 ${order.orderNo} 退款回卡`,
      businessDay: await moneyDay(tx, order.shopId),
    },
    actor.session,
  );
  return `退回储值卡 ¥${fenToYuan(refund.amountFen)}（本金 ¥${fenToYuan(part.principalFen)}、赠送 ¥${fenToYuan(part.bonusFen)}），余额 ¥${fenToYuan(after.principalFen + after.bonusFen)}`;
}
