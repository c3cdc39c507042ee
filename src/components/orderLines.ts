import { isCardLine, type OrderLine } from '../../contract/order';

/** What a line sold, by name: the program, or the card plan. */
export const lineName = (line: OrderLine): string => (isCardLine(line) ? line.cardPlanName : line.programName);

/** A line's key among an order's lines: a program appears once per order, and so does a card plan. */
export const lineKey = (line: OrderLine): string =>
  isCardLine(line) ? `plan-${line.cardPlanId}` : `program-${line.programId}${line.cardId === undefined ? '' : `-card-${line.cardId}`}`;
