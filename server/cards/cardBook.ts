import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cardTransactions, memberCards } from '../db/schema';
import type { Actor } from '../auth/actor';
import type { CardTransactionKind } from '../../contract/cardTransaction';
import type { MemberCardStatus } from '../../contract/memberCard';

export type CardRow = typeof memberCards.$inferSelect;

/** One change of a card: its deltas and why. */
export interface CardChange {
  kind: CardTransactionKind;
  principalFen?: number;
  bonusFen?: number;
  sessions?: number;
  sessionValueFen?: number;
  moneyFen?: number;
  /** Where it happened: the serving shop (the card's own shop for the periodic job). */
  shopId: number;
  orderId?: number | null;
  afterSaleId?: number | null;
  note?: string;
  /** A reversal's business day: the day the refund counts on in its shop's close. */
  businessDay?: string | null;
  /** The card's status after the change, when it changes. */
  status?: MemberCardStatus;
}

/** Who made a change: an account, or the periodic job (no account). */
export type ChangedBy = Pick<Actor['session'], 'accountId' | 'accountName'> | null;

/**
 * The cards, locked until the transaction ends, always in id order: two pays that both touch cards 3
 * and 7 take them in the same order and never wait for each other in a circle. Every change of a
 * card's balance starts here (after its order row, when there is one).
 */
export async function lockCards(tx: Tx, ids: readonly number[]): Promise<Map<number, CardRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(memberCards)
    .where(inArray(memberCards.id, [...new Set(ids)]))
    .orderBy(asc(memberCards.id))
    .for('update')
    .prepare(`cards_lock_${new Set(ids).size}`)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Applies a change to a locked card: its transaction row and its balance columns in one statement, so
 * the card's balance is always the sum of its transactions. The balance checks of member_cards refuse
 * a change that would take it below zero. Answers the card as it now is.
 */
export async function changeCard(tx: DbOrTx, card: CardRow, change: CardChange, by: ChangedBy): Promise<CardRow> {
  const d = {
    principalFen: change.principalFen ?? 0,
    bonusFen: change.bonusFen ?? 0,
    sessions: change.sessions ?? 0,
    sessionValueFen: change.sessionValueFen ?? 0,
  };
  const moved = tx.$with('moved').as(
    tx.insert(cardTransactions).values({
      cardId: card.id,
      customerId: card.customerId,
      cardKind: card.kind,
      kind: change.kind,
      ...d,
      moneyFen: change.moneyFen ?? 0,
      shopId: change.shopId,
      soldShopId: card.soldShopId,
      orderId: change.orderId ?? null,
      afterSaleId: change.afterSaleId ?? null,
      accountId: by?.accountId ?? null,
      accountName: (by?.accountName ?? '').slice(0, 30),
      note: (change.note ?? '').slice(0, 200),
      businessDay: change.businessDay ?? null,
    }),
  );
  const [after] = await tx
    .with(moved)
    .update(memberCards)
    .set({
      principalFen: sql`${memberCards.principalFen} + ${d.principalFen}`,
      bonusFen: sql`${memberCards.bonusFen} + ${d.bonusFen}`,
      sessionsLeft: card.sessionsLeft === null ? null : sql`${memberCards.sessionsLeft} + ${d.sessions}`,
      status: change.status ?? card.status,
      updatedAt: sql`now()`,
    })
    .where(eq(memberCards.id, card.id))
    .returning();
  return after;
}
