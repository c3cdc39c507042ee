import { describe, expect, it } from 'vitest';
import type { CardPlan } from '../../../contract/cardPlan';
import type { MemberCard } from '../../../contract/memberCard';
import type { Program } from '../../../contract/program';
import { EMPTY_DRAFT, addCardPlan, addProgram, addSession, orderInput, type Draft } from '../../../src/pages/checkstand/draft';
import { draftProblems, priceDraft } from '../../../src/pages/checkstand/pricing';
import { paymentsComplete, paymentsOf, storedValueCapFen, storedValueSplit } from '../../../src/pages/checkstand/payments';

const program = (id: number, name: string, priceFen: number, vipPriceFen: number) =>
  ({ id, name, priceFen, vipPriceFen, status: 'on', type: 2 }) as Program;
const plan = (id: number, name: string, kind: CardPlan['kind'], priceFen: number) =>
  ({ id, name, kind, priceFen, status: 'on' }) as CardPlan;
const card = (id: number, c: Partial<MemberCard>) => ({ id, status: 'active', ...c }) as MemberCard;

/** 水晶唇 ¥1,980 (VIP ¥1,680); plans 充 5000 送 800 and 水晶唇 3 次 ¥4,500; 陈雪 (VIP) holds a 水晶唇 package. */
const book = {
  programs: [program(2, '水晶唇', 198_000, 168_000)],
  plans: [plan(2, '充 5000 送 800', 'stored-value', 500_000), plan(4, '水晶唇 3 次', 'package', 450_000)],
  cards: [card(7, { kind: 'package', programId: 2, sessionsLeft: 2, sessionsTotal: 3 })],
};
const chen: Draft['customer'] = { id: 1, name: '陈雪', phone: '137****1234', vip: true };
const staffed = (d: Draft): Draft => ({ ...d, shares: [{ staffId: 1, shareBp: 10_000 }] });

describe('the cart with cards', () => {
  it('prices a card at its plan (no VIP price), a session at 0 and a service at the VIP price', () => {
    let d: Draft = { ...EMPTY_DRAFT, customer: chen };
    d = addCardPlan(d, 2);
    d = addSession(d, 2, 7);
    d = addProgram(d, 2);
    const priced = priceDraft(d, book);
    expect(priced.lines.map(({ kind, name, unitPriceFen, amountFen }) => [kind, name, unitPriceFen, amountFen])).toEqual([
      ['card', '充 5000 送 800', 500_000, 500_000],
      ['session', '水晶唇', 0, 0],
      ['service', '水晶唇', 168_000, 168_000],
    ]);
    // 5000 + 0 + 1680
    expect(priced.payableFen).toBe(668_000);
  });

  it('sends a card as { cardPlanId, quantity: 1 } and a session as { programId, quantity: 1, cardId }', () => {
    const d = addProgram(addSession(addCardPlan({ ...EMPTY_DRAFT, customer: chen }, 4), 2, 7), 2);
    expect(orderInput(d).lines).toEqual([
      { cardPlanId: 4, quantity: 1 },
      { programId: 2, quantity: 1, cardId: 7 },
      { programId: 2, quantity: 1, discountFen: 0 },
    ]);
  });

  it('adds a plan once and a package session once, and drops the order discount when a card comes in', () => {
    const d = addCardPlan(addCardPlan({ ...EMPTY_DRAFT, customer: chen, discountFen: 1_000 }, 2), 2);
    expect(d.lines).toEqual([{ cardPlanId: 2 }]);
    expect(d.discountFen).toBe(0);
    expect(addSession(addSession(d, 2, 7), 2, 7).lines).toHaveLength(2);
  });

  it('refuses a card for a walk-in and an order discount on a card sale', () => {
    const walkIn = staffed(addCardPlan(EMPTY_DRAFT, 2));
    expect(draftProblems(walkIn, priceDraft(walkIn, book))).toEqual(['checkstand.problem.cardNeedsCustomer']);
    const discounted = { ...staffed(addCardPlan({ ...EMPTY_DRAFT, customer: chen }, 2)), discountFen: 100 };
    expect(draftProblems(discounted, priceDraft(discounted, book))).toContain('checkstand.problem.cardDiscount');
  });

  it('leaves out a session of a package the customer does not hold', () => {
    const d = addSession({ ...EMPTY_DRAFT, customer: chen }, 2, 99);
    expect(priceDraft(d, book).lines).toEqual([]);
  });
});

describe('the payment split', () => {
  const account = { principalFen: 80_000, bonusFen: 20_000 };

  it('lets the card pay at most its balance and the payable, and nothing of an order selling a card', () => {
    // A balance of 1000 on a payable of 1680: 1000; of 500: 500.
    expect(storedValueCapFen(168_000, false, account)).toBe(100_000);
    expect(storedValueCapFen(50_000, false, account)).toBe(50_000);
    expect(storedValueCapFen(668_000, true, { principalFen: 500_000, bonusFen: 80_000 })).toBe(0);
    expect(storedValueCapFen(168_000, false, undefined)).toBe(0);
  });

  it('shows the card payment split into principal and bonus by their balances, to the fen (800 + 200, pay 333 -> 266 + 67)', () => {
    expect(storedValueSplit(33_300, account)).toEqual({ principalFen: 26_640, bonusFen: 6_660, leftFen: 66_700 });
    expect(storedValueSplit(333, { principalFen: 800, bonusFen: 200 })).toEqual({ principalFen: 266, bonusFen: 67, leftFen: 667 });
  });

  it('completes a payable of 0 with no payment, and a stored-value payment with cash when they add up within the cap', () => {
    expect(paymentsComplete(0, [], 0)).toBe(true);
    expect(paymentsComplete(0, [{ method: 'cash', amountFen: 1 }], 0)).toBe(false);
    const rows = [
      { method: 'stored-value' as const, amountFen: 100_000, cardId: 5 },
      { method: 'cash' as const, amountFen: 68_000 },
    ];
    expect(paymentsComplete(168_000, rows, 100_000)).toBe(true);
    expect(paymentsComplete(168_000, rows, 99_999)).toBe(false);
    expect(paymentsOf(rows)).toEqual([
      { method: 'stored-value', amountFen: 100_000, cardId: 5 },
      { method: 'cash', amountFen: 68_000 },
    ]);
  });
});
