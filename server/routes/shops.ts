import type { FastifyPluginAsync } from 'fastify';
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { API } from '../../contract/api';
import { shopCreateSchema, shopUpdateSchema, shopHoursValid, SHOP_HOURS_ERROR } from '../../contract/shop';
import { accountGrants, customers, shops, staff } from '../db/schema';
import { authenticate, requireRole, sessionOf } from '../auth/sessionGuard';
import { parseListQuery, type ListSpec } from '../http/listQuery';
import { parseId, parseInput } from '../http/validate';
import { ok, page } from '../http/reply';
import { conflict, invalid, notFound } from '../http/errors';
import { audit, diffSummary } from '../audit/audit';

const listSpec: ListSpec = {
  fields: {
    id: shops.id,
    name: shops.name,
    regionCode: shops.regionCode,
    address: shops.address,
    phone: shops.phone,
    status: shops.status,
    openTime: shops.openTime,
    closeTime: shops.closeTime,
    createdAt: shops.createdAt,
    updatedAt: shops.updatedAt,
  },
  idColumn: shops.id,
  search: (q) => {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(ilike(shops.name, like), ilike(shops.address, like), ilike(shops.phone, like));
  },
};

/** A region filter on a province or city code matches every shop below it. */
function regionPrefix(query: Record<string, unknown>): SQL | undefined {
  const code = query.regionCode;
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined;
  delete query.regionCode;
  const prefix = code.endsWith('0000') ? code.slice(0, 2) : code.endsWith('00') ? code.slice(0, 4) : code;
  return sql`${shops.regionCode} like ${`${prefix}%`}`;
}

const shopRoutes: FastifyPluginAsync = async (app) => {
  const base = `${API.resourceBase}/shops`;
  const admin = requireRole('admin');

  /** A shop-manager sees only the shop its session acts for; admin and finance see all. */
  function scope(req: Parameters<typeof sessionOf>[0]): SQL | undefined {
    const s = sessionOf(req);
    return s.role === 'shop-manager' ? eq(shops.id, s.shopId ?? -1) : undefined;
  }

  app.get(base, { preHandler: authenticate }, async (req, reply) => {
    const query = { ...(req.query as Record<string, unknown>) };
    const region = regionPrefix(query);
    const list = parseListQuery(query, listSpec);
    const where = and(scope(req), region, list.where);
    const [rows, [{ total }]] = await Promise.all([
      app.db.select().from(shops).where(where).orderBy(...list.orderBy).limit(list.limit).offset(list.offset),
      app.db.select({ total: count() }).from(shops).where(where),
    ]);
    return page(reply, rows, total);
  });

  app.get(`${base}/:id`, { preHandler: authenticate }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    const [row] = await app.db.select().from(shops).where(and(eq(shops.id, id), scope(req)));
    if (!row) throw notFound('门店不存在');
    return ok(row);
  });

  app.post(base, { preHandler: admin }, async (req) => {
    const input = parseInput(shopCreateSchema, req.body);
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(shops).values(input).returning();
      await audit(tx, req, { action: 'create', entity: 'shop', entityId: created.id, summary: `新建门店 ${created.name}` });
      return created;
    });
    return ok(row);
  });

  app.patch(`${base}/:id`, { preHandler: admin }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    const input = parseInput(shopUpdateSchema, req.body);
    const row = await app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(shops).where(eq(shops.id, id)).for('update');
      if (!before) throw notFound('门店不存在');
      if (!shopHoursValid({ ...before, ...input })) throw invalid(SHOP_HOURS_ERROR.message, [{ field: 'closeTime', message: SHOP_HOURS_ERROR.message }]);
      const [after] = await tx.update(shops).set({ ...input, updatedAt: sql`now()` }).where(eq(shops.id, id)).returning();
      await audit(tx, req, { action: 'update', entity: 'shop', entityId: id, summary: diffSummary(before, input) });
      return after;
    });
    return ok(row);
  });

  app.delete(`${base}/:id`, { preHandler: admin }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    await app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(shops).where(eq(shops.id, id)).for('update');
      if (!before) throw notFound('门店不存在');
      const [[g], [s], [c]] = await Promise.all([
        tx.select({ n: count() }).from(accountGrants).where(eq(accountGrants.shopId, id)),
        tx.select({ n: count() }).from(staff).where(eq(staff.shopId, id)),
        tx.select({ n: count() }).from(customers).where(eq(customers.shopId, id)),
      ]);
      const refs = [g.n && `${g.n} 个账号授权`, s.n && `${s.n} 名员工`, c.n && `${c.n} 位客户`].filter(Boolean);
      if (refs.length) throw conflict(`门店「${before.name}」仍有${refs.join('、')}，不能删除；如已不再营业，请将其设为停业`);
      await tx.delete(shops).where(eq(shops.id, id));
      await audit(tx, req, { action: 'delete', entity: 'shop', entityId: id, summary: `删除门店 ${before.name}` });
    });
    return ok(null);
  });
};

export default shopRoutes;
