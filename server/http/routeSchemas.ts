import { z } from 'zod';
import type { Resource } from './resource';

const ID_FORMAT = 'ID 格式不正确';

/** A row id in the path: a positive int4 written plainly ("1e3", "01" and "1.0" are not ids). */
export const idParam = z
  .string({ error: ID_FORMAT })
  .regex(/^[1-9]\d{0,9}$/, ID_FORMAT)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, ID_FORMAT);

export const idParams = z.object({ id: idParam });

/** Every answer's envelope (contract/envelope.ts) around its data. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().describe('成功时为 0'), msg: z.string(), data }).describe('成功');
}

/** A write's answer: the row as it now stands. */
export function rowAnswer<Row>(descriptor: { schemas: { row: z.ZodType<Row> } }) {
  return { 200: envelope(descriptor.schemas.row) };
}

/** POST /:id/reveal-phone: the full phone, audited. */
export const fullPhoneSchema = z.object({ phone: z.string() });

/** A file's bytes as the answer, in one of these types (an export, an uploaded image). */
export function fileAnswer(description: string, types: readonly string[]) {
  const bytes = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: bytes }])) };
}

/** An answer whose data is null (a delete, a logout). */
export const nullAnswer = { 200: envelope(z.null()) };

/** GET list of a resource: its query string and a page of its rows. */
export function listSchema<Row>(descriptor: { schemas: { row: z.ZodType<Row> } }, resource: Pick<Resource<never>, 'listQuery'>) {
  return { querystring: resource.listQuery, response: { 200: envelope(z.array(descriptor.schemas.row)) } };
}

/** GET /:id of a resource: one row. */
export function readSchema<Row>(descriptor: { schemas: { row: z.ZodType<Row> } }) {
  return { params: idParams, response: { 200: envelope(descriptor.schemas.row) } };
}
