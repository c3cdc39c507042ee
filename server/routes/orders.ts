import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderCancelSchema, orderCreateSchema, orderPaySchema, orderResource, orderRowSchema, type Order } from '../../contract/order';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { SESSION_NEUTRAL } from '../auth/sessionCache';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { sendStatements } from '../http/resource';
import { envelope, idParams, listSchema, readSchema } from '../http/routeSchemas';
import { answerOnce, idempotencyHeaders } from '../idempotency/idempotency';
import { orderList, orderListStatements, shopNames } from '../orders/listing';
import { orderView, readOrder, type OrderRow } from '../orders/orderRow';
import { draftOrder, writeOrder, type OrderDraft } from '../orders/createOrder';
import { cancelOrder, payOrder } from '../orders/payOrder';

/** The cashier's calls; the rules live in server/orders/. Create and pay take an Idempotency-Key. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(orderResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(orderResource, verb) });
  const answer = { response: { 200: envelope(orderRowSchema) } };

  app.get(base, { ...guard('list'), schema: listSchema(orderResource, orderList) }, async (req, reply) => {
    const names = await shopNames(app.db);
    return sendStatements<OrderRow, Order>(reply, orderListStatements(app.db, sessionOf(req), req.query), (row) =>
      orderView(row, names.get(row.shopId) ?? ''),
    );
  });

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(orderResource) }, async (req) =>
    ok(await readOrder(app.db, sessionOf(req), req.params.id)),
  );

  app.post(
    base,
    { ...guard('create'), ...SESSION_NEUTRAL, schema: { headers: idempotencyHeaders, body: orderCreateSchema, ...answer } },
    (req, reply) =>
      answerOnce<Order, OrderDraft>(
        req,
        reply,
        (tx, actor, draft) => writeOrder(tx, actor, draft),
        (db, actor) => draftOrder(db, actor, req.body),
      ),
  );

  app.post(
    `${base}/:id/pay`,
    {
      ...guard('action:pay'),
      ...SESSION_NEUTRAL,
      schema: { headers: idempotencyHeaders, params: idParams, body: orderPaySchema, ...answer },
    },
    (req, reply) => answerOnce(req, reply, (tx, actor) => payOrder(tx, actor, req.params.id, req.body.payments)),
  );

  app.post(
    `${base}/:id/cancel`,
    { ...guard('action:cancel'), ...SESSION_NEUTRAL, schema: { params: idParams, body: orderCancelSchema, ...answer } },
    async (req) =>
      ok(await app.db.transaction((tx) => cancelOrder(tx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body.reason))),
  );
};

export default orderRoutes;
