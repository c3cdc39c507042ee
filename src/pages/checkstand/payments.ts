import { splitStoredValue } from '../../../contract/cardMoney';
import type { MemberCard } from '../../../contract/memberCard';
import type { OrderPayment, PaymentMethod } from '../../../contract/order';

/** Rows the cashier is typing: an amount may be empty for a moment; a stored-value row names its card. */
export type PaymentRow = { method: PaymentMethod; amountFen?: number; cardId?: number };

/** What is still to be taken: the payable less the typed amounts (negative when too much is typed). */
export function remainderFen(payableFen: number, rows: readonly PaymentRow[]): number {
  return payableFen - rows.reduce((s, r) => s + (r.amountFen ?? 0), 0);
}

type Balance = Pick<MemberCard, 'principalFen' | 'bonusFen'>;

/**
 * The most the stored-value card may pay of an order: its balance, up to the payable; nothing of an
 * order that sells cards (money buys cards, never a card).
 */
export function storedValueCapFen(payableFen: number, sellsCards: boolean, card: Balance | undefined): number {
  if (!card || sellsCards) return 0;
  return Math.max(0, Math.min(card.principalFen + card.bonusFen, payableFen));
}

/** The amount typed on stored-value rows. */
export const storedValueTypedFen = (rows: readonly PaymentRow[]) =>
  rows.reduce((s, r) => s + (r.method === 'stored-value' ? (r.amountFen ?? 0) : 0), 0);

/**
 * How a stored-value payment will be taken, as the server takes it: principal and bonus in
 * proportion to their balances, and what the card keeps after.
 */
export function storedValueSplit(amountFen: number, card: Balance) {
  const amount = Math.min(amountFen, card.principalFen + card.bonusFen);
  const parts = splitStoredValue(amount, card.principalFen, card.bonusFen);
  return { ...parts, leftFen: card.principalFen + card.bonusFen - amount };
}

/**
 * Whether the payments may be sent: they add up to the payable (none for a payable of 0), every
 * amount is above 0, and the card pays at most its cap.
 */
export function paymentsComplete(payableFen: number, rows: readonly PaymentRow[], capFen: number): boolean {
  if (payableFen === 0) return rows.length === 0;
  return (
    rows.length > 0 &&
    remainderFen(payableFen, rows) === 0 &&
    rows.every((r) => (r.amountFen ?? 0) > 0) &&
    storedValueTypedFen(rows) <= capFen
  );
}

/** The body's payments: a stored-value row with its card, the others without. */
export const paymentsOf = (rows: readonly PaymentRow[]): OrderPayment[] =>
  rows.map(({ method, amountFen, cardId }) =>
    method === 'stored-value' ? { method, amountFen: amountFen ?? 0, cardId } : { method, amountFen: amountFen ?? 0 },
  );
