import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { programCreateSchema, programResource, programUpdateSchema, programPricesValid, PROGRAM_PRICE_ERROR } from '../../contract/program';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { programs } from '../db/schema';
import { sessionOf } from '../auth/sessionGuard';
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
  descriptor: programResource,
  table: programs,
  entity: 'program',
  columns: {
    id: programs.id,
    name: programs.name,
    type: programs.type,
    tag: programs.tag,
    status: programs.status,
    priceFen: programs.priceFen,
    vipPriceFen: programs.vipPriceFen,
    durationMinutes: programs.durationMinutes,
    touchUpDays: programs.touchUpDays,
    createdAt: programs.createdAt,
    updatedAt: programs.updatedAt,
  },
  idColumn: programs.id,
  search: textSearch(programs.name, programs.tag),
});

const programRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(programResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(programResource, verb) });

  /**
   * Every role reads programs: managers book and sell them, finance reads their names on records.
   * A shop-manager's list holds only on-shelf programs unless it asks for a status itself, since
   * what it lists them for is offering them; an off-shelf one stays readable by id for its history.
   */
  app.get(base, { ...guard('list'), schema: listSchema(programResource, resource) }, (req, reply) => {
    const request = req.query;
    const asksStatus = request.filters.some((f) => f.field === 'status' && (f.op === 'eq' || f.op === 'ne'));
    if (sessionOf(req).role === 'shop-manager' && !asksStatus) request.filters.push({ field: 'status', op: 'eq', values: ['on'] });
    return sendList(app.db, req, reply, resource, request);
  });

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(programResource) }, async (req) =>
    ok(await findRow(app.db, req, resource, req.params.id)),
  );

  app.post(base, { ...guard('create'), schema: { body: programCreateSchema, response: rowAnswer(programResource) } }, async (req) => {
    const input = req.body;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(programs).values(input).returning();
      await audit(tx, req, { action: 'create', entity: 'program', entityId: created.id, summary: `新建服务项目 ${created.name}` });
      return created;
    });
    return ok(row);
  });

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: programUpdateSchema, response: rowAnswer(programResource) } },
    async (req) => {
      const { id } = req.params;
      const input = changes(req.body);
      const row = await app.db.transaction(async (tx) => {
        const before = await findRow(tx, req, resource, id, true);
        if (!programPricesValid({ ...before, ...input }))
          throw invalid(PROGRAM_PRICE_ERROR.message, [{ field: 'vipPriceFen', message: PROGRAM_PRICE_ERROR.message }]);
        const summary = diffSummary(before, input);
        if (!summary) return before;
        const [after] = await tx
          .update(programs)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(programs.id, id))
          .returning();
        await audit(tx, req, { action: 'update', entity: 'program', entityId: id, summary });
        return after;
      });
      return ok(row);
    },
  );

  deleteRoutes(app, resource, {
    summary: (p) => `删除服务项目 ${p.name}`,
    blocked: (p, refs) => `服务项目「${p.name}」已有${refs.join('、')}，不能删除；如不再提供，请将其下架`,
  });
};

export default programRoutes;
