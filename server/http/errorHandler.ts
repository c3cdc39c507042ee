import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/envelope';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, invalid, conflict } from './errors';
import { fieldErrors } from './validate';

/** Maps a database error we expect under races or bad references to a client error. */
export function fromDatabase(err: { code?: unknown; constraint?: string }): AppError | undefined {
  switch (err.code) {
    case '23505':
      return conflict('记录已存在，不能重复');
    case '23503':
      return conflict('该记录被其他数据引用，不能删除或修改');
    case '23P01':
      return conflict('时间冲突');
    case '23514':
      return invalid('输入不正确');
    default:
      // Class 22 is a value PostgreSQL cannot take (a day that does not exist, an offset out of range,
      // a number too large, a U+0000 in text): the input's fault, whichever check let it through.
      // Other libraries' errors may carry a code that is not PostgreSQL's text (a number, say).
      return typeof err.code === 'string' && err.code.startsWith('22') ? invalid('输入的值格式不正确或超出范围') : undefined;
  }
}

function fromFramework(err: FastifyError): AppError | undefined {
  if (hasZodFastifySchemaValidationErrors(err)) {
    // The route's contract schema refused params, query or body: the same 40000 as parseInput gives.
    const fields = fieldErrors(
      err.validation.map((v) => ({
        path: v.instancePath.length > 1 ? v.instancePath.slice(1).split('/') : [],
        message: v.message ?? '输入不正确',
        keys: v.keyword === 'unrecognized_keys' ? (v.params.keys as string[]) : undefined,
      })),
    );
    return invalid(fields[0]?.message ?? '输入不正确', fields);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid('请求体不是合法的 JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalid('请求体过大');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid('不支持的请求内容类型');
  }
  if (err instanceof SyntaxError) return invalid('请求体不是合法的 JSON');
  if (err.statusCode === 429) return new AppError(ErrorCode.TOO_MANY_REQUESTS, err.message || '请求过于频繁，请稍后再试');
  if (err.validation) return invalid('输入不正确');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return invalid('请求不正确');
  return undefined;
}

/** One envelope for every failure; no stack trace ever leaves the server. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    // drizzle wraps the driver's error in `cause`.
    const known =
      error instanceof AppError
        ? error
        : (fromDatabase(error as never) ?? fromDatabase(((error as { cause?: object }).cause ?? {}) as never) ?? fromFramework(error));
    if (!known) {
      req.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: ErrorCode.INTERNAL, msg: '服务器内部错误，请稍后重试', data: null });
    }
    if (!(error instanceof AppError)) req.log.info({ code: (error as { code?: string }).code, detail: error.message }, 'client error');
    const retryAfter = (known.data as { retryAfter?: unknown } | null)?.retryAfter;
    if (known.code === ErrorCode.TOO_MANY_REQUESTS) reply.header('retry-after', String(typeof retryAfter === 'number' ? retryAfter : 60));
    return reply.status(known.httpStatus).send({ code: known.code, msg: known.message, data: known.data });
  });
}
