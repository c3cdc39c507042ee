import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberCardResource, memberCardRowSchema } from '../../contract/memberCard';
import { cardSummaryQuerySchema, cardSummarySchema, cardTransactionResource, type CardTransaction } from '../../contract/cardTransaction';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { notFound } from '../http/errors';
import { ok, page } from '../http/reply';
import { listStatements, readPage, sendStatements, type ListStatements } from '../http/resource';
import type { ListRequest } from '../http/listRequest';
import { envelope, idParams, listSchema, readSchema } from '../http/routeSchemas';
import { cardTransactionList, cardTransactionView, listMemberCards, memberCardListQuery, type CardTransactionRow } from '../cards/listing';
import { cardSummary } from '../cards/summary';

/** A list request for the one row of this id: a read sees exactly what the session's list would. */
const byId = (id: number): ListRequest => ({ start: 0, end: 1, filters: [{ field: 'id', op: 'eq', values: [id] }], q: '', sort: [] });

/** A customer's cards and their transactions: read only; the cashier, after-sales and the periodic job change them. */
const memberCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = resourcePath(memberCardResource);
  const history = resourcePath(cardTransactionResource);
  const cardGuard = (verb: ApiVerb) => ({ preValidation: resourceGuard(memberCardResource, verb) });
  const historyGuard = (verb: ApiVerb) => ({ preValidation: resourceGuard(cardTransactionResource, verb) });

  app.get(
    cards,
    { ...cardGuard('list'), schema: { querystring: memberCardListQuery, response: { 200: envelope(z.array(memberCardRowSchema)) } } },
    async (req, reply) => {
      const { rows, total } = await listMemberCards(app.db, sessionOf(req), req.query);
      return page(reply, rows, total);
    },
  );

  app.get(
    `${cards}/:id`,
    { ...cardGuard('read'), schema: { params: idParams, response: { 200: envelope(memberCardRowSchema) } } },
    async (req) => {
      const { rows } = await listMemberCards(app.db, sessionOf(req), byId(req.params.id));
      if (!rows[0]) throw notFound(memberCardResource.missing);
      return ok(rows[0]);
    },
  );

  const statements = (req: Parameters<typeof sessionOf>[0], query: ListRequest) =>
    listStatements(app.db, cardTransactionList, sessionOf(req), query) as unknown as ListStatements<CardTransactionRow>;

  app.get(history, { ...historyGuard('list'), schema: listSchema(cardTransactionResource, cardTransactionList) }, (req, reply) =>
    sendStatements<CardTransactionRow, CardTransaction>(reply, statements(req, req.query), cardTransactionView),
  );

  app.get(
    `${history}/summary`,
    { ...historyGuard('action:summary'), schema: { querystring: cardSummaryQuerySchema, response: { 200: envelope(cardSummarySchema) } } },
    async (req) => ok(await cardSummary(app.pool, req.query.from, req.query.to, Date.now())),
  );

  app.get(`${history}/:id`, { ...historyGuard('read'), schema: readSchema(cardTransactionResource) }, async (req) => {
    const { rows } = await readPage(statements(req, byId(req.params.id)));
    if (!rows[0]) throw notFound(cardTransactionResource.missing);
    return ok(cardTransactionView(rows[0]));
  });
};

export default memberCardRoutes;
