import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ledgerEntryCreateSchema,
  ledgerEntryResource,
  ledgerEntryRowSchema,
  ledgerReverseSchema,
  ledgerSummaryQuerySchema,
  ledgerSummarySchema,
  type LedgerEntry,
} from '../../contract/ledgerEntry';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { sendStatements } from '../http/resource';
import { envelope, idParams, listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import { ledgerList, ledgerListStatements, ledgerView, readLedgerEntry, type LedgerRow } from '../ledger/listing';
import { addLedgerEntry, reverseLedgerEntry } from '../ledger/entries';
import { ledgerSummary } from '../ledger/summary';

/** A shop's income and expense; the rules live in server/ledger/. */
const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(ledgerEntryResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(ledgerEntryResource, verb) });
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });

  app.get(base, { ...guard('list'), schema: listSchema(ledgerEntryResource, ledgerList) }, (req, reply) =>
    sendStatements<LedgerRow, LedgerEntry>(reply, ledgerListStatements(app.db, sessionOf(req), req.query), ledgerView),
  );

  app.get(
    `${base}/summary`,
    { ...guard('list'), schema: { querystring: ledgerSummaryQuerySchema, response: { 200: envelope(ledgerSummarySchema) } } },
    async (req) => ok(await ledgerSummary(app.db, sessionOf(req), req.query)),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(ledgerEntryResource) }, async (req) =>
    ok(await readLedgerEntry(app.db, sessionOf(req), req.params.id)),
  );

  app.post(
    base,
    { ...guard('create'), schema: { body: ledgerEntryCreateSchema, response: { 200: envelope(ledgerEntryRowSchema) } } },
    async (req) => ok(await addLedgerEntry(app.db, actor(req), req.body)),
  );

  app.post(
    `${base}/:id/reverse`,
    { ...guard('action:reverse'), schema: { params: idParams, body: ledgerReverseSchema, response: rowAnswer(ledgerEntryResource) } },
    async (req) => ok(await reverseLedgerEntry(app.db, actor(req), req.params.id, req.body.reason)),
  );
};

export default ledgerRoutes;
