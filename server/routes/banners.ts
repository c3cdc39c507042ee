import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq, sql } from 'drizzle-orm';
import { bannerCreateSchema, bannerResource, bannerUpdateSchema, bannerPeriodValid, BANNER_PERIOD_ERROR } from '../../contract/banner';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { banners } from '../db/schema';
import { resourceGuard } from '../auth/resourceGuard';
import { textSearch } from '../db/list/listQuery';
import { changes } from '../http/validate';
import { ok } from '../http/reply';
import { invalid } from '../http/errors';
import { findRow, sendList, serverResource } from '../http/resource';
import { deleteRoutes } from '../http/deletion';
import { idParams, listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import { audit, diffSummary } from '../audit/audit';

const resource = serverResource({
  descriptor: bannerResource,
  table: banners,
  entity: 'banner',
  columns: {
    id: banners.id,
    name: banners.name,
    platform: banners.platform,
    priority: banners.priority,
    type: banners.type,
    source: banners.source,
    status: banners.status,
    startAt: banners.startAt,
    endAt: banners.endAt,
    createdAt: banners.createdAt,
    updatedAt: banners.updatedAt,
  },
  idColumn: banners.id,
  // Highest priority first (then the newest): the order the app shows them in.
  defaultSort: [desc(banners.priority)],
  search: textSearch(banners.name, banners.platform, banners.source),
});

const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(bannerResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(bannerResource, verb) });

  app.get(base, { ...guard('list'), schema: listSchema(bannerResource, resource) }, (req, reply) =>
    sendList(app.db, req, reply, resource, req.query),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(bannerResource) }, async (req) =>
    ok(await findRow(app.db, req, resource, req.params.id)),
  );

  app.post(base, { ...guard('create'), schema: { body: bannerCreateSchema, response: rowAnswer(bannerResource) } }, async (req) => {
    const input = req.body;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(banners).values(input).returning();
      await audit(tx, req, { action: 'create', entity: 'banner', entityId: created.id, summary: `新建活动 ${created.name}` });
      return created;
    });
    return ok(row);
  });

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: bannerUpdateSchema, response: rowAnswer(bannerResource) } },
    async (req) => {
      const { id } = req.params;
      const input = changes(req.body);
      const row = await app.db.transaction(async (tx) => {
        const before = await findRow(tx, req, resource, id, true);
        if (!bannerPeriodValid({ ...before, ...input }))
          throw invalid(BANNER_PERIOD_ERROR.message, [{ field: 'endAt', message: BANNER_PERIOD_ERROR.message }]);
        const summary = diffSummary(before, input);
        if (!summary) return before;
        const [after] = await tx
          .update(banners)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(banners.id, id))
          .returning();
        await audit(tx, req, { action: 'update', entity: 'banner', entityId: id, summary });
        return after;
      });
      return ok(row);
    },
  );

  deleteRoutes(app, resource, {
    summary: (b) => `删除活动 ${b.name}`,
    blocked: (b, refs) => `活动「${b.name}」仍有${refs.join('、')}，不能删除；可将其下线`,
  });
};

export default bannerRoutes;
