import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, like, or, sql } from 'drizzle-orm';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { shopCreateSchema, shopResource, shopUpdateSchema, shopHoursValid, SHOP_HOURS_ERROR } from '../../contract/shop';
import { shops } from '../db/schema';
import { resourceGuard } from '../auth/resourceGuard';
import { textSearch, type CustomFilter } from '../db/list/listQuery';
import { changes } from '../http/validate';
import { ok } from '../http/reply';
import { invalid } from '../http/errors';
import { deleteRow, findRow, sendList, serverResource } from '../http/resource';
import { idParams, listSchema, readSchema } from '../http/routeSchemas';
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

const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(shopResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(shopResource, verb) });

  app.get(base, { ...guard('list'), schema: listSchema(shopResource, resource) }, async (req, reply) => sendList(app.db, req, reply, resource, req.query));

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(shopResource) }, async (req) => ok(await findRow(app.db, req, resource, req.params.id)));

  app.post(base, { ...guard('create'), schema: { body: shopCreateSchema } }, async (req) => {
    const input = req.body;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(shops).values(input).returning();
      await audit(tx, req, { action: 'create', entity: 'shop', entityId: created.id, summary: `新建门店 ${created.name}` });
      return created;
    });
    return ok(row);
  });

  app.patch(`${base}/:id`, { ...guard('update'), schema: { params: idParams, body: shopUpdateSchema } }, async (req) => {
    const { id } = req.params;
    const input = changes(req.body);
    const row = await app.db.transaction(async (tx) => {
      const before = await findRow(tx, req, resource, id, true);
      if (!shopHoursValid({ ...before, ...input })) throw invalid(SHOP_HOURS_ERROR.message, [{ field: 'closeTime', message: SHOP_HOURS_ERROR.message }]);
      const [after] = await tx.update(shops).set({ ...input, updatedAt: sql`now()` }).where(eq(shops.id, id)).returning();
      await audit(tx, req, { action: 'update', entity: 'shop', entityId: id, summary: diffSummary(before, input) });
      return after;
    });
    return ok(row);
  });

  app.delete(`${base}/:id`, { ...guard('delete'), schema: { params: idParams } }, async (req) => {
    await deleteRow(app.db, req, resource, req.params.id, {
      summary: (shop) => `删除门店 ${shop.name}`,
      blocked: (shop, refs) => `门店「${shop.name}」仍有${refs.join('、')}，不能删除；如已不再营业，请将其设为停业`,
    });
    return ok(null);
  });
};

export default shopRoutes;
