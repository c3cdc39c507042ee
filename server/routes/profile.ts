import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { PROFILE_API, accountUpdateSchema } from '../../contract/account';
import { accounts } from '../db/schema';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { userInfo } from '../auth/grants';
import { changes } from '../http/validate';
import { ok } from '../http/reply';
import { envelope } from '../http/routeSchemas';
import { userInfoSchema } from '../../contract/auth';
import { audit, diffSummary } from '../audit/audit';

/**
 * The user center: any logged-in account edits its own name, avatar, jobName and remark. The phone
 * is the login id and stays read-only (the strict schema answers "不允许的字段：phone").
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    PROFILE_API,
    { preValidation: authenticate, schema: { body: accountUpdateSchema, response: { 200: envelope(userInfoSchema) } } },
    async (req) => {
      const s = sessionOf(req);
      const input = changes(req.body);
      const info = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ name: accounts.name, jobName: accounts.jobName, remark: accounts.remark, avatar: accounts.avatar })
          .from(accounts)
          .where(eq(accounts.id, s.accountId))
          .for('update');
        const summary = diffSummary(before, input);
        if (!summary) return userInfo(tx, s);
        await tx
          .update(accounts)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(accounts.id, s.accountId));
        await audit(tx, req, { action: 'update-profile', entity: 'account', entityId: s.accountId, summary });
        return userInfo(tx, s);
      });
      return ok(info);
    },
  );
};

export default profileRoutes;
