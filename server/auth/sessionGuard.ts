import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../http/errors';
import { refuses } from '../http/refusals';
import { ErrorCode } from '../../contract/envelope';
import type { Role } from '../../contract/roles';
import { accounts, sessions, shops } from '../db/schema';
import { hashToken } from './token';
import type { Db } from '../db/client';

/** Who is calling: the account and the grant (role, shop) the session currently acts as. */
export interface SessionContext {
  sessionId: number;
  accountId: number;
  accountName: string;
  role: Role;
  /** The current shop for a shop-manager; null for admin and financial-staff. */
  shopId: number | null;
  shopName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionContext;
  }
}

const TOUCH_EVERY_MS = 60_000;

const illegalToken = () => new AppError(ErrorCode.ILLEGAL_TOKEN, '登录凭证无效，请重新登录');
const sessionEnded = () => new AppError(ErrorCode.SESSION_ENDED, '登录状态已失效（密码已修改、账号已停用或在别处变更），请重新登录');
const tokenExpired = () => new AppError(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(h.trim());
  if (!m) throw illegalToken();
  return m[1];
}

/**
 * Every authenticated request starts with this lookup, so it is built once per database and sent as a
 * named prepared statement: PostgreSQL parses and plans it once per connection.
 */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return sessionLookupQuery(db).prepare('session_by_token_hash');
}

/**
 * The lookup itself, unprepared. The session cache's triggers (migration 0002) watch every column it
 * reads; tests/server/sessionTriggers.test.ts fails when the two drift apart.
 */
export function sessionLookupQuery(db: Db) {
  return db
    .select({
      id: sessions.id,
      accountId: sessions.accountId,
      role: sessions.role,
      shopId: sessions.shopId,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      accountName: accounts.name,
      accountStatus: accounts.status,
      shopName: shops.name,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(shops, eq(shops.id, sessions.shopId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')));
}
function sessionLookup(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  return lookup;
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareLookup>['execute']>>[number];

/** Why this row may not act, or undefined when it may. */
function refusal(row: SessionRow | undefined, now: number, idleMs: number): AppError | undefined {
  if (!row) return illegalToken();
  if (row.revokedAt) return row.revokedReason === 'logout' ? illegalToken() : sessionEnded();
  if (row.accountStatus !== 'active') return sessionEnded();
  if (now - row.lastSeenAt.getTime() > idleMs) return tokenExpired();
  return undefined;
}

/** The session row that may act for this token: from the cache when it lets the request through, else read fresh. */
async function sessionOfToken(req: FastifyRequest, tokenHash: string, now: number): Promise<SessionRow> {
  const { db, config, sessionCache } = req.server;
  const cached = sessionCache.get(tokenHash);
  if (cached && !refusal(cached, now, config.sessionIdleMs)) return cached;
  const generation = sessionCache.generation();
  const [row] = await sessionLookup(db).execute({ tokenHash });
  const refused = refusal(row, now, config.sessionIdleMs);
  if (refused) throw refused;
  sessionCache.set(tokenHash, row, generation);
  return row;
}

/**
 * preValidation: loads the session behind the bearer token or answers 50008 / 50012 / 50014. A cached
 * session only ever lets a request through; any refusal is decided on a fresh read.
 */
export const authenticate = refuses([401], async function authenticate(req: FastifyRequest): Promise<void> {
  const token = bearer(req);
  if (!token) throw illegalToken();
  const { db } = req.server;
  const now = Date.now();
  const row = await sessionOfToken(req, hashToken(token), now);
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Sliding idle expiry without a write on every request; the cached row learns it too.
    row.lastSeenAt = new Date(now);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, row.id), isNull(sessions.revokedAt), lt(sessions.lastSeenAt, new Date(now - TOUCH_EVERY_MS))));
  }
  req.session = {
    sessionId: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    role: row.role as Role,
    shopId: row.shopId,
    shopName: row.shopName,
  };
});

/** The session of an authenticated request. */
export function sessionOf(req: FastifyRequest): SessionContext {
  if (!req.session) throw illegalToken();
  return req.session;
}
