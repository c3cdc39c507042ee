import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, like, ne, or, sql } from 'drizzle-orm';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { shopCreateSchema, shopResource, shopUpdateSchema, shopHoursValid, SHOP_HOURS_ERROR } from '../../contract/shop';
import { shops } from '../db/schema';
import { resourceGuard } from '../auth/resourceGuard';
import { textSearch, type CustomFilter } from '../db/list/listQuery';
import { changes } from '../http/validate';
import { ok } from '../http/reply';
import { conflict, invalid } from '../http/errors';
import type { Tx } from '../db/client';
import { findRow, sendList, serverResource } from '../http/resource';
import { deleteRoutes } from '../http/deletion';
import { idParams, listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import { audit, diffSummary } from '../audit/audit';

const REGION_FILTER_ERROR = '所在地区筛选必须是六位区划代码';

/** A region filter on a province or city code matches every shop below it; several codes match any of them. */
const regionPrefix: CustomFilter['where'] = (values, bind) => {
  const codes = values.map(String);
  // Anything but a six-digit code would silently match no shop at all.
  if (!codes.every((c) => /^\d{6}$/.test(c))) throw invalid(REGION_FILTER_ERROR, [{ field: 'regionCode', message: REGION_FILTER_ERROR }]);
  const prefixes = codes.map((code) => (code.endsWith('0000') ? code.slice(0, 2) : code.endsWith('00') ? code.slice(0, 4) : code));
  return { shape: String(prefixes.length), where: or(...prefixes.map((prefix) => like(shops.regionCode, bind(`${prefix}%`)))) };
};

/** A shop-manager sees only the shop its session acts for; admin and finance see all. */
const resource = serverResource({
  descriptor: shopResource,
  table: shops,
  entity: 'shop',
  shopColumn: shops.id,
  columns: {
    id: shops.id,
    name: shops.name,
    regionCode: { where: regionPrefix, sortColumn: shops.regionCode },
    address: shops.address,
    phone: shops.phone,
    status: shops.status,
    openTime: shops.openTime,
    closeTime: shops.closeTime,
    createdAt: shops.createdAt,
    updatedAt: shops.updatedAt,
  },
  idColumn: shops.id,
  search: textSearch(shops.name, shops.address, shops.phone),
});

/**
 * Two open shops never share a name (managers pick their shop by it). Held under a lock on the name,
 * so two requests racing with one name cannot both pass.
 */
async function assertNameFree(tx: Tx, shop: { name: string; status: string }, exceptId?: number): Promise<void> {
  if (shop.status !== 'open') return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-name:${shop.name}`}))`);
  const [taken] = await tx
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.name, shop.name), eq(shops.status, 'open'), exceptId === undefined ? undefined : ne(shops.id, exceptId)))
    .limit(1);
  if (taken) throw conflict(`已有营业中的门店名为「${shop.name}」，请换一个名称`);
}

const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(shopResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(shopResource, verb) });

  app.get(base, { ...guard('list'), schema: listSchema(shopResource, resource) }, async (req, reply) =>
    sendList(app.db, req, reply, resource, req.query),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(shopResource) }, async (req) =>
    ok(await findRow(app.db, req, resource, req.params.id)),
  );

  app.post(base, { ...guard('create'), schema: { body: shopCreateSchema, response: rowAnswer(shopResource) } }, async (req) => {
    const input = req.body;
    const row = await app.db.transaction(async (tx) => {
      await assertNameFree(tx, input);
      const [created] = await tx.insert(shops).values(input).returning();
      await audit(tx, req, { action: 'create', entity: 'shop', entityId: created.id, summary: `新建门店 ${created.name}` });
      return created;
    });
    return ok(row);
  });

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: shopUpdateSchema, response: rowAnswer(shopResource) } },
    async (req) => {
      const { id } = req.params;
      const input = changes(req.body);
      const row = await app.db.transaction(async (tx) => {
        const before = await findRow(tx, req, resource, id, true);
        if (!shopHoursValid({ ...before, ...input }))
          throw invalid(SHOP_HOURS_ERROR.message, [{ field: 'closeTime', message: SHOP_HOURS_ERROR.message }]);
        const summary = diffSummary(before, input);
        if (!summary) return before;
        if (input.name !== undefined || input.status !== undefined) await assertNameFree(tx, { ...before, ...input }, id);
        const [after] = await tx
          .update(shops)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(shops.id, id))
          .returning();
        await audit(tx, req, { action: 'update', entity: 'shop', entityId: id, summary });
        return after;
      });
      return ok(row);
    },
  );

  deleteRoutes(app, resource, {
    summary: (shop) => `删除门店 ${shop.name}`,
    blocked: (shop, refs) => `门店「${shop.name}」仍有${refs.join('、')}，不能删除；如已不再营业，请将其设为停业`,
  });
};

export default shopRoutes;
