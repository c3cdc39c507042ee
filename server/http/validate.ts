import type { z } from 'zod';
import { invalid } from './errors';
import type { FieldError } from '../../contract/envelope';
import { NOTHING_TO_CHANGE } from '../../contract/validation';

/** What a zod issue and a route's validation error both tell: where, what, and any unknown keys. */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

/** One entry per bad field; an unknown-fields issue sits on the object itself, so each unknown field gets its own name. */
export function fieldErrors(issues: readonly Issue[]): FieldError[] {
  return issues.flatMap((i) =>
    (i.keys ? i.keys.map((k) => [...i.path, k]) : [i.path]).map((p) => ({ field: p.map(String).join('.'), message: i.message })),
  );
}

/** Parses input with a contract schema outside a route (a route's schema does it there); any failure is one 40000 naming every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error.issues.map((i) => ({ ...i, keys: i.code === 'unrecognized_keys' ? i.keys : undefined })));
  throw invalid(fields[0]?.message ?? '输入不正确', fields);
}

/** The fields of a PATCH, already valid: a body that changes nothing is a 40000, not an empty audited write. */
export function changes<T extends object>(input: T): T {
  if (Object.keys(input).length === 0) throw invalid(NOTHING_TO_CHANGE, []);
  return input;
}
