import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions } from '../db/schema';

/** Why a session ended; the guard answers 50012 for every reason but logout. */
export type RevokeReason = 'password' | 'disabled' | 'grant';

export interface RevokeScope {
  /** Only sessions acting under this grant. */
  grant?: { role: string; shopId: number | null };
  /** Keep this one (the caller's own session after changing its own password). */
  exceptSessionId?: number;
}

/** Ends an account's live sessions at once; answers how many ended. */
export async function revokeSessions(db: DbOrTx, accountId: number, reason: RevokeReason, scope: RevokeScope = {}): Promise<number> {
  const conditions: (SQL | undefined)[] = [eq(sessions.accountId, accountId), isNull(sessions.revokedAt)];
  if (scope.grant) conditions.push(eq(sessions.role, scope.grant.role), sql`${sessions.shopId} is not distinct from ${scope.grant.shopId}`);
  if (scope.exceptSessionId !== undefined) conditions.push(ne(sessions.id, scope.exceptSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}
