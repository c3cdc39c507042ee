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

/**
 * The parts of a refund of `amountFen` back onto the card a payment took `taken` from, after
 * `returned` came back already: principal and bonus in the proportion the payment took them, by the
 * largest remainder over everything returned so far, so partial refunds never drift from that
 * proportion and a full refund gives back each part exactly. Taken 266 + 67, refund 100: 80 + 20;
 * then the remaining 233: 186 + 47. The caller has checked amount <= taken − returned.
 */
export function storedValueReturn(
  amountFen: number,
  taken: { principalFen: number; bonusFen: number },
  returned: { principalFen: number; bonusFen: number },
): { principalFen: number; bonusFen: number } {
  const total = returned.principalFen + returned.bonusFen + amountFen;
  if (total > taken.principalFen + taken.bonusFen) throw new RangeError('refund exceeds what was taken');
  if (amountFen <= 0) return { principalFen: 0, bonusFen: 0 };
  const [principal] = splitByShares(total, [taken.principalFen, taken.bonusFen]);
  const principalFen = Math.min(Math.max(principal - returned.principalFen, 0), amountFen);
  return { principalFen, bonusFen: amountFen - principalFen };
}
