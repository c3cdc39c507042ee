import type { FastifyPluginAsync } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { API } from '../../contract/api';
import { loginPasswordSchema } from '../../contract/auth';
import type { UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import { accountGrants, accounts, sessions, shops } from '../db/schema';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { newToken, hashToken } from '../auth/token';
import { verifyPassword } from '../auth/password';
import { parseInput } from '../http/validate';
import { ok } from '../http/reply';
import { AppError } from '../http/errors';
import { ErrorCode } from '../../contract/envelope';
import { audit } from '../audit/audit';

const WRONG_CREDENTIALS = '手机号或密码错误';

const authRoutes: FastifyPluginAsync = async (app) => {
  app.post(API.loginPassword, async (req) => {
    const { phone, password } = parseInput(loginPasswordSchema, req.body);
    const [account] = await app.db.select().from(accounts).where(eq(accounts.phone, phone));
    const valid = account ? await verifyPassword(password, account.passwordHash) : false;
    if (!account || !valid || account.status !== 'active') {
      await audit(app.db, req, { action: 'login-failed', entity: 'account', entityId: account?.id, accountId: account?.id, summary: `手机号 ${phone}` });
      throw new AppError(ErrorCode.INVALID_INPUT, WRONG_CREDENTIALS, { fields: [] });
    }
    const [grant] = await app.db.select().from(accountGrants).where(eq(accountGrants.accountId, account.id)).orderBy(accountGrants.id).limit(1);
    if (!grant) throw new AppError(ErrorCode.FORBIDDEN, '该账号尚未分配角色，请联系管理员');
    const token = newToken();
    await app.db.transaction(async (tx) => {
      await tx.insert(sessions).values({ tokenHash: hashToken(token), accountId: account.id, role: grant.role, shopId: grant.shopId, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) });
      await audit(tx, req, { action: 'login', entity: 'account', entityId: account.id, accountId: account.id, role: grant.role, shopId: grant.shopId, summary: '密码登录' });
    });
    return ok({ token });
  });

  app.post(API.logout, { preHandler: authenticate }, async (req) => {
    const s = sessionOf(req);
    await app.db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: sql`now()`, revokedReason: 'logout' }).where(and(eq(sessions.id, s.sessionId)));
      await audit(tx, req, { action: 'logout', entity: 'account', entityId: s.accountId });
    });
    return ok(null);
  });

  app.post(API.userInfo, { preHandler: authenticate }, async (req) => {
    const s = sessionOf(req);
    const [a] = await app.db.select().from(accounts).where(eq(accounts.id, s.accountId));
    const shopName = s.shopId ? (await app.db.select({ name: shops.name }).from(shops).where(eq(shops.id, s.shopId)))[0]?.name ?? null : null;
    const info: UserInfo = { name: a.name, remark: a.remark, avatar: a.avatar, jobName: a.jobName, phone: a.phone, role: s.role as Role, shop: shopName, shopID: s.shopId };
    return ok(info);
  });
};

export default authRoutes;
