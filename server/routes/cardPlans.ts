import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  cardPlanCreateSchema,
  cardPlanResource,
  cardPlanTermIssues,
  cardPlanUpdateSchema,
  CARD_PLAN_FIELD_LABELS as L,
  type CardPlan,
} from '../../contract/cardPlan';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { cardPlans, programs } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { textSearch } from '../db/list/listQuery';
import { changes } from '../http/validate';
import { ok } from '../http/reply';
import { invalid } from '../http/errors';
import { findRow, sendList, serverResource, type RowOf } from '../http/resource';
import { deleteRoutes } from '../http/deletion';
import { idParams, listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import { audit, diffSummary } from '../audit/audit';

const p = cardPlans;

/** What a plan row carries beside its own columns: its program's name and how many times it was sold (paid orders naming it). */
const derived = {
  programName: sql<string | null>`(select pr.name from programs pr where pr.id = card_plans.program_id)`,
  soldCount: sql<number>`(select count(*)::int from orders o
    where o.lines @> jsonb_build_array(jsonb_build_object('cardPlanId', card_plans.id)) and o.status not in ('unpaid', 'cancelled'))`,
};

const resource = serverResource({
  descriptor: cardPlanResource,
  table: cardPlans,
  entity: 'card-plan',
  columns: {
    id: p.id,
    name: p.name,
    kind: p.kind,
    status: p.status,
    programId: p.programId,
    priceFen: p.priceFen,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  },
  idColumn: p.id,
  search: textSearch(p.name),
  derived,
});

type PlanRow = RowOf<typeof cardPlans>;

/** A plan as the API answers it, its derived fields read for it. */
async function planView(db: DbOrTx, row: PlanRow): Promise<CardPlan> {
  const [extra] = await db.select(derived).from(p).where(eq(p.id, row.id));
  return { ...row, ...extra };
}

/** Refuses terms that do not fit the kind, and a package's program that does not exist (40000 naming the field). */
async function checkTerms(db: DbOrTx, plan: Parameters<typeof cardPlanTermIssues>[0]) {
  const [issue] = cardPlanTermIssues(plan);
  if (issue) throw invalid(issue.message, [{ field: issue.path, message: issue.message }]);
  if (plan.programId === null || plan.programId === undefined) return;
  const [found] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, plan.programId));
  if (!found) throw invalid(`${L.programId}不存在`, [{ field: 'programId', message: `${L.programId}不存在` }]);
}

/**
 * 卡项: admin makes and changes the plans; every selling role reads them. A shop-manager's list holds
 * only on-shelf plans unless it asks for a status itself, as programs do.
 */
const cardPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(cardPlanResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(cardPlanResource, verb) });

  app.get(base, { ...guard('list'), schema: listSchema(cardPlanResource, resource) }, (req, reply) => {
    const request = req.query;
    const asksStatus = request.filters.some((f) => f.field === 'status' && (f.op === 'eq' || f.op === 'ne'));
    if (sessionOf(req).role === 'shop-manager' && !asksStatus) request.filters.push({ field: 'status', op: 'eq', values: ['on'] });
    return sendList(app.db, req, reply, resource, request);
  });

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(cardPlanResource) }, async (req) =>
    ok(await planView(app.db, await findRow(app.db, req, resource, req.params.id))),
  );

  app.post(base, { ...guard('create'), schema: { body: cardPlanCreateSchema, response: rowAnswer(cardPlanResource) } }, async (req) => {
    const input = req.body;
    const row = await app.db.transaction(async (tx) => {
      await checkTerms(tx, input);
      const [created] = await tx.insert(cardPlans).values(input).returning();
      await audit(tx, req, { action: 'create', entity: 'card-plan', entityId: created.id, summary: `新建卡项 ${created.name}` });
      return planView(tx, created);
    });
    return ok(row);
  });

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: cardPlanUpdateSchema, response: rowAnswer(cardPlanResource) } },
    async (req) => {
      const { id } = req.params;
      const input = changes(req.body);
      const row = await app.db.transaction(async (tx) => {
        const before = await findRow(tx, req, resource, id, true);
        await checkTerms(tx, { ...before, ...input });
        const summary = diffSummary(before, input);
        if (!summary) return planView(tx, before);
        const [after] = await tx
          .update(cardPlans)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(cardPlans.id, id))
          .returning();
        await audit(tx, req, { action: 'update', entity: 'card-plan', entityId: id, summary });
        return planView(tx, after);
      });
      return ok(row);
    },
  );

  deleteRoutes(app, resource, {
    summary: (plan) => `删除卡项 ${plan.name}`,
    blocked: (plan, refs) => `卡项「${plan.name}」已有${refs.join('、')}，不能删除；如不再出售，请将其下架`,
  });
};

export default cardPlanRoutes;
