import { useEffect, useState } from 'react';
import type { OrderInput } from '../../../contract/order';

/** The customer of the order being put together; null in the draft is the walk-in (散客). */
export interface DraftCustomer {
  id: number;
  name: string;
  /** Masked. */
  phone: string;
  vip: boolean;
  /** Set for a chain customer whose home shop is another shop. */
  homeShopName?: string;
}

/** A service; with `cardId`, a session of that package redeemed (quantity 1, no discount). */
export interface ServiceDraftLine {
  programId: number;
  quantity: number;
  discountFen: number;
  cardId?: number;
}

/** A card plan sold: always one, at the plan's price. */
export interface CardDraftLine {
  cardPlanId: number;
}

export type DraftLine = ServiceDraftLine | CardDraftLine;

export const isCardDraftLine = (l: DraftLine): l is CardDraftLine => 'cardPlanId' in l;

/** A line's identity in the cart: a program once as paid and once per package redeemed, a plan once. */
export const draftLineKey = (l: DraftLine): string =>
  isCardDraftLine(l) ? `plan-${l.cardPlanId}` : `program-${l.programId}${l.cardId === undefined ? '' : `-card-${l.cardId}`}`;

export interface DraftShare {
  staffId: number;
  shareBp: number;
}

/** What the cashier has picked before the order is made (POST orders). */
export interface Draft {
  customer: DraftCustomer | null;
  appointmentId: number | null;
  lines: DraftLine[];
  discountFen: number;
  shares: DraftShare[];
  note: string;
}

export const EMPTY_DRAFT: Draft = { customer: null, appointmentId: null, lines: [], discountFen: 0, shares: [], note: '' };

/** The body of POST orders; prices are the server's. */
export function orderInput(d: Draft): OrderInput {
  return {
    customerId: d.customer?.id ?? null,
    appointmentId: d.appointmentId,
    lines: d.lines.map((l) =>
      isCardDraftLine(l)
        ? { cardPlanId: l.cardPlanId, quantity: 1 }
        : l.cardId === undefined
          ? { programId: l.programId, quantity: l.quantity, discountFen: l.discountFen }
          : { programId: l.programId, quantity: 1, cardId: l.cardId },
    ),
    discountFen: d.discountFen,
    staffShares: d.shares.map(({ staffId, shareBp }) => ({ staffId, shareBp })),
    note: d.note,
  };
}

/** A program in the cart once more: one more of its line, or a new line. */
export function addProgram(d: Draft, programId: number): Draft {
  const key = draftLineKey({ programId, quantity: 1, discountFen: 0 });
  const at = d.lines.findIndex((l) => draftLineKey(l) === key);
  if (at < 0) return { ...d, lines: [...d.lines, { programId, quantity: 1, discountFen: 0 }] };
  return { ...d, lines: d.lines.map((l, i) => (i === at && !isCardDraftLine(l) ? { ...l, quantity: l.quantity + 1 } : l)) };
}

/** A card plan in the cart: once (a second of the same plan is a second order); a card sale takes no order discount. */
export function addCardPlan(d: Draft, cardPlanId: number): Draft {
  if (d.lines.some((l) => isCardDraftLine(l) && l.cardPlanId === cardPlanId)) return d;
  return { ...d, discountFen: 0, lines: [...d.lines, { cardPlanId }] };
}

/** One session of a package redeemed on its program: a line of its own, once per package per order. */
export function addSession(d: Draft, programId: number, cardId: number): Draft {
  if (d.lines.some((l) => !isCardDraftLine(l) && l.cardId === cardId)) return d;
  return { ...d, lines: [...d.lines, { programId, quantity: 1, discountFen: 0, cardId }] };
}

/** The lines without the one of `key`. */
export const withoutLine = (d: Draft, key: string): Draft => ({ ...d, lines: d.lines.filter((l) => draftLineKey(l) !== key) });

/** The service line of `key` changed (its quantity or discount). */
export const withLineChange = (d: Draft, key: string, change: Partial<Pick<ServiceDraftLine, 'quantity' | 'discountFen'>>): Draft => ({
  ...d,
  lines: d.lines.map((l) => (draftLineKey(l) === key && !isCardDraftLine(l) ? { ...l, ...change } : l)),
});

/** Kept in this tab's sessionStorage, beside the current order id: a reload finds the cart as it was. */
const DRAFT_KEY = 'checkstand-draft';

function readDraft(): Draft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    return stored && Array.isArray(stored.lines) && Array.isArray(stored.shares) ? { ...EMPTY_DRAFT, ...stored } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function useDraft() {
  const [draft, setDraft] = useState<Draft>(readDraft);
  useEffect(() => {
    if (draft === EMPTY_DRAFT) sessionStorage.removeItem(DRAFT_KEY);
    else sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  }, [draft]);
  return [draft, setDraft] as const;
}
