import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const OPENAPI_PATH = '/api/docs/openapi.json';

/** An OpenAPI document, as far as its reader needs to know before reading it. */
const openapiDocument = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('OpenAPI 3.1 文档');

/** The OpenAPI 3 document of every route, built from the same contract schemas that check them; open to all, like the code it describes. */
const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OPENAPI_PATH, { schema: { response: { 200: openapiDocument } } }, async () => app.swagger() as z.infer<typeof openapiDocument>);
};

export default docsRoutes;
