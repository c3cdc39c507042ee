import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import fastJsonStringify, { type AnySchema } from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Route inputs are checked by the contract's zod schemas. A request without a body is read as `{}`,
 * as before typed routes: a POST says which fields are missing, a PATCH that nothing changes.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return route.httpPart === 'body' ? (data) => validate(data ?? {}) : validate;
};

/** `anyOf: [X, {type: null}]` as `type: [X, 'null']`, which fast-json-stringify writes without trying each branch. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null')!;
    if (typeof other.type === 'string' && Object.keys(other).every((k) => k === 'type' || k === 'enum' || k === 'const')) {
      delete out.anyOf;
      Object.assign(out, { ...other, type: [other.type, 'null'] }, other.enum ? { enum: [...(other.enum as unknown[]), null] } : {});
    }
  }
  return out;
}

/**
 * Responses are written from the JSON schema of the contract's zod schema (the same one the OpenAPI
 * document shows) by fast-json-stringify, Fastify's own serializer: encoding each answer through zod
 * first cost the customers list a measurable share of its throughput (README "Decisions").
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, httpStatus }) =>
  // Error answers are written as they are: small and rare, and no key of their data may be dropped.
  Number(httpStatus) >= 400
    ? JSON.stringify
    : fastJsonStringify(simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' })) as AnySchema);
