import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_API,
  LAST_GRANT_MESSAGE,
  accountCreateSchema,
  accountResource,
  accountRowSchema,
  accountUpdateSchema,
  grantLabel,
  grantSchema,
} from '../../contract/account';
import { maskPhone } from '../../contract/mask';
import type { ApiVerb } from '../../contract/resource';
import type { Role } from '../../contract/roles';
import type { Tx } from '../db/client';
import { accountGrants, accounts } from '../db/schema';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { hashPassword } from '../auth/password';
import { listQuery, textSearch, type CustomFilter } from '../db/list/listQuery';
import type { ListRequest } from '../http/listRequest';
import { changes } from '../http/validate';
import { ok, page } from '../http/reply';
import { conflict, notFound } from '../http/errors';
import { serverResource } from '../http/resource';
import { envelope, idParam, idParams, listSchema, readSchema } from '../http/routeSchemas';
import { audit, diffSummary } from '../audit/audit';
import { accountColumns, accountView, accountViews, grantsOf } from '../accounts/accountView';
import { generateInitialPassword } from '../accounts/initialPassword';
import { revokeSessions } from '../accounts/sessions';
import { checkGrantShops } from '../accounts/grants';
import { notifyGrantAdded, notifyGrantRemoved, notifyPasswordReset } from '../messages/accountEvents';
import { z } from 'zod';

const valuesOf = (request: ListRequest, field: string) => request.filters.find((f) => f.field === field)?.values ?? [];

/**
 * role= and shopID= filter accounts by their grants, both on one grant: role=shop-manager&shopID=3
 * is an account that manages shop 3. The role filter builds the condition for both.
 */
const byGrant: CustomFilter['where'] = (_values, bind, request) => {
  const roles = valuesOf(request, 'role') as Role[];
  const shopIds = valuesOf(request, 'shopID') as number[];
  const conditions: SQL[] = [eq(accountGrants.accountId, accounts.id)];
  if (roles.length) conditions.push(inArray(accountGrants.role, roles.map(bind)));
  if (shopIds.length) conditions.push(inArray(accountGrants.shopId, shopIds.map(bind)));
  return { shape: `${roles.length}:${shopIds.length}`, where: sql`exists (select 1 from ${accountGrants} where ${and(...conditions)})` };
};

const resource = serverResource({
  descriptor: accountResource,
  table: accounts,
  entity: 'account',
  columns: {
    id: accounts.id,
    name: accounts.name,
    phone: accounts.phone,
    jobName: accounts.jobName,
    status: accounts.status,
    role: { where: byGrant },
    shopID: { where: (values, bind, request) => (valuesOf(request, 'role').length ? undefined : byGrant(values, bind, request)) },
    createdAt: accounts.createdAt,
    updatedAt: accounts.updatedAt,
  },
  idColumn: accounts.id,
  search: textSearch(accounts.name, accounts.phone),
});

/** Locks the account row for the change; every write here goes through it so concurrent admins serialise. */
async function lockAccount(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: accounts.id,
      name: accounts.name,
      status: accounts.status,
      jobName: accounts.jobName,
      remark: accounts.remark,
      avatar: accounts.avatar,
    })
    .from(accounts)
    .where(eq(accounts.id, id))
    .for('update');
  if (!row) throw notFound('账号不存在');
  return row;
}

const accountAnswer = { 200: envelope(accountResource.schemas.row) };
/** A new account or a reset password: the row with the initial password, shown once. */
const withInitialPassword = accountRowSchema.extend({ initialPassword: z.string() });

/** Admins manage accounts and their grants (/business/account). */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(accountResource, verb) });
  const base = ACCOUNT_API.list;

  app.get(base, { ...guard('list'), schema: listSchema(accountResource, resource) }, async (req, reply) => {
    const list = listQuery(req.query, resource.list);
    const where = list.where;
    const [rows, [{ total }]] = await Promise.all([
      app.db
        .select(accountColumns)
        .from(accounts)
        .where(where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
      app.db.select({ total: count() }).from(accounts).where(where),
    ]);
    return page(reply, await accountViews(app.db, rows, { fullPhone: false }), total);
  });

  /** The only view with the full phone; docs/domain.md wants every full view audited. */
  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(accountResource) }, async (req) => {
    const { id } = req.params;
    const rows = await app.db.select(accountColumns).from(accounts).where(eq(accounts.id, id));
    if (rows.length === 0) throw notFound('账号不存在');
    const [view] = await accountViews(app.db, rows, { fullPhone: true });
    await audit(app.db, req, { action: 'view-phone', entity: 'account', entityId: id, summary: `查看账号 ${view.name} 的完整手机号` });
    return ok(view);
  });

  app.post(
    base,
    { ...guard('create'), schema: { body: accountCreateSchema, response: { 200: envelope(withInitialPassword) } } },
    async (req) => {
      const input = req.body;
      const initialPassword = generateInitialPassword();
      // scrypt outside the transaction: no lock is held while it runs.
      const passwordHash = await hashPassword(initialPassword);
      const id = await app.db.transaction(async (tx) => {
        const [taken] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.phone, input.phone));
        if (taken) throw conflict(`手机号 ${maskPhone(input.phone)} 已被账号「${taken.name}」使用`);
        const grants = await checkGrantShops(tx, input.grants, (i) => `grants.${i}.shopID`);
        const { grants: _grants, ...fields } = input;
        const [created] = await tx
          .insert(accounts)
          .values({ ...fields, passwordHash })
          .returning({ id: accounts.id });
        await tx.insert(accountGrants).values(grants.map((g) => ({ accountId: created.id, role: g.role, shopId: g.shopID })));
        for (const g of grants) await notifyGrantAdded(tx, created.id, g);
        const labels = grants.map((g) => grantLabel(g.role, g.shopName)).join('、');
        await audit(tx, req, {
          action: 'create',
          entity: 'account',
          entityId: created.id,
          summary: `新建账号 ${input.name}（${maskPhone(input.phone)}），角色：${labels}`,
        });
        return created.id;
      });
      return ok({ ...(await accountView(app.db, id)), initialPassword });
    },
  );

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: accountUpdateSchema, response: accountAnswer } },
    async (req) => {
      const { id } = req.params;
      const input = changes(req.body);
      await app.db.transaction(async (tx) => {
        const before = await lockAccount(tx, id);
        const summary = diffSummary(before, input);
        if (!summary) return;
        await tx
          .update(accounts)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(accounts.id, id));
        await audit(tx, req, { action: 'update', entity: 'account', entityId: id, summary });
      });
      return ok(await accountView(app.db, id));
    },
  );

  app.post(`${base}/:id/disable`, { ...guard('action:disable'), schema: { params: idParams, response: accountAnswer } }, async (req) => {
    const { id } = req.params;
    if (id === sessionOf(req).accountId) throw conflict('不能停用自己的账号');
    await app.db.transaction(async (tx) => {
      const before = await lockAccount(tx, id);
      if (before.status === 'disabled') throw conflict(`账号「${before.name}」已是停用状态`);
      await tx
        .update(accounts)
        .set({ status: 'disabled', updatedAt: sql`now()` })
        .where(eq(accounts.id, id));
      // The guard already refuses a disabled account; revoking also records why each session ended.
      const ended = await revokeSessions(tx, id, 'disabled');
      await audit(tx, req, {
        action: 'disable',
        entity: 'account',
        entityId: id,
        summary: `停用账号 ${before.name}，结束 ${ended} 个登录会话`,
      });
    });
    return ok(await accountView(app.db, id));
  });

  app.post(`${base}/:id/enable`, { ...guard('action:enable'), schema: { params: idParams, response: accountAnswer } }, async (req) => {
    const { id } = req.params;
    await app.db.transaction(async (tx) => {
      const before = await lockAccount(tx, id);
      if (before.status === 'active') throw conflict(`账号「${before.name}」已是正常状态`);
      await tx
        .update(accounts)
        .set({ status: 'active', updatedAt: sql`now()` })
        .where(eq(accounts.id, id));
      await audit(tx, req, { action: 'enable', entity: 'account', entityId: id, summary: `启用账号 ${before.name}` });
    });
    return ok(await accountView(app.db, id));
  });

  app.post(
    `${base}/:id/reset-password`,
    { ...guard('action:reset-password'), schema: { params: idParams, response: { 200: envelope(withInitialPassword) } } },
    async (req) => {
      const { id } = req.params;
      const s = sessionOf(req);
      // Resetting one's own password here would end the admin's own session without knowing the old one.
      if (id === s.accountId) throw conflict('不能在此重置自己的密码，请在「用户设置」中修改密码');
      const initialPassword = generateInitialPassword();
      const passwordHash = await hashPassword(initialPassword);
      await app.db.transaction(async (tx) => {
        const before = await lockAccount(tx, id);
        await tx
          .update(accounts)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(accounts.id, id));
        const ended = await revokeSessions(tx, id, 'password');
        await notifyPasswordReset(tx, id, s.accountName);
        await audit(tx, req, {
          action: 'reset-password',
          entity: 'account',
          entityId: id,
          summary: `重置账号 ${before.name} 的密码，结束 ${ended} 个登录会话`,
        });
      });
      return ok({ ...(await accountView(app.db, id)), initialPassword });
    },
  );

  app.post(
    `${base}/:id/grants`,
    { ...guard('action:grants'), schema: { params: idParams, body: grantSchema, response: accountAnswer } },
    async (req) => {
      const { id } = req.params;
      const grant = req.body;
      await app.db.transaction(async (tx) => {
        const account = await lockAccount(tx, id);
        const [{ shopName }] = await checkGrantShops(tx, [grant], () => 'shopID');
        const label = grantLabel(grant.role, shopName);
        const [dup] = await tx
          .select({ id: accountGrants.id })
          .from(accountGrants)
          .where(
            and(
              eq(accountGrants.accountId, id),
              eq(accountGrants.role, grant.role),
              sql`${accountGrants.shopId} is not distinct from ${grant.shopID}`,
            ),
          );
        if (dup) throw conflict(`账号「${account.name}」已有「${label}」角色`);
        const [created] = await tx
          .insert(accountGrants)
          .values({ accountId: id, role: grant.role, shopId: grant.shopID })
          .returning({ id: accountGrants.id });
        await notifyGrantAdded(tx, id, { role: grant.role, shopName });
        await audit(tx, req, {
          action: 'grant-add',
          entity: 'account',
          entityId: id,
          summary: `为账号 ${account.name} 添加角色 ${label}（授权 ${created.id}）`,
        });
      });
      return ok(await accountView(app.db, id));
    },
  );

  app.delete(
    `${base}/:id/grants/:grantId`,
    { ...guard('action:grants'), schema: { params: z.object({ id: idParam, grantId: idParam }), response: accountAnswer } },
    async (req) => {
      const { id, grantId } = req.params;
      await app.db.transaction(async (tx) => {
        const account = await lockAccount(tx, id);
        const grants = (await grantsOf(tx, [id])).get(id) ?? [];
        const grant = grants.find((g) => g.id === grantId);
        if (!grant) throw notFound('该账号没有这个角色授权');
        if (grants.length === 1) throw conflict(LAST_GRANT_MESSAGE);
        // (account, role, shop) is unique and admin grants name no shop, so this is the only admin grant.
        if (id === sessionOf(req).accountId && grant.role === 'admin') throw conflict('不能移除自己的管理员角色');
        await tx.delete(accountGrants).where(eq(accountGrants.id, grantId));
        const ended = await revokeSessions(tx, id, 'grant', { grant: { role: grant.role, shopId: grant.shopID } });
        await notifyGrantRemoved(tx, id, { role: grant.role, shopName: grant.shop });
        await audit(tx, req, {
          action: 'grant-remove',
          entity: 'account',
          entityId: id,
          summary: `移除账号 ${account.name} 的角色 ${grantLabel(grant.role, grant.shop)}，结束 ${ended} 个登录会话`,
        });
      });
      return ok(await accountView(app.db, id));
    },
  );
};

export default accountRoutes;
