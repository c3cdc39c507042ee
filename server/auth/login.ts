import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginPasswordSchema } from '../../contract/auth';
import type { Tx } from '../db/client';
import { accountGrants, accounts, sessions } from '../db/schema';
import { audit } from '../audit/audit';
import { forbidden, invalid, type AppError } from '../http/errors';
import { hashPassword, verifyPassword } from './password';
import { hashToken, newToken } from './token';
import { lockPhone, loginLockout, recordLoginAttempt } from './loginThrottle';
import { sessionOf } from './sessionGuard';
import { notifyNewLogin } from '../messages/accountEvents';

/** One message for a wrong phone, a wrong password and a disabled account: it must not tell which. */
const WRONG_CREDENTIALS = '手机号或密码错误';

/**
 * A login's transaction answers either a token or the error to send once the transaction has
 * committed, so the failure's audit row and attempt count are kept rather than rolled back.
 */
export type LoginOutcome = { token: string } | { error: AppError };

/** Throws the outcome's error, or answers its token. */
export function tokenOf(outcome: LoginOutcome): string {
  if ('error' in outcome) throw outcome.error;
  return outcome.token;
}

/** Unknown phones still pay for one scrypt, so timing does not reveal which phones have accounts. */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-0');
  return decoyHash;
}

/** The active account behind a phone, if any. */
export async function activeAccountByPhone(tx: Tx, phone: string) {
  const [account] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.phone, phone), eq(accounts.status, 'active')));
  return account;
}

/** Starts a session acting as the account's first grant (by id) and audits the login. */
export async function openSession(tx: Tx, req: FastifyRequest, accountId: number, method: string): Promise<LoginOutcome> {
  const [grant] = await tx
    .select()
    .from(accountGrants)
    .where(eq(accountGrants.accountId, accountId))
    .orderBy(accountGrants.id)
    .limit(1)
    .for('share');
  if (!grant) {
    await audit(tx, req, {
      action: 'login-failed',
      entity: 'account',
      entityId: accountId,
      accountId,
      summary: `${method}：账号没有任何角色`,
    });
    return { error: forbidden('该账号尚未分配角色，请联系管理员') };
  }
  const token = newToken();
  const [created] = await tx
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      accountId,
      role: grant.role,
      shopId: grant.shopId,
      ip: req.ip.slice(0, 64),
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    })
    .returning({ id: sessions.id });
  await notifyNewLogin(tx, accountId, {
    sessionId: created.id,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    sessionIdleMs: req.server.config.sessionIdleMs,
  });
  await audit(tx, req, {
    action: 'login',
    entity: 'account',
    entityId: accountId,
    accountId,
    role: grant.role,
    shopId: grant.shopId,
    summary: method,
  });
  return { token };
}

export async function loginWithPassword(req: FastifyRequest, input: z.output<typeof loginPasswordSchema>): Promise<string> {
  const { phone, password } = input;
  const outcome = await req.server.db.transaction(async (tx): Promise<LoginOutcome> => {
    await lockPhone(tx, phone);
    const lockout = await loginLockout(tx, req, phone);
    if (lockout) return { error: lockout };
    const [account] = await tx.select().from(accounts).where(eq(accounts.phone, phone));
    const valid = await verifyPassword(password, account?.passwordHash ?? (await decoy()));
    if (!account || !valid || account.status !== 'active') {
      const reason = !account ? '手机号未注册' : !valid ? '密码错误' : '账号已停用';
      await recordLoginAttempt(tx, req, phone, false);
      await audit(tx, req, {
        action: 'login-failed',
        entity: 'account',
        entityId: account?.id,
        accountId: account?.id,
        summary: `密码登录 ${phone}：${reason}`,
      });
      return { error: invalid(WRONG_CREDENTIALS) };
    }
    await recordLoginAttempt(tx, req, phone, true);
    return openSession(tx, req, account.id, '密码登录');
  });
  return tokenOf(outcome);
}

/** Ends the calling session; its token answers 50008 from then on. */
export async function endSession(req: FastifyRequest): Promise<void> {
  const s = sessionOf(req);
  await req.server.db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'logout' })
      .where(and(eq(sessions.id, s.sessionId), isNull(sessions.revokedAt)));
    await audit(tx, req, { action: 'logout', entity: 'account', entityId: s.accountId });
  });
}
