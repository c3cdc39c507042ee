import type { CardPlan } from '../../../contract/cardPlan';
import type { MemberCard } from '../../../contract/memberCard';
import { isCardLine, type OrderLine } from '../../../contract/order';
import type { Program } from '../../../contract/program';
import { FULL_SHARE_BP } from '../../../contract/shareSplit';
import { lineKey } from '../../components/orderLines';
import { draftLineKey, isCardDraftLine, type Draft } from './draft';

/** service: a program paid in money; session: a package session redeemed (charged 0); card: a card plan sold. */
export type PricedLineKind = 'service' | 'session' | 'card';

export interface PricedLine {
  /** The line's identity in the cart (draftLineKey, or lineKey for a made order). */
  key: string;
  kind: PricedLineKind;
  name: string;
  unitPriceFen: number;
  vipPrice: boolean;
  quantity: number;
  discountFen: number;
  amountFen: number;
  /** A session line: the package's sessions left after it, once the order is paid. */
  sessionsLeft?: number;
}

export interface PricedDraft {
  lines: PricedLine[];
  totalFen: number;
  discountFen: number;
  payableFen: number;
}

/** The program's price for this customer: the VIP price for a VIP. */
export function unitPrice(p: Pick<Program, 'priceFen' | 'vipPriceFen'>, vip: boolean): number {
  return vip ? p.vipPriceFen : p.priceFen;
}

/** What the cashier prices a cart with: the shop's programs, the card plans on shelf, and the customer's cards. */
export interface PriceBook {
  programs: readonly Program[];
  plans: readonly CardPlan[];
  cards: readonly MemberCard[];
}

/**
 * The cart as the cashier sees it before the order is made, priced as the server will price it
 * (the server's answer is what is charged): a service at the program's (VIP) price, a session of a
 * package at 0, a card at its plan's price with no VIP price or discount. Lines of programs, plans or
 * cards no longer offered are left out.
 */
export function priceDraft(d: Draft, book: PriceBook): PricedDraft {
  const vip = d.customer?.vip ?? false;
  const lines = d.lines.flatMap((l): PricedLine[] => {
    const key = draftLineKey(l);
    if (isCardDraftLine(l)) {
      const plan = book.plans.find((x) => x.id === l.cardPlanId);
      if (!plan) return [];
      const { name, priceFen } = plan;
      return [{ key, kind: 'card', name, unitPriceFen: priceFen, vipPrice: false, quantity: 1, discountFen: 0, amountFen: priceFen }];
    }
    const p = book.programs.find((x) => x.id === l.programId);
    if (!p) return [];
    if (l.cardId !== undefined) {
      if (!book.cards.some((c) => c.id === l.cardId && c.programId === p.id)) return [];
      return [{ key, kind: 'session', name: p.name, unitPriceFen: 0, vipPrice: false, quantity: 1, discountFen: 0, amountFen: 0 }];
    }
    const unitPriceFen = unitPrice(p, vip);
    const amountFen = unitPriceFen * l.quantity - l.discountFen;
    return [
      { key, kind: 'service', name: p.name, unitPriceFen, vipPrice: vip, quantity: l.quantity, discountFen: l.discountFen, amountFen },
    ];
  });
  const totalFen = lines.reduce((s, l) => s + l.amountFen, 0);
  return { lines, totalFen, discountFen: d.discountFen, payableFen: totalFen - d.discountFen };
}

/** A made order's line in the cart's words, as the server priced it. */
export function pricedLineOf(l: OrderLine): PricedLine {
  const { unitPriceFen, quantity, discountFen, amountFen } = l;
  const money = { key: lineKey(l), unitPriceFen, quantity, discountFen, amountFen };
  if (isCardLine(l)) return { ...money, kind: 'card', name: l.cardPlanName, vipPrice: false };
  if (l.cardId !== undefined) return { ...money, kind: 'session', name: l.programName, vipPrice: false, sessionsLeft: l.sessionsLeft };
  return { ...money, kind: 'service', name: l.programName, vipPrice: l.vipPrice };
}

/** What is wrong with the draft before it can be sent, as i18n keys (the server checks it all again). */
export function draftProblems(d: Draft, priced: PricedDraft): string[] {
  const problems: string[] = [];
  const sellsCards = priced.lines.some((l) => l.kind === 'card');
  if (priced.lines.length === 0) problems.push('checkstand.problem.noLines');
  if (sellsCards && d.customer === null) problems.push('checkstand.problem.cardNeedsCustomer');
  if (sellsCards && d.discountFen > 0) problems.push('checkstand.problem.cardDiscount');
  if (priced.lines.some((l) => l.amountFen < 0)) problems.push('checkstand.problem.lineDiscount');
  if (priced.payableFen < 0) problems.push('checkstand.problem.orderDiscount');
  if (d.shares.length === 0) problems.push('checkstand.problem.noStaff');
  else if (d.shares.reduce((s, x) => s + x.shareBp, 0) !== FULL_SHARE_BP) problems.push('checkstand.problem.shares');
  return problems;
}
