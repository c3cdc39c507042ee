import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { SessionContext } from '../auth/sessionGuard';
import { sessionOf } from '../auth/sessionGuard';
import type { AnswerCache } from '../db/answerCache';

/** What every resolver gets: the caller's session (already authenticated) and the pool. */
export interface ReportContext {
  session: SessionContext;
  pool: pg.Pool;
  /** One clock per request, so every figure of an answer agrees on "today". */
  now: number;
  /**
   * A report's figures under `key` (what they depend on besides the data: the operation and its
   * arguments) for one shop or every shop (null), computed again only once the data they read changed.
   */
  kept<T>(key: string, shopId: number | null, compute: () => Promise<T>): Promise<T>;
}

/** mercurius also builds a context for a request that failed before the guard ran: the session is read on use. */
export function reportContext(req: FastifyRequest, reports: AnswerCache<unknown>): ReportContext {
  return {
    get session() {
      return sessionOf(req);
    },
    pool: req.server.pool,
    now: Date.now(),
    kept: <T>(key: string, shopId: number | null, compute: () => Promise<T>) =>
      reports.answer(req.server.pool, key, shopId, compute) as Promise<T>,
  };
}
