import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pigmentUseResource } from '../../contract/pigmentUse';
import { resourcePath } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { listStatements, sendStatements } from '../http/resource';
import { listSchema } from '../http/routeSchemas';
import { pigmentUseList, pigmentUseView } from '../serviceRecords/listing';
import type { pigmentUses } from '../db/schema';

/** The recall list (finance, admin): who received which batch; its .xlsx is GET pigment-uses/export (./exports.ts). */
const pigmentUseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    resourcePath(pigmentUseResource),
    { preValidation: resourceGuard(pigmentUseResource, 'list'), schema: listSchema(pigmentUseResource, pigmentUseList) },
    (req, reply) =>
      // `shopName` is a derived column of the list (server/serviceRecords/listing.ts).
      sendStatements(reply, listStatements(app.db, pigmentUseList, sessionOf(req), req.query), (row) =>
        pigmentUseView(row as typeof pigmentUses.$inferSelect & { shopName: string }),
      ),
  );
};

export default pigmentUseRoutes;
