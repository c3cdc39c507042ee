import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import { ErrorCode } from '../../contract/envelope';
import mercurius from 'mercurius';
import { GRAPHQL_PATH } from '../../contract/report';
import { authenticate } from '../auth/sessionGuard';
import { reportSchema } from '../graphql/schema';
import { reportContext } from '../graphql/context';
import { MAX_TOKENS, costLimit, depthLimit, introspectionLimit } from '../graphql/limits';
import { formatExecution, fromAppError, handleRequestError } from '../graphql/errors';
import { checkRequest } from '../graphql/request';
import { graphqlAnswers } from '../graphql/document';
import { AnswerCache } from '../db/answerCache';
import { SESSION_NEUTRAL } from '../auth/sessionCache';

/** At most this many bytes (as JSON) of report answers are kept per server process. */
const REPORT_ANSWERS_BYTES = 16 * 1024 * 1024;

/** The session (as REST decides it) and the request's shape, refused in the GraphQL shape. */
async function guard(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  // mercurius also routes GET; the endpoint is POST only, GET is an unknown call as anywhere else.
  if (req.method !== 'POST') {
    await reply.code(404).send({ code: ErrorCode.NOT_FOUND, msg: '接口不存在', data: null });
    return;
  }
  try {
    await authenticate(req);
    await checkRequest(req);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    await reply.code(e.httpStatus).send({ data: null, errors: [fromAppError(e)] });
  }
}

/**
 * POST /v1/graphql: the reports (server/graphql/schema.ts). Its own plugin, so mercurius' error
 * handler answers GraphQL-shaped errors here and the REST envelope stays everywhere else. Every call,
 * introspection included, passes the REST session guard first: no, unknown, revoked or expired
 * tokens answer 401 with the same 50008 / 50012 / 50014.
 */
export default async function graphqlRoutes(app: FastifyInstance): Promise<void> {
  // Bodies that are no JSON fail before mercurius sees them: answered in the GraphQL shape too.
  app.setErrorHandler(handleRequestError);
  const reports = new AnswerCache<unknown>('reports', REPORT_ANSWERS_BYTES, (answer) => JSON.stringify(answer).length);
  await app.register(mercurius, {
    schema: reportSchema,
    path: GRAPHQL_PATH,
    graphiql: false,
    allowBatchedQueries: false,
    jit: 1,
    // Depth is our own rule rather than mercurius' queryDepth, which counts introspection fields too.
    validationRules: [depthLimit, costLimit, introspectionLimit],
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    context: (req) => reportContext(req, reports),
    errorFormatter: formatExecution as never,
    errorHandler: handleRequestError as never,
    // The request is checked by checkRequest, not by mercurius' JSON schemas (our compilers are zod's);
    // the OpenAPI document shows its body from server/graphql/document.ts.
    additionalRouteOptions: {
      schema: { response: graphqlAnswers, security: [{ bearerAuth: [] }] },
      preValidation: guard,
      ...SESSION_NEUTRAL,
    },
  });
}
