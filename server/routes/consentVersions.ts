import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentVersionCreateSchema, consentVersionResource } from '../../contract/consentVersion';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { listStatements, sendStatements } from '../http/resource';
import { listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import {
  consentVersionList,
  consentVersionView,
  publishConsentVersion,
  readConsentVersion,
  type ConsentVersionRow,
} from '../serviceRecords/consentVersions';

/** The consent texts per program type: every role reads them, admins publish a new version; none is edited or deleted. */
const consentVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(consentVersionResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(consentVersionResource, verb) });

  app.get(base, { ...guard('list'), schema: listSchema(consentVersionResource, consentVersionList) }, (req, reply) =>
    // `current` is a derived column of the list (server/serviceRecords/consentVersions.ts).
    sendStatements(reply, listStatements(app.db, consentVersionList, sessionOf(req), req.query), (row) =>
      consentVersionView(row as ConsentVersionRow & { current: boolean }),
    ),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(consentVersionResource) }, async (req) =>
    ok(await readConsentVersion(app.db, req.params.id)),
  );

  app.post(
    base,
    { ...guard('create'), schema: { body: consentVersionCreateSchema, response: rowAnswer(consentVersionResource) } },
    async (req) => ok(await app.db.transaction((tx) => publishConsentVersion(tx, { session: sessionOf(req), ip: req.ip }, req.body))),
  );
};

export default consentVersionRoutes;
