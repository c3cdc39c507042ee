import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeEntriesQuerySchema,
  closeEntrySchema,
  dailyCloseConfirmSchema,
  dailyCloseResource,
  dailyCloseReturnSchema,
  dailyCloseSchema,
  dailyCloseSubmitSchema,
  DAILY_CLOSE_FIELD_LABELS as L,
  overdueCloseSchema,
} from '../../contract/dailyClose';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { day } from '../../contract/validation';
import type { DailyClose } from '../../contract/dailyClose';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { sendStatements } from '../http/resource';
import { envelope, idParam, listSchema } from '../http/routeSchemas';
import { dailyCloseListStatements, dailyCloseRowView, overdueCloses, dailyCloseList } from '../dailyClose/listing';
import { confirmClose, readShopDay, readShopDayEntries, returnClose, submitClose } from '../dailyClose/closeActions';
import { AnswerCache } from '../db/answerCache';

/** At most this many bytes of shop-days' figures are kept per server process (an answer is about 1.5 KB). */
const CLOSE_DAYS_BYTES = 8 * 1024 * 1024;

/** A shop's business day in the path: daily-closes/3/2026-11-27. */
const shopDayParams = z.object({ shopId: idParam, day: day(L.day) });

/** The daily close of a shop's day: its figures, the manager's submit and finance's decision (server/dailyClose/). */
const dailyCloseRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(dailyCloseResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(dailyCloseResource, verb) });
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });
  const answer = { 200: envelope(dailyCloseSchema) };
  // A shop's day is asked for again and again (the manager's screen, finance's review) and sums the whole day's orders and ledger.
  const closeDays = new AnswerCache<DailyClose>('close', CLOSE_DAYS_BYTES, (close) => JSON.stringify(close).length);

  app.get(base, { ...guard('list'), schema: listSchema(dailyCloseResource, dailyCloseList) }, (req, reply) =>
    sendStatements(reply, dailyCloseListStatements(app.db, sessionOf(req), req.query), dailyCloseRowView),
  );

  app.get(
    `${base}/overdue`,
    {
      ...guard('list'),
      schema: { response: { 200: envelope(z.object({ total: z.number(), days: z.array(overdueCloseSchema) })) } },
    },
    async (req) => ok(await overdueCloses(app.db, sessionOf(req))),
  );

  app.get(`${base}/:shopId/:day`, { ...guard('read'), schema: { params: shopDayParams, response: answer } }, async (req) =>
    ok(await readShopDay(app.db, app.pool, closeDays, actor(req), req.params.shopId, req.params.day)),
  );

  app.get(
    `${base}/:shopId/:day/entries`,
    {
      ...guard('read'),
      schema: { params: shopDayParams, querystring: closeEntriesQuerySchema, response: { 200: envelope(z.array(closeEntrySchema)) } },
    },
    async (req) => ok(await readShopDayEntries(app.db, actor(req), req.params.shopId, req.params.day, req.query)),
  );

  app.post(
    `${base}/:shopId/:day/submit`,
    { ...guard('action:submit'), schema: { params: shopDayParams, body: dailyCloseSubmitSchema, response: answer } },
    async (req) => ok(await submitClose(app.db, actor(req), req.params.shopId, req.params.day, req.body)),
  );

  app.post(
    `${base}/:shopId/:day/confirm`,
    { ...guard('action:confirm'), schema: { params: shopDayParams, body: dailyCloseConfirmSchema, response: answer } },
    async (req) => ok(await confirmClose(app.db, actor(req), req.params.shopId, req.params.day)),
  );

  app.post(
    `${base}/:shopId/:day/return`,
    { ...guard('action:return'), schema: { params: shopDayParams, body: dailyCloseReturnSchema, response: answer } },
    async (req) => ok(await returnClose(app.db, actor(req), req.params.shopId, req.params.day, req.body.reason)),
  );
};

export default dailyCloseRoutes;
