import type { Program } from '../../../contract/program';
import { FULL_SHARE_BP } from '../../../contract/shareSplit';
import type { Draft } from './draft';

export interface PricedLine {
  programId: number;
  programName: string;
  unitPriceFen: number;
  vipPrice: boolean;
  quantity: number;
  discountFen: number;
  amountFen: number;
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

/**
 * The cart as the cashier sees it before the order is made, priced as the server will price it
 * (the server's answer is what is charged). Lines of programs no longer offered are left out.
 */
export function priceDraft(d: Draft, programs: readonly Program[]): PricedDraft {
  const vip = d.customer?.vip ?? false;
  const lines = d.lines.flatMap((l) => {
    const p = programs.find((x) => x.id === l.programId);
    if (!p) return [];
    const unitPriceFen = unitPrice(p, vip);
    return [
      {
        programId: p.id,
        programName: p.name,
        unitPriceFen,
        vipPrice: vip,
        quantity: l.quantity,
        discountFen: l.discountFen,
        amountFen: unitPriceFen * l.quantity - l.discountFen,
      },
    ];
  });
  const totalFen = lines.reduce((s, l) => s + l.amountFen, 0);
  return { lines, totalFen, discountFen: d.discountFen, payableFen: totalFen - d.discountFen };
}

/** What is wrong with the draft before it can be sent, as i18n keys (the server checks it all again). */
export function draftProblems(d: Draft, priced: PricedDraft): string[] {
  const problems: string[] = [];
  if (priced.lines.length === 0) problems.push('checkstand.problem.noLines');
  if (priced.lines.some((l) => l.amountFen < 0)) problems.push('checkstand.problem.lineDiscount');
  if (priced.payableFen < 0) problems.push('checkstand.problem.orderDiscount');
  if (d.shares.length === 0) problems.push('checkstand.problem.noStaff');
  else if (d.shares.reduce((s, x) => s + x.shareBp, 0) !== FULL_SHARE_BP) problems.push('checkstand.problem.shares');
  return problems;
}
