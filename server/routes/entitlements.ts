import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entitlementResource, entitlementRowSchema } from '../../contract/entitlement';
import { resourcePath } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { page } from '../http/reply';
import { envelope } from '../http/routeSchemas';
import { entitlementListQuery, listEntitlements } from '../appointments/listing';

/** Touch-up entitlements are read here; the checkstand and after-sales create them, bookings move them. */
const entitlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    resourcePath(entitlementResource),
    {
      preValidation: resourceGuard(entitlementResource, 'list'),
      schema: { querystring: entitlementListQuery, response: { 200: envelope(z.array(entitlementRowSchema)) } },
    },
    async (req, reply) => {
      const { rows, total } = await listEntitlements(app.db, sessionOf(req), req.query);
      return page(reply, rows, total);
    },
  );
};

export default entitlementRoutes;
