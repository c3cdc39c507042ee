import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '../../contract/envelope';
import { GRAPHQL_PATH } from '../../contract/report';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH } from '../../contract/upload';
import { refusalsOf } from './refusals';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (the console calls a few reads by POST): it writes nothing the database could refuse. */
    readsOnly?: boolean;
  }
}

/** Route options of a POST that only reads: the document lists no 409 for it. */
export const READS_ONLY = { config: { readsOnly: true } };

/** The bearer token of a session (POST user/login/*), sent as `Authorization: Bearer <token>`. */
export const SECURITY_SCHEMES = { bearerAuth: { type: 'http', scheme: 'bearer', description: '登录接口返回的 token' } } as const;

const fieldError = z.object({ field: z.string(), message: z.string() });

/** An error answer's envelope: its codes, and what `data` may carry (the bad fields, when to retry). */
function errorEnvelope(description: string, codes: number[]) {
  return z
    .object({
      code: z.literal(codes),
      msg: z.string().describe('中文说明'),
      data: z
        .object({
          fields: z.array(fieldError).optional().describe('40000：每个不正确的字段'),
          retryAfter: z.number().int().optional().describe('42900：多少秒后可重试（同 Retry-After 头）'),
        })
        .nullable(),
    })
    .describe(description);
}

/** Every error answer a route may give, by HTTP status (docs/api.md, "Envelope"). */
export const ERROR_ANSWERS: Readonly<Record<number, z.ZodType>> = {
  400: errorEnvelope('输入不正确：msg 说明第一个错误字段，data.fields 列出每个字段', [ErrorCode.INVALID_INPUT]),
  401: errorEnvelope('未登录、登录凭证无效、会话已结束或已过期', [
    ErrorCode.ILLEGAL_TOKEN,
    ErrorCode.SESSION_ENDED,
    ErrorCode.TOKEN_EXPIRED,
  ]),
  403: errorEnvelope('当前角色或门店无权执行此操作', [ErrorCode.FORBIDDEN]),
  404: errorEnvelope('记录不存在（包括其他门店的记录）', [ErrorCode.NOT_FOUND]),
  409: errorEnvelope('与当前状态冲突：非法的状态变更、重复、被引用的记录等', [ErrorCode.CONFLICT]),
  429: errorEnvelope('请求过于频繁：Retry-After 头给出秒数', [ErrorCode.TOO_MANY_REQUESTS]),
  500: errorEnvelope('服务器内部错误（不含任何堆栈信息）', [ErrorCode.INTERNAL]),
};

/** Error answers a route gives beyond those its hooks and inputs imply (server/routes: `response: { 200: ..., ...errorAnswers(403) }`). */
export function errorAnswers(...statuses: number[]): Record<number, z.ZodType> {
  return Object.fromEntries(statuses.map((s) => [s, ERROR_ANSWERS[s]]));
}

/** A schema extension the document's last pass reads: this operation's body may be left out. */
const OPTIONAL_BODY = 'x-optional-body';

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat().filter((h) => h !== undefined);

/**
 * onRoute, before @fastify/swagger hears of the route: the error answers it may give (those of its
 * hooks, 400 where it takes input, 404 where its path names a row, 409 where it writes, 500 anywhere)
 * and, behind a session, the bearer security. A route's own schema (which routes may share) is
 * copied, never changed, and what it says itself stays.
 */
export function documentRoute(route: RouteOptions): void {
  const own = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };
  // GraphQL answers in its own shape, all of which its route documents (server/graphql/document.ts).
  if (own.hide || route.url === GRAPHQL_PATH) return;
  // Any call may fail inside: 500 is every route's.
  const statuses = new Set([...hooksOf(route).flatMap(refusalsOf), 500]);
  if (own.params !== undefined || own.querystring !== undefined || own.body !== undefined) statuses.add(400);
  if (route.url.includes(':')) statuses.add(404);
  // A write the database refuses as a duplicate or a broken reference is 409 wherever it happens (server/http/errorHandler.ts).
  if ([route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD') && !route.config?.readsOnly) statuses.add(409);
  const response: Record<string, unknown> = {};
  for (const status of [...statuses].sort((a, b) => a - b)) response[status] = ERROR_ANSWERS[status];
  const schema: Record<string, unknown> = { ...own, response: { ...response, ...own.response } };
  if (statuses.has(401)) schema.security ??= [{ bearerAuth: [] }];
  // Inputs are read as `{}` when no body comes (server/http/schemaCompilers.ts): a body whose every field is optional need not be sent.
  if (own.body instanceof z.ZodType && own.body.safeParse({}).success) schema[OPTIONAL_BODY] = true;
  route.schema = schema;
}

/** The multipart body of POST upload, which @fastify/multipart reads in the handler rather than a route schema. */
const uploadBody = z.object({
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe(`JPEG、PNG 或 WebP 图片，最大 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`),
});

/** swagger's transform of POST upload: the document shows its multipart body. */
export function documentUploadRoute<R extends { url: string; route: { method: string | string[] }; schema: object }>(route: R): R {
  if (route.url !== UPLOAD_PATH || ![route.route.method].flat().includes('POST')) return route;
  return { ...route, schema: { ...route.schema, body: uploadBody, consumes: ['multipart/form-data'] } };
}

interface Operation {
  requestBody?: { required?: boolean };
  [OPTIONAL_BODY]?: boolean;
}

/** transformObject: the last pass over the document, for what a route's schema cannot say by itself. */
export function finishDocument({ openapiObject }: { openapiObject: Record<string, unknown> }): Record<string, unknown> {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      if (!operation[OPTIONAL_BODY]) continue;
      delete operation[OPTIONAL_BODY];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  }
  return openapiObject;
}
