import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '../../contract/api';
import { menuFor } from '../../contract/access';
import { serverMenuSchema } from '../../contract/serverMenu';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';
import { envelope } from '../http/routeSchemas';
import { READS_ONLY } from '../http/apiDocument';

/** The server menu of the current role (docs/console.md shape), built from the shared route table. */
const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.menu,
    { preValidation: authenticate, ...READS_ONLY, schema: { response: { 200: envelope(serverMenuSchema) } } },
    async (req) => ok(menuFor(sessionOf(req).role)),
  );
};

export default menuRoutes;
