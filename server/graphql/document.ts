import { z } from 'zod';

/**
 * POST /v1/graphql as the OpenAPI document shows it: GraphQL's own body and answer, not the envelope.
 * The body is checked by checkRequest (./request.ts) before this schema sees it.
 */
export const graphqlRequestSchema = z
  .looseObject({
    query: z.string().describe('GraphQL 查询（只读报表，见 server/graphql/schema.ts；内省查询同样需要登录）'),
    operationName: z.string().nullish(),
    variables: z.record(z.string(), z.unknown()).nullish(),
  })
  .describe('一个 GraphQL 操作（不支持批量）');

const reportErrorSchema = z.object({
  message: z.string(),
  locations: z.array(z.object({ line: z.number(), column: z.number() })).optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.object({
    code: z.number().describe('同 REST 的 code：40000、40300、50000、50008、50012、50014'),
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});

const answer = (description: string) =>
  z.object({ data: z.record(z.string(), z.unknown()).nullable(), errors: z.array(reportErrorSchema).optional() }).describe(description);

/**
 * swagger's transform of the GraphQL routes: mercurius also routes GET, which the endpoint answers
 * 404, so it is left out; POST shows its body, which no route schema can carry (mercurius gives GET the
 * same options, and a GET may not have a body schema).
 */
export function documentGraphqlRoute<R extends { route: { method: string | string[] }; schema: object }>(route: R): R {
  const get = [route.route.method].flat().includes('GET');
  return { ...route, schema: get ? { hide: true } : { ...route.schema, body: graphqlRequestSchema } };
}

export const graphqlAnswers = {
  200: answer('查询结果；角色无权读取的字段为 null，并在 errors 中以 40300 说明（带 path）'),
  400: answer('查询本身不正确（语法、校验、深度、成本、变量、非 JSON、批量）：errors[0].extensions.code 为 40000'),
  401: answer('未登录或会话已失效：errors[0].extensions.code 为 50008 / 50012 / 50014'),
  500: answer('服务器内部错误：errors[0].extensions.code 为 50000，不含任何堆栈信息'),
};
