import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  afterSaleCreateSchema,
  afterSaleResource,
  afterSaleRowSchema,
  afterSaleWithdrawSchema,
  type AfterSale,
} from '../../contract/afterSale';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { SESSION_NEUTRAL } from '../auth/sessionCache';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { sendStatements } from '../http/resource';
import { envelope, idParams, listSchema, readSchema } from '../http/routeSchemas';
import { answerOnce, idempotencyHeaders } from '../idempotency/idempotency';
import { shopNames } from '../orders/listing';
import { afterSaleList, afterSaleListStatements } from '../afterSales/listing';
import { afterSaleView, readAfterSale, type AfterSaleRow } from '../afterSales/afterSaleRow';
import { requestAfterSale, withdrawAfterSale } from '../afterSales/requestAfterSale';
import { errorAnswers } from '../http/apiDocument';

/** A shop's after-sale requests; finance's review (approve, reject) is in ./afterSaleReview.ts. */
const afterSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(afterSaleResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(afterSaleResource, verb) });
  const answer = { response: { 200: envelope(afterSaleRowSchema) } };

  app.get(base, { ...guard('list'), schema: listSchema(afterSaleResource, afterSaleList) }, async (req, reply) => {
    const names = await shopNames(app.db);
    return sendStatements<AfterSaleRow, AfterSale>(reply, afterSaleListStatements(app.db, sessionOf(req), req.query), (row) =>
      afterSaleView(row, names.get(row.shopId) ?? ''),
    );
  });

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(afterSaleResource) }, async (req) =>
    ok(await readAfterSale(app.db, sessionOf(req), req.params.id)),
  );

  app.post(
    base,
    {
      ...guard('create'),
      ...SESSION_NEUTRAL,
      // The order it names may not exist (or be another shop's): 404.
      schema: { headers: idempotencyHeaders, body: afterSaleCreateSchema, response: { ...answer.response, ...errorAnswers(404) } },
    },
    (req, reply) => answerOnce(req, reply, (tx, actor) => requestAfterSale(tx, actor, req.body)),
  );

  app.post(
    `${base}/:id/withdraw`,
    { ...guard('action:withdraw'), ...SESSION_NEUTRAL, schema: { params: idParams, body: afterSaleWithdrawSchema, ...answer } },
    async (req) => ok(await app.db.transaction((tx) => withdrawAfterSale(tx, { session: sessionOf(req), ip: req.ip }, req.params.id))),
  );
};

export default afterSaleRoutes;
