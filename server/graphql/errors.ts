import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { ErrorCode } from '../../contract/envelope';
import { AppError } from '../http/errors';
import { fromDatabase } from '../http/errorHandler';

/** One error of an answer, as the console reads it: errors[i].message and errors[i].extensions.code. */
export interface ReportError {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: number; fields?: unknown };
}

const INTERNAL = '服务器内部错误，请稍后重试';

export function fromAppError(e: AppError, base: Pick<ReportError, 'locations' | 'path'> = {}): ReportError {
  const fields = (e.data as { fields?: unknown } | null)?.fields;
  return { message: e.message, ...base, extensions: { code: e.code, ...(fields ? { fields } : {}) } };
}

/**
 * A GraphQL error as we send it: our own refusals keep their code (40000, 40300, ...), errors of the
 * query itself (syntax, validation, variables) and values the database refuses are 40000, anything else is logged and answered 50000
 * without its message.
 */
function reportError(e: GraphQLError, log: FastifyRequest['log']): ReportError {
  const base = { locations: e.locations, path: e.path };
  const original = e.originalError;
  if (original instanceof AppError) return fromAppError(original, base);
  // A value the database refuses is the input's fault, as in REST; drizzle wraps the driver's error in `cause`.
  const refused = original && (fromDatabase(original as never) ?? fromDatabase(((original as { cause?: object }).cause ?? {}) as never));
  if (refused) return fromAppError(refused, base);
  if (original && !(original instanceof GraphQLError)) {
    log.error({ err: original }, 'graphql resolver failed');
    return { message: INTERNAL, ...base, extensions: { code: ErrorCode.INTERNAL } };
  }
  const code =
    (e.extensions?.code as number | undefined) ??
    (original instanceof GraphQLError ? (original.extensions?.code as number | undefined) : undefined);
  return { message: e.message, ...base, extensions: { code: typeof code === 'number' ? code : ErrorCode.INVALID_INPUT } };
}

/**
 * mercurius' errorFormatter: errors of fields (they have a path) answer 200 beside the other fields;
 * errors of the request itself (variables that do not fit, an operation the schema lacks) 400.
 */
export function formatExecution(execution: ExecutionResult & { errors: readonly GraphQLError[] }, ctx: { reply?: FastifyReply }) {
  const log = ctx.reply!.log;
  return {
    statusCode: execution.errors.some((e) => e.path) ? 200 : 400,
    response: { data: execution.data ?? null, errors: execution.errors.map((e) => reportError(e, log)) },
  };
}

/**
 * mercurius' errorHandler, for what fails before execution: the session guard (401 with 50008 / 50012
 * / 50014), a body that is not a query, syntax, validation, depth and cost (400 with 40000).
 */
export function handleRequestError(thrown: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  if (thrown instanceof AppError) return reply.code(thrown.httpStatus).send({ data: null, errors: [fromAppError(thrown)] });
  const error = thrown as FastifyError & { errors?: unknown[] };
  if (Array.isArray(error.errors) && error.errors.length > 0) {
    const errors = error.errors.map((e) =>
      reportError(e instanceof GraphQLError ? e : new GraphQLError(String((e as Error).message ?? e)), req.log),
    );
    return reply.code(400).send({ data: null, errors });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(400).send({
      data: null,
      errors: [
        {
          message: error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? '请求体不是合法的 JSON' : error.message || '请求不正确',
          extensions: { code: ErrorCode.INVALID_INPUT },
        },
      ],
    });
  }
  req.log.error({ err: error }, 'graphql request failed');
  return reply.code(500).send({ data: null, errors: [{ message: INTERNAL, extensions: { code: ErrorCode.INTERNAL } }] });
}
