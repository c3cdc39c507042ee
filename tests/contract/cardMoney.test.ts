import { describe, expect, it } from 'vitest';
import { sessionsValueFen, splitStoredValue } from '../../contract/cardMoney';

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
