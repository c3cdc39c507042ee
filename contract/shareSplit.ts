/** Staff shares are basis points of an order: 10,000 = 100%. */
export const FULL_SHARE_BP = 10_000;

/**
 * Splits an amount of fen by shares with the largest-remainder method, so the parts are whole fen and
 * add up to the amount exactly: 10000 fen over three equal shares is 3334 + 3333 + 3333. Each part
 * first gets the floor of its exact share; the fen left over go one each to the largest remainders,
 * ties to the earlier share. A negative amount (a refund's adjustment) is split as its absolute value
 * and negated, so a refund mirrors the sale it reverses.
 */
export function splitByShares(amountFen: number, sharesBp: readonly number[]): number[] {
  if (sharesBp.length === 0) return [];
  const total = sharesBp.reduce((s, b) => s + b, 0);
  if (total <= 0) throw new RangeError('shares must add up to more than 0');
  const sign = amountFen < 0 ? -1 : 1;
  const abs = Math.abs(amountFen);
  const exact = sharesBp.map((bp) => (abs * bp) / total);
  const parts = exact.map(Math.floor);
  let left = abs - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts.map((p) => (p === 0 ? 0 : sign * p));
}

/** An even split of 100% over n staff, by the same method: 3 -> 3334, 3333, 3333. */
export function evenSharesBp(n: number): number[] {
  return n <= 0
    ? []
    : splitByShares(
        FULL_SHARE_BP,
        Array.from({ length: n }, () => 1),
      );
}

/** amount × rate in basis points, rounded half up to the fen (negative amounts round half away from zero). */
export function commissionFen(amountFen: number, rateBp: number): number {
  const sign = amountFen < 0 ? -1 : 1;
  return sign * Math.round((Math.abs(amountFen) * rateBp) / FULL_SHARE_BP);
}
