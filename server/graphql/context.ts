import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { SessionContext } from '../auth/sessionGuard';
import { sessionOf } from '../auth/sessionGuard';

/** What every resolver gets: the caller's session (already authenticated) and the pool. */
export interface ReportContext {
  session: SessionContext;
  pool: pg.Pool;
  /** One clock per request, so every figure of an answer agrees on "today". */
  now: number;
}

/** mercurius also builds a context for a request that failed before the guard ran: the session is read on use. */
export function reportContext(req: FastifyRequest): ReportContext {
  return {
    get session() {
      return sessionOf(req);
    },
    pool: req.server.pool,
    now: Date.now(),
  };
}
