import type { FastifyPluginAsync } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { API } from '../../contract/api';
import { bannerCreateSchema, bannerUpdateSchema, bannerPeriodValid, BANNER_PERIOD_ERROR } from '../../contract/banner';
import { banners } from '../db/schema';
import { requireRole } from '../auth/sessionGuard';
import { textSearch } from '../http/listQuery';
import { parseId, parseChanges, parseInput } from '../http/validate';
import { ok } from '../http/reply';
import { invalid } from '../http/errors';
import { deleteRow, findRow, sendList, type Resource } from '../http/resource';
import { audit, diffSummary } from '../audit/audit';

const resource: Resource<typeof banners> = {
  table: banners,
  entity: 'banner',
  missing: '广告不存在',
  list: {
    fields: {
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
  },
};

const bannerRoutes: FastifyPluginAsync = async (app) => {
  const base = `${API.resourceBase}/banners`;
  // Banners are the customer app's advertising: only administrators manage or look at them.
  const admin = requireRole('admin');

  app.get(base, { preHandler: admin }, (req, reply) => sendList(app.db, req, reply, resource));

  app.get(`${base}/:id`, { preHandler: admin }, async (req) => ok(await findRow(app.db, req, resource, parseId((req.params as { id: string }).id))));

  app.post(base, { preHandler: admin }, async (req) => {
    const input = parseInput(bannerCreateSchema, req.body);
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(banners)
        .values(input)
        .returning();
      await audit(tx, req, { action: 'create', entity: 'banner', entityId: created.id, summary: `新建广告 ${created.name}` });
      return created;
    });
    return ok(row);
  });

  app.patch(`${base}/:id`, { preHandler: admin }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    const input = parseChanges(bannerUpdateSchema, req.body);
    const row = await app.db.transaction(async (tx) => {
      const before = await findRow(tx, req, resource, id, true);
      if (!bannerPeriodValid({ ...before, ...input })) throw invalid(BANNER_PERIOD_ERROR.message, [{ field: 'endAt', message: BANNER_PERIOD_ERROR.message }]);
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
  });

  app.delete(`${base}/:id`, { preHandler: admin }, async (req) => {
    await deleteRow(app.db, req, resource, parseId((req.params as { id: string }).id), {
      summary: (b) => `删除广告 ${b.name}`,
      blocked: (b, refs) => `广告「${b.name}」仍有${refs.join('、')}，不能删除；可将其下线`,
    });
    return ok(null);
  });
};

export default bannerRoutes;
