import { describe, expect, it } from 'vitest';
import { sessionsValueFen, splitStoredValue, storedValueReturn } from '../../contract/cardMoney';

describe('splitStoredValue', () => {
  it('takes principal and bonus in proportion to their balances, the fen left over to the larger remainder', () => {
    // 800 + 200, pay 333: exact 266.4 + 66.6 -> 266 + 67.
    expect(splitStoredValue(333, 800, 200)).toEqual({ principalFen: 266, bonusFen: 67 });
    // 5000 + 800 (充 5000 送 800), pay 1000: exact 862.07 + 137.93 -> 862 + 138.
    expect(splitStoredValue(1000, 500_000, 80_000)).toEqual({ principalFen: 862, bonusFen: 138 });
  });

  it('gives a tie to principal, and the parts always add up to the amount exactly', () => {
    expect(splitStoredValue(1, 100, 100)).toEqual({ principalFen: 1, bonusFen: 0 });
    for (const [amount, principal, bonus] of [
      [7, 3, 5],
      [99_999, 123_457, 65_432],
      [1, 1, 999_999],
      [580_000, 500_000, 80_000],
    ]) {
      const part = splitStoredValue(amount, principal, bonus);
      expect(part.principalFen + part.bonusFen).toBe(amount);
      expect(part.principalFen).toBeLessThanOrEqual(principal);
      expect(part.bonusFen).toBeLessThanOrEqual(bonus);
    }
  });

  it('takes from principal alone when there is no bonus, and refuses more than the balance', () => {
    expect(splitStoredValue(500, 1000, 0)).toEqual({ principalFen: 500, bonusFen: 0 });
    expect(() => splitStoredValue(1001, 800, 200)).toThrow(RangeError);
  });
});

describe('sessionsValueFen', () => {
  it('values sessions left at price × left ÷ total rounded down, so the sessions add up to the price', () => {
    // 水晶唇 3 次 for ¥1,000.00: worth 1000, 666, 333, 0 fen -> sessions of 334, 333, 333.
    expect([3, 2, 1, 0].map((left) => sessionsValueFen(left, 3, 1000))).toEqual([1000, 666, 333, 0]);
    const sessions = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(
      (left) => sessionsValueFen(left, 10, 99_999) - sessionsValueFen(left - 1, 10, 99_999),
    );
    expect(sessions.reduce((s, v) => s + v, 0)).toBe(99_999);
  });
});

describe('storedValueReturn', () => {
  it('puts back principal and bonus as the payment took them, over everything returned so far', () => {
    const taken = { principalFen: 278, bonusFen: 55 };
    // 100 of 278 : 55 = 83.48 + 16.52 -> 83 + 16, the fen left to the larger remainder: 83 + 17.
    const first = storedValueReturn(100, taken, { principalFen: 0, bonusFen: 0 });
    expect(first).toEqual({ principalFen: 83, bonusFen: 17 });
    // The rest: 333 in all is 278 + 55, less 83 + 17 back already.
    expect(storedValueReturn(233, taken, first)).toEqual({ principalFen: 195, bonusFen: 38 });
  });

  it('returns exactly what was taken over any run of partial refunds, and refuses more', () => {
    const taken = { principalFen: 99_999, bonusFen: 12_347 };
    const returned = { principalFen: 0, bonusFen: 0 };
    for (const amount of [1, 7, 333, 50_000, 10_001, 52_004]) {
      const part = storedValueReturn(amount, taken, returned);
      expect(part.principalFen + part.bonusFen).toBe(amount);
      expect(part.principalFen).toBeGreaterThanOrEqual(0);
      expect(part.bonusFen).toBeGreaterThanOrEqual(0);
      returned.principalFen += part.principalFen;
      returned.bonusFen += part.bonusFen;
    }
    expect(returned).toEqual(taken);
    expect(() => storedValueReturn(1, taken, returned)).toThrow(RangeError);
  });
});
