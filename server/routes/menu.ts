import type { FastifyPluginAsync } from 'fastify';
import { API } from '../../contract/api';
import { menuFor } from '../../contract/access';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';

/** The server menu of the current role (docs/console.md shape), built from the shared route table. */
const menuRoutes: FastifyPluginAsync = async (app) => {
  app.post(API.menu, { preValidation: authenticate }, async (req) => ok(menuFor(sessionOf(req).role)));
};

export default menuRoutes;
