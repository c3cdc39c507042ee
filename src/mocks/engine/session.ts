import { ErrorCode } from '../../../contract/envelope';
import type { Role } from '../../../contract/roles';
import { MockError } from './http';
import { kept } from './store';

/** A logged-in token acting as one grant of its account. */
export interface Session {
  accountId: number;
  role: Role;
  shopID: number | null;
  /** logout: the token is dead (50008); revoked: ended elsewhere (50012); expired: idle too long (50014). */
  ended?: 'logout' | 'revoked' | 'expired';
}

const sessions = kept(new Map<string, Session>());

export function openSession(accountId: number, grant: { role: Role; shopID: number | null }): string {
  const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  sessions.set(token, { accountId, role: grant.role, shopID: grant.shopID });
  return token;
}

/** The caller's live session, or the server's 50008/50012/50014. */
export function authenticate(request: Request): Session {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get('authorization')?.trim() ?? '');
  const session = m ? sessions.get(m[1]) : undefined;
  if (!session || session.ended === 'logout') throw new MockError(ErrorCode.ILLEGAL_TOKEN, '登录凭证无效，请重新登录');
  if (session.ended === 'revoked')
    throw new MockError(ErrorCode.SESSION_ENDED, '登录状态已失效（密码已修改、账号已停用或在别处变更），请重新登录');
  if (session.ended === 'expired') throw new MockError(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  return session;
}

/** Ends every live session that `which` picks; they then answer 50012 (revoked) or 50014 (expired). */
export function endSessions(which: (s: Session) => boolean, how: 'revoked' | 'expired'): void {
  for (const s of sessions.values()) if (!s.ended && which(s)) s.ended = how;
}
