import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { SessionContext } from '../auth/sessionGuard';
import type { LedgerSummary } from '../../contract/ledgerEntry';

/**
 * GET ledger/summary: income, expense and net of the period, and one row per day (days without an
 * entry are zero rows). Amounts are summed as they stand, by type: a refund is a negative income
 * entry, so it lowers income; a reversal carries the type of the entry it corrects and the negated
 * amount, so the pair nets to zero within that type.
 */
export async function ledgerSummary(
  db: Db,
  session: SessionContext,
  q: { from: string; to: string; shopId?: number },
): Promise<LedgerSummary> {
  const shopId = session.role === 'shop-manager' ? (session.shopId ?? -1) : q.shopId;
  const shop = shopId === undefined ? sql`` : sql`and e.shop_id = ${shopId}`;
  const { rows } = await db.execute<{ day: string; incomeFen: number; expenseFen: number }>(sql`
    select d::date::text as "day",
           coalesce(sum(e.amount_fen) filter (where e.type = 'income'), 0)::bigint as "incomeFen",
           coalesce(sum(e.amount_fen) filter (where e.type = 'expense'), 0)::bigint as "expenseFen"
    from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
    left join ledger_entries e on e.occurred_on = d::date ${shop}
    group by d order by d`);
  const days = rows.map((r) => ({ day: r.day, incomeFen: Number(r.incomeFen), expenseFen: Number(r.expenseFen) }));
  const incomeFen = days.reduce((s, d) => s + d.incomeFen, 0);
  const expenseFen = days.reduce((s, d) => s + d.expenseFen, 0);
  return { incomeFen, expenseFen, netFen: incomeFen - expenseFen, days };
}
