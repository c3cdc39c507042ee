import type { FastifyPluginAsync } from 'fastify';
import { API } from '../../contract/api';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { page } from '../http/reply';
import { listEntitlements } from '../appointments/listing';

/** Touch-up entitlements are read here; the checkstand and after-sales create them, bookings move them. */
const entitlementRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${API.resourceBase}/entitlements`, { preHandler: authenticate }, async (req, reply) => {
    const { rows, total } = await listEntitlements(app.db, sessionOf(req), req.query as Record<string, unknown>);
    return page(reply, rows, total);
  });
};

export default entitlementRoutes;
