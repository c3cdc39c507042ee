import { describe, expect, it } from 'vitest';
import { commissionFen, evenSharesBp, splitByShares } from '../../contract/shareSplit';

describe('splitByShares', () => {
  it('gives the leftover fen to the largest remainders, earlier shares first on ties', () => {
    expect(splitByShares(10_000, [3334, 3333, 3333])).toEqual([3334, 3333, 3333]);
    expect(splitByShares(10_000, [1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(splitByShares(100, [5000, 5000])).toEqual([50, 50]);
    expect(splitByShares(1, [5000, 5000])).toEqual([1, 0]);
    expect(splitByShares(7, [1000, 6000, 3000])).toEqual([1, 4, 2]);
  });

  it('always adds up to the amount', () => {
    for (const amount of [0, 1, 99, 12_345, 9_999_999]) {
      for (const shares of [[10_000], [2500, 2500, 5000], [1, 9999], [3333, 3333, 3334], [1234, 4321, 4445]]) {
        const parts = splitByShares(amount, shares);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
        expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
      }
    }
  });

  it('mirrors a negative amount', () => {
    expect(splitByShares(-10_000, [3334, 3333, 3333])).toEqual([-3334, -3333, -3333]);
    expect(splitByShares(-1, [5000, 5000])).toEqual([-1, 0]);
  });
});

describe('evenSharesBp', () => {
  it('splits 100% evenly in basis points', () => {
    expect(evenSharesBp(1)).toEqual([10_000]);
    expect(evenSharesBp(3)).toEqual([3334, 3333, 3333]);
    expect(evenSharesBp(0)).toEqual([]);
  });
});

describe('commissionFen', () => {
  it('rounds half up to the fen, symmetric for negatives', () => {
    expect(commissionFen(10_000, 1500)).toBe(1500);
    expect(commissionFen(5, 1000)).toBe(1);
    expect(commissionFen(-5, 1000)).toBe(-1);
    expect(commissionFen(3333, 1250)).toBe(417);
  });
});
