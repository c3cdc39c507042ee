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

interface DraftLine {
  programId: number;
  quantity: number;
  discountFen: number;
}

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
    lines: d.lines.map(({ programId, quantity, discountFen }) => ({ programId, quantity, discountFen })),
    discountFen: d.discountFen,
    staffShares: d.shares.map(({ staffId, shareBp }) => ({ staffId, shareBp })),
    note: d.note,
  };
}

/** A program in the cart once more: one more of its line, or a new line. */
export function addProgram(d: Draft, programId: number): Draft {
  const at = d.lines.findIndex((l) => l.programId === programId);
  if (at < 0) return { ...d, lines: [...d.lines, { programId, quantity: 1, discountFen: 0 }] };
  return { ...d, lines: d.lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + 1 } : l)) };
}

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
