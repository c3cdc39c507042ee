import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterSaleApproveSchema, afterSaleRejectSchema, afterSaleResource, afterSaleRowSchema } from '../../contract/afterSale';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { envelope, idParams } from '../http/routeSchemas';
import { approveAfterSale, rejectAfterSale } from '../afterSales/review';

/** Finance's decisions on after-sale requests; approving a refund executes it (server/afterSales/review.ts). */
const afterSaleReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(afterSaleResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(afterSaleResource, verb) });
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });
  const answer = { 200: envelope(afterSaleRowSchema) };

  app.post(
    `${base}/:id/approve`,
    { ...guard('action:approve'), schema: { params: idParams, body: afterSaleApproveSchema, response: answer } },
    async (req) => ok(await approveAfterSale(app.db, actor(req), req.params.id, req.body)),
  );

  app.post(
    `${base}/:id/reject`,
    { ...guard('action:reject'), schema: { params: idParams, body: afterSaleRejectSchema, response: answer } },
    async (req) => ok(await rejectAfterSale(app.db, actor(req), req.params.id, req.body.reason)),
  );
};

export default afterSaleReviewRoutes;
