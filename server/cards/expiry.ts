import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberCards } from '../db/schema';
import { sessionsValueFen } from '../../contract/cardMoney';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { changeCard } from './cardBook';

/** Packages one pass closes, each in its own transaction. */
const BATCH = 100;

/**
 * The periodic job's pass over packages past their validity with sessions left: each is closed with
 * a transaction of kind expiry taking its sessions at their value (过期收入, at the shop that sold
 * it). Cards another process is closing are skipped (SKIP LOCKED), so every server process may run
 * it. Answers how many it closed.
 */
export async function expirePackages(db: Db, now = Date.now()): Promise<number> {
  const at = new Date(now).toISOString();
  let closed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(memberCards)
        .where(and(eq(memberCards.status, 'active'), isNotNull(memberCards.validUntil), lt(memberCards.validUntil, at)))
        .orderBy(asc(memberCards.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const card of due) {
        const left = card.sessionsLeft ?? 0;
        await changeCard(
          tx,
          card,
          {
            kind: 'expiry',
            sessions: -left,
            sessionValueFen: -sessionsValueFen(left, card.sessionsTotal ?? 1, card.priceFen ?? 0),
            shopId: card.soldShopId,
            note: `有效期至 ${shanghaiDayOf(Date.parse(card.validUntil!))}，剩余 ${left} 次过期`,
            status: 'expired',
          },
          null,
        );
      }
      return due.length;
    });
    closed += done;
    if (done < BATCH) return closed;
  }
}
