import type pg from 'pg';
import type { CardSummary } from '../../contract/cardTransaction';
import { periodOf } from '../reports/period';
import { cardLiability, cardSettlement, cardShopFigures } from './figures';

/**
 * GET card-transactions/summary: the /finance/cards page for a period: each shop's liability at the
 * period's end (now, if that is later), its card figures of the period and the cross-shop settlement.
 */
export async function cardSummary(pool: pg.Pool, from: string, to: string, now: number): Promise<CardSummary> {
  const period = periodOf(from, to);
  const atEnd = Date.parse(period.end) < now;
  const [liability, figures, settlement] = await Promise.all([
    cardLiability(pool, atEnd ? to : null),
    cardShopFigures(pool, period),
    cardSettlement(pool, period),
  ]);
  return { from, to, at: atEnd ? period.end : new Date(now).toISOString(), liability, figures, settlement };
}
