import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Grant, RoleShopList, UserInfo, roleShopChangeSchema } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import type { DbOrTx } from '../db/client';
import { accountGrants, accounts, sessions, shops } from '../db/schema';
import { audit } from '../audit/audit';
import { forbidden } from '../http/errors';
import { sessionOf, type SessionContext } from './sessionGuard';
import { grantLabel } from '../../contract/account';

/** The account and the grant its session acts as (docs/console.md "User info"). */
export async function userInfo(db: DbOrTx, s: SessionContext): Promise<UserInfo> {
  const [a] = await db.select().from(accounts).where(eq(accounts.id, s.accountId));
  return {
    accountId: a.id,
    name: a.name,
    remark: a.remark,
    avatar: a.avatar,
    jobName: a.jobName,
    phone: a.phone,
    role: s.role,
    shop: s.shopName,
    shopID: s.shopId,
  };
}

/** Every grant of the account, oldest first (login picks the first). */
async function grantsOf(db: DbOrTx, accountId: number): Promise<Grant[]> {
  const rows = await db
    .select({ role: accountGrants.role, shopID: accountGrants.shopId, shop: shops.name })
    .from(accountGrants)
    .leftJoin(shops, eq(shops.id, accountGrants.shopId))
    .where(eq(accountGrants.accountId, accountId))
    .orderBy(accountGrants.id);
  return rows.map((g) => ({ role: g.role as Role, shopID: g.shopID, shop: g.shop }));
}

export async function roleShopList(db: DbOrTx, s: SessionContext): Promise<RoleShopList> {
  return { grants: await grantsOf(db, s.accountId), current: { role: s.role, shopID: s.shopId } };
}

/** Points the session at another grant of its account; 40300 when the account does not hold it. */
export async function switchGrant(req: FastifyRequest, input: z.output<typeof roleShopChangeSchema>): Promise<RoleShopList> {
  const s = sessionOf(req);
  const shopId = input.shopID ?? null;
  return req.server.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: accountGrants.id, shop: shops.name })
      .from(accountGrants)
      .leftJoin(shops, eq(shops.id, accountGrants.shopId))
      .where(
        and(
          eq(accountGrants.accountId, s.accountId),
          eq(accountGrants.role, input.role),
          shopId === null ? isNull(accountGrants.shopId) : eq(accountGrants.shopId, shopId),
        ),
      )
      // A grant removed concurrently must not leave this session acting under it.
      .for('share', { of: accountGrants });
    if (!held) throw forbidden('您没有该角色或门店的权限');
    await tx.update(sessions).set({ role: input.role, shopId }).where(eq(sessions.id, s.sessionId));
    await audit(tx, req, {
      action: 'role-switch',
      entity: 'session',
      entityId: s.sessionId,
      summary: `${grantLabel(s.role, s.shopName)} -> ${grantLabel(input.role, held.shop)}`,
    });
    return { grants: await grantsOf(tx, s.accountId), current: { role: input.role, shopID: shopId } };
  });
}
