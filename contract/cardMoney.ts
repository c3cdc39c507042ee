import { splitByShares } from './shareSplit';

/**
 * A stored-value payment taken from principal and bonus in proportion to their balances, by the
 * largest remainder so the two parts add up to the amount exactly (ties to principal). Balance 800 +
 * 200, pay 333: 266.4 + 66.6 -> 266 + 67. The caller has checked amount <= principal + bonus.
 */
export function splitStoredValue(amountFen: number, principalFen: number, bonusFen: number): { principalFen: number; bonusFen: number } {
  if (amountFen <= 0) return { principalFen: 0, bonusFen: 0 };
  if (amountFen > principalFen + bonusFen) throw new RangeError('amount exceeds the balance');
  const [p, b] = splitByShares(amountFen, [principalFen, bonusFen]);
  return { principalFen: p, bonusFen: b };
}

/**
 * What `sessionsLeft` sessions of a package sold for `priceFen` over `sessionsTotal` are worth:
 * price × left ÷ total rounded down. A session redeemed is worth the difference before and after,
 * so the sessions of a package add up to its price exactly (1000 over 3: 334, 333, 333).
 */
export function sessionsValueFen(sessionsLeft: number, sessionsTotal: number, priceFen: number): number {
  if (sessionsTotal <= 0) return 0;
  return Math.floor((priceFen * sessionsLeft) / sessionsTotal);
}
