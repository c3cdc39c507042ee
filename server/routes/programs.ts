import type { FastifyPluginAsync } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { API } from '../../contract/api';
import { programCreateSchema, programUpdateSchema, programPricesValid, PROGRAM_PRICE_ERROR } from '../../contract/program';
import { programs } from '../db/schema';
import { authenticate, requireRole, sessionOf } from '../auth/sessionGuard';
import { textSearch } from '../http/listQuery';
import { parseId, parseChanges, parseInput } from '../http/validate';
import { ok } from '../http/reply';
import { invalid } from '../http/errors';
import { deleteRow, findRow, sendList, type Resource } from '../http/resource';
import { audit, diffSummary } from '../audit/audit';

const resource: Resource<typeof programs> = {
  table: programs,
  entity: 'program',
  missing: '服务项目不存在',
  list: {
    fields: {
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
  },
};

const programRoutes: FastifyPluginAsync = async (app) => {
  const base = `${API.resourceBase}/programs`;
  const admin = requireRole('admin');

  /**
   * Every role reads programs: managers book and sell them, finance reads their names on records.
   * A shop-manager's list holds only on-shelf programs unless it asks for a status itself, since
   * what it lists them for is offering them; an off-shelf one stays readable by id for its history.
   */
  app.get(base, { preHandler: authenticate }, (req, reply) => {
    const query = { ...(req.query as Record<string, unknown>) };
    if (sessionOf(req).role === 'shop-manager' && query.status === undefined && query.status_ne === undefined) query.status = 'on';
    return sendList(app.db, req, reply, resource, { query });
  });

  app.get(`${base}/:id`, { preHandler: authenticate }, async (req) => ok(await findRow(app.db, req, resource, parseId((req.params as { id: string }).id))));

  app.post(base, { preHandler: admin }, async (req) => {
    const input = parseInput(programCreateSchema, req.body);
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(programs).values(input).returning();
      await audit(tx, req, { action: 'create', entity: 'program', entityId: created.id, summary: `新建服务项目 ${created.name}` });
      return created;
    });
    return ok(row);
  });

  app.patch(`${base}/:id`, { preHandler: admin }, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    const input = parseChanges(programUpdateSchema, req.body);
    const row = await app.db.transaction(async (tx) => {
      const before = await findRow(tx, req, resource, id, true);
      if (!programPricesValid({ ...before, ...input })) throw invalid(PROGRAM_PRICE_ERROR.message, [{ field: 'vipPriceFen', message: PROGRAM_PRICE_ERROR.message }]);
      const summary = diffSummary(before, input);
      if (!summary) return before;
      const [after] = await tx.update(programs).set({ ...input, updatedAt: sql`now()` }).where(eq(programs.id, id)).returning();
      await audit(tx, req, { action: 'update', entity: 'program', entityId: id, summary });
      return after;
    });
    return ok(row);
  });

  app.delete(`${base}/:id`, { preHandler: admin }, async (req) => {
    await deleteRow(app.db, req, resource, parseId((req.params as { id: string }).id), {
      summary: (p) => `删除服务项目 ${p.name}`,
      blocked: (p, refs) => `服务项目「${p.name}」已有${refs.join('、')}，不能删除；如不再提供，请将其下架`,
    });
    return ok(null);
  });
};

export default programRoutes;
