import type { FastifyRequest } from 'fastify';
import { invalid } from '../http/errors';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The body is one operation: { query, operationName?, variables?, extensions? }. An array (a batch)
 * or anything else is 40000 before the query is parsed.
 */
export async function checkRequest(req: FastifyRequest): Promise<void> {
  const input = req.body;
  if (!isObject(input)) throw invalid('请求体应为一个 GraphQL 操作（不支持批量）');
  if (typeof input.query !== 'string' || input.query.trim() === '')
    throw invalid('缺少 query', [{ field: 'query', message: '缺少 query' }]);
  if (input.operationName != null && typeof input.operationName !== 'string')
    throw invalid('operationName 应为字符串', [{ field: 'operationName', message: 'operationName 应为字符串' }]);
  if (input.variables != null && !isObject(input.variables))
    throw invalid('variables 应为对象', [{ field: 'variables', message: 'variables 应为对象' }]);
}
