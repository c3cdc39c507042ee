import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { passwordModifySchema } from '../../contract/auth';
import { accounts, sessions } from '../db/schema';
import { audit } from '../audit/audit';
import { invalid, type AppError } from '../http/errors';
import { hashPassword, verifyPassword } from './password';
import { sessionOf } from './sessionGuard';
import { notifyPasswordChanged } from '../messages/accountEvents';

const WRONG_OLD_PASSWORD = '原密码不正确';
const SAME_PASSWORD = '新密码不能与原密码相同';

/**
 * Sets a new password after checking the old one, and ends every other session of the account
 * (they then answer 50012); the calling session stays logged in.
 */
export async function changePassword(req: FastifyRequest, input: z.output<typeof passwordModifySchema>): Promise<void> {
  const s = sessionOf(req);
  if (input.oldPassword === input.newPassword) throw invalid(SAME_PASSWORD, [{ field: 'newPassword', message: SAME_PASSWORD }]);
  const refusal = await req.server.db.transaction(async (tx): Promise<AppError | null> => {
    // Row lock: two changes racing on one account apply one after the other.
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, s.accountId)).for('update');
    if (!(await verifyPassword(input.oldPassword, account.passwordHash))) {
      await audit(tx, req, { action: 'password-change-failed', entity: 'account', entityId: s.accountId, summary: '原密码不正确' });
      return invalid(WRONG_OLD_PASSWORD, [{ field: 'oldPassword', message: WRONG_OLD_PASSWORD }]);
    }
    await tx
      .update(accounts)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: sql`now()` })
      .where(eq(accounts.id, s.accountId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'password' })
      .where(and(eq(sessions.accountId, s.accountId), ne(sessions.id, s.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await notifyPasswordChanged(tx, s.accountId, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    await audit(tx, req, {
      action: 'password-change',
      entity: 'account',
      entityId: s.accountId,
      summary: `修改密码，其他 ${ended.length} 个登录会话已下线`,
    });
    return null;
  });
  if (refusal) throw refusal;
}
