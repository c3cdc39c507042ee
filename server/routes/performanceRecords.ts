import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  performanceApproveSchema,
  performanceBatchApproveSchema,
  performanceBatchResultSchema,
  performanceRecordResource,
  performanceRejectSchema,
  performanceSummarySchema,
} from '../../contract/performanceRecord';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { sendStatements } from '../http/resource';
import { envelope, idParams, listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import {
  performanceList,
  performanceListStatements,
  performanceSummary,
  performanceView,
  readPerformanceRecord,
} from '../performance/listing';
import { approvePerformanceRecords, reviewPerformanceRecord } from '../performance/review';

/** Finance's review of what the staff earned; the rules live in server/performance/. */
const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(performanceRecordResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(performanceRecordResource, verb) });
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });

  app.get(base, { ...guard('list'), schema: listSchema(performanceRecordResource, performanceList) }, (req, reply) =>
    sendStatements(reply, performanceListStatements(app.db, sessionOf(req), req.query), performanceView),
  );

  // The sums above the table: the same filters as the list, paging ignored.
  app.get(
    `${base}/summary`,
    { ...guard('list'), schema: { querystring: performanceList.listQuery, response: { 200: envelope(performanceSummarySchema) } } },
    async (req) => ok(await performanceSummary(app.db, sessionOf(req), req.query)),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(performanceRecordResource) }, async (req) =>
    ok(await readPerformanceRecord(app.db, req.params.id)),
  );

  app.post(
    `${base}/approve`,
    {
      ...guard('action:approve'),
      schema: { body: performanceBatchApproveSchema, response: { 200: envelope(performanceBatchResultSchema) } },
    },
    async (req) => ok(await approvePerformanceRecords(app.db, actor(req), req.body.ids)),
  );

  app.post(
    `${base}/:id/approve`,
    {
      ...guard('action:approve'),
      schema: { params: idParams, body: performanceApproveSchema, response: rowAnswer(performanceRecordResource) },
    },
    async (req) => ok(await reviewPerformanceRecord(app.db, actor(req), req.params.id, { approve: true })),
  );

  app.post(
    `${base}/:id/reject`,
    {
      ...guard('action:reject'),
      schema: { params: idParams, body: performanceRejectSchema, response: rowAnswer(performanceRecordResource) },
    },
    async (req) => ok(await reviewPerformanceRecord(app.db, actor(req), req.params.id, { approve: false, reason: req.body.reason })),
  );
};

export default performanceRoutes;
