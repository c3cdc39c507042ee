import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

interface DocumentedResponse {
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
type Paths = Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;

/**
 * Checks every answer the app gives against the OpenAPI document's response for its route and status:
 * the status must be documented, the content type too, and a JSON body must fit the schema. Answers of
 * paths the document does not list (an unknown URL, the console's files) are not checked. Mismatches
 * are kept; `assertConforms` throws them.
 */
export function checkResponses(app: FastifyInstance) {
  const mismatches: string[] = [];
  const validators = new Map<string, z.ZodType>();
  let paths: Paths | undefined;

  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url;
    // The document is the routes' plugin's: a route outside it (CORS preflight, the console's files) is not in it.
    if (!route || typeof req.server.swagger !== 'function') return payload;
    paths ??= (req.server.swagger() as unknown as { paths: Paths }).paths;
    const operation = paths[route.replace(/:(\w+)/g, '{$1}')]?.[req.method.toLowerCase()];
    if (!operation) return payload;
    const call = `${req.method} ${route} -> ${reply.statusCode}`;
    const documented = operation.responses[String(reply.statusCode)];
    if (!documented) {
      mismatches.push(`${call}: status not documented`);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0];
    const media = documented.content?.[type];
    if (!media) {
      mismatches.push(`${call}: content type ${type || '(none)'} not documented`);
      return payload;
    }
    if (type !== 'application/json' || typeof payload !== 'string' || !media.schema) return payload;
    const key = `${call} ${type}`;
    let validator = validators.get(key);
    if (!validator) validators.set(key, (validator = z.fromJSONSchema(media.schema as never, { defaultTarget: 'draft-2020-12' })));
    const result = validator.safeParse(JSON.parse(payload));
    if (!result.success) mismatches.push(`${call}: ${z.prettifyError(result.error)}\n  ${payload.slice(0, 300)}`);
    return payload;
  });

  return {
    mismatches,
    assertConforms() {
      if (mismatches.length > 0) throw new Error(`answers that differ from the OpenAPI document:\n${[...new Set(mismatches)].join('\n')}`);
    },
  };
}
