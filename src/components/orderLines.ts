import { isCardLine, type OrderLine } from '../../contract/order';

/** A line's key among an order's lines: a program appears once per order (and once per package redeemed), and so does a card plan. */
export const lineKey = (line: OrderLine): string =>
  isCardLine(line) ? `plan-${line.cardPlanId}` : `program-${line.programId}${line.cardId === undefined ? '' : `-card-${line.cardId}`}`;
