import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { staffCreateSchema, staffResource, staffUpdateSchema } from '../../contract/staff';
import { withMaskedPhone } from '../../contract/mask';
import { accountGrants, staff } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { resourceGuard } from '../auth/resourceGuard';
import { escapeLike } from '../db/list/listQuery';
import { changes } from '../http/validate';
import { ok } from '../http/reply';
import { invalid } from '../http/errors';
import { currentShopId, findRow, revealPhone, sendList, serverResource } from '../http/resource';
import { deleteRoutes } from '../http/deletion';
import { envelope, fullPhoneSchema, idParams, listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import { audit, diffSummary } from '../audit/audit';

const resource = serverResource({
  descriptor: staffResource,
  table: staff,
  entity: 'staff',
  shopColumn: staff.shopId,
  columns: {
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
});

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

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(staffResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(staffResource, verb) });

  app.get(base, { ...guard('list'), schema: listSchema(staffResource, resource) }, (req, reply) =>
    sendList(app.db, req, reply, resource, req.query, withMaskedPhone),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(staffResource) }, async (req) =>
    ok(withMaskedPhone(await findRow(app.db, req, resource, req.params.id))),
  );

  app.post(
    `${base}/:id/reveal-phone`,
    { ...guard('action:reveal-phone'), schema: { params: idParams, response: { 200: envelope(fullPhoneSchema) } } },
    async (req) => ok(await revealPhone(app.db, req, resource, req.params.id, (m) => m.phone)),
  );

  app.post(base, { ...guard('create'), schema: { body: staffCreateSchema, response: rowAnswer(staffResource) } }, async (req) => {
    const input = req.body;
    const shopId = currentShopId(req);
    const row = await app.db.transaction(async (tx) => {
      await assertLinkableAccount(tx, input.accountId, shopId);
      const [created] = await tx
        .insert(staff)
        .values({ ...input, shopId })
        .returning();
      await audit(tx, req, { action: 'create', entity: 'staff', entityId: created.id, summary: `新建员工 ${created.name}` });
      return created;
    });
    return ok(withMaskedPhone(row));
  });

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: staffUpdateSchema, response: rowAnswer(staffResource) } },
    async (req) => {
      const { id } = req.params;
      const input = changes(req.body);
      const row = await app.db.transaction(async (tx) => {
        const before = await findRow(tx, req, resource, id, true);
        const summary = diffSummary(before, input);
        if (!summary) return before;
        if (input.accountId !== before.accountId) await assertLinkableAccount(tx, input.accountId, before.shopId);
        const [after] = await tx
          .update(staff)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(staff.id, id))
          .returning();
        await audit(tx, req, { action: 'update', entity: 'staff', entityId: id, summary });
        return after;
      });
      return ok(withMaskedPhone(row));
    },
  );

  deleteRoutes(app, resource, {
    summary: (m) => `删除员工 ${m.name}`,
    blocked: (m, refs) => `员工「${m.name}」已有${refs.join('、')}，不能删除；如已离职，请将在职状态设为离职`,
  });
};

export default staffRoutes;
