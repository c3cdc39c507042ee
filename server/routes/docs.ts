import type { FastifyPluginAsync } from 'fastify';

export const OPENAPI_PATH = '/api/docs/openapi.json';

/** The OpenAPI 3 document of every route, built from the same contract schemas that check them; open to all, like the code it describes. */
const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get(OPENAPI_PATH, async () => app.swagger());
};

export default docsRoutes;
