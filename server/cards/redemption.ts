import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { memberCards } from '../db/schema';
import { conflict, invalid } from '../http/errors';
import { cardRefusals, type MemberCardStatus } from '../../contract/memberCard';
import { ORDER_FIELD_LABELS as L, type OrderLineInput } from '../../contract/order';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import type { CardRow } from './cardBook';

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);

/**
 * Whether a package may redeem `count` sessions of `programId` for this customer at `now`: its own
 * card, a package of that program, active, valid and with the sessions left. Throws 40000 naming the
 * line for a card that is not the customer's or not of the program, 40900 for one used up, expired
 * or closed.
 */
export function checkPackage(card: CardRow | undefined, field: string, customerId: number, programId: number, count: number, now: number) {
  if (!card || card.customerId !== customerId || card.kind !== 'package') throw fieldError(field, `${L.cardId}不存在或不是该客户的次卡`);
  if (card.programId !== programId) throw fieldError(field, `该次卡不含此${L.programId}`);
  if (card.status !== 'active') throw conflict(cardRefusals.notActive(card.status as MemberCardStatus));
  if (card.validUntil !== null && Date.parse(card.validUntil) < now)
    throw conflict(cardRefusals.expired(shanghaiDayOf(Date.parse(card.validUntil))));
  if ((card.sessionsLeft ?? 0) < count) throw conflict(cardRefusals.noSessions);
}

/**
 * POST orders: the sessions its lines redeem, checked before the order is made so the cashier hears
 * of a used-up or expired package at once. Paying checks again, on the locked cards.
 */
export async function checkRedemptions(db: DbOrTx, customerId: number, lines: readonly OrderLineInput[], now: number): Promise<void> {
  const cardIds = lines.flatMap((l) => (l.cardId === undefined ? [] : [l.cardId]));
  const cards = await db
    .select()
    .from(memberCards)
    .where(and(inArray(memberCards.id, cardIds), eq(memberCards.customerId, customerId)));
  lines.forEach((l, i) => {
    if (l.cardId === undefined) return;
    const count = lines.filter((x) => x.cardId === l.cardId).length;
    checkPackage(
      cards.find((c) => c.id === l.cardId),
      `lines.${i}.cardId`,
      customerId,
      l.programId!,
      count,
      now,
    );
  });
}
