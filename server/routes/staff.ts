import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { API } from '../../contract/api';
import { staffCreateSchema, staffUpdateSchema } from '../../contract/staff';
import { withMaskedPhone } from '../../contract/mask';
import { accountGrants, staff } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { authenticate, requireRole } from '../auth/sessionGuard';
import { escapeLike } from '../http/listQuery';
import { parseId, parseChanges, parseInput } from '../http/validate';
import { ok } from '../http/reply';
import { invalid } from '../http/errors';
import { byShop, currentShopId, deleteRow, findRow, revealPhone, sendList, type Resource } from '../http/resource';
import { audit, diffSummary } from '../audit/audit';

const resource: Resource<typeof staff> = {
  table: staff,
  entity: 'staff',
  missing: '员工不存在',
  scope: byShop(staff.shopId),
  list: {
    fields: {
      id: staff.id,
      shopId: staff.shopId,
      name: staff.name,
      job: staff.job,
      level: staff.level,
      hiredAt: staff.hiredAt,
      status: staff.status,
      commissionRateBp: staff.commissionRateBp,
      accountId: staff.accountId,
      createdAt: staff.createdAt,
      updatedAt: staff.updatedAt,
    },
    idColumn: staff.id,
    defaultSort: [desc(staff.createdAt)],
    search: (q, bind) => {
      const like = bind(`%${escapeLike(q)}%`);
      return /^\d+$/.test(q) ? { shape: 'phone', where: ilike(staff.phone, like) } : { shape: 'name', where: ilike(staff.name, like) };
    },
  },
};

const ACCOUNT_NOT_LINKABLE = '关联账号不存在或不属于本门店';

/**
 * A staff member may be linked only to an account holding a grant for the staff member's shop. Every
 * other id (unknown, another shop's, the admin's) gets the same refusal, so ids cannot be probed.
 */
async function assertLinkableAccount(db: DbOrTx, accountId: number | null | undefined, shopId: number): Promise<void> {
  if (accountId == null) return;
  const [found] = await db
    .select({ id: accountGrants.id })
    .from(accountGrants)
    .where(and(eq(accountGrants.accountId, accountId), eq(accountGrants.shopId, shopId)))
    .limit(1);
  if (!found) throw invalid(ACCOUNT_NOT_LINKABLE, [{ field: 'accountId', message: ACCOUNT_NOT_LINKABLE }]);
}

const staffRoutes: FastifyPluginAsync = async (app) => {
  const base = `${API.resourceBase}/staff`;
  // Managers run their shop's team; admin and finance read every shop's (commission review) but never write.
  const manager = requireRole('shop-manager');

  app.get(base, { preHandler: authenticate }, (req, reply) => sendList(app.db, req, reply, resource, { map: withMaskedPhone }));

  app.get(`${base}/:id`, { preHandler: authenticate }, async (req) => ok(withMaskedPhone(await findRow(app.db, req, resource, parseId((req.params as { id: string }).id)))));

  app.post(`${base}/:id/reveal-phone`, { preHandler: requireRole('shop-manager', 'admin') }, async (req) =>
    ok(await revealPhone(app.db, req, resource, parseId((req.params as { id: string }).id), (m) => m.phone)),
  );

  app.post(base, { preHandler: manager }, async (req) => {
    const input = parseInput(staffCreateSchema, req.body);
    const shopId = currentShopId(req);
    const row = await app.db.transaction(async (tx) => {
      await assertLinkableAccount(tx, input.accountId, shopId);
      const [created] = await tx.insert(staff).values({ ...input, shopId }).returning();
      await audit(tx, req, { action: 'create', entity: 'staff', entityId: created.id, summary: `新增员工 ${created.name}` });
      return created;
    });
    return ok(withMaskedPhone(row));
  });

  app.patch(`${base}/:id`, { preHandler: manager }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    const input = parseChanges(staffUpdateSchema, req.body);
    const row = await app.db.transaction(async (tx) => {
      const before = await findRow(tx, req, resource, id, true);
      const summary = diffSummary(before, input);
      if (!summary) return before;
      if (input.accountId !== before.accountId) await assertLinkableAccount(tx, input.accountId, before.shopId);
      const [after] = await tx.update(staff).set({ ...input, updatedAt: sql`now()` }).where(eq(staff.id, id)).returning();
      await audit(tx, req, { action: 'update', entity: 'staff', entityId: id, summary });
      return after;
    });
    return ok(withMaskedPhone(row));
  });

  app.delete(`${base}/:id`, { preHandler: manager }, async (req) => {
    await deleteRow(app.db, req, resource, parseId((req.params as { id: string }).id), {
      summary: (m) => `删除员工 ${m.name}`,
      blocked: (m, refs) => `员工「${m.name}」已有${refs.join('、')}，不能删除；如已离职，请将在职状态设为离职`,
    });
    return ok(null);
  });
};

export default staffRoutes;
