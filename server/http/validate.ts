import type { z } from 'zod';
import { invalid } from './errors';
import { NOTHING_TO_CHANGE } from '../../contract/validation';

/** Parses input with a contract schema; any failure becomes one 40000 naming every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  // An unknown-fields issue sits on the object itself; list each unknown field under its own name.
  const fields = result.error.issues.flatMap((i) =>
    (i.code === 'unrecognized_keys' ? i.keys.map((k) => [...i.path, k]) : [i.path]).map((p) => ({ field: p.map(String).join('.'), message: i.message })),
  );
  throw invalid(fields[0]?.message ?? '输入不正确', fields);
}

/** The fields of a PATCH: parsed like any input, and a body that changes nothing is a 40000, not an empty audited write. */
export function parseChanges<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const changes = parseInput(schema, input);
  if (Object.keys(changes as object).length === 0) throw invalid(NOTHING_TO_CHANGE, []);
  return changes;
}

/** A positive integer id from a route parameter; anything else is "not found", not a 500. */
export function parseId(raw: unknown): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647 || String(n) !== String(raw)) throw invalid('ID 格式不正确', [{ field: 'id', message: 'ID 格式不正确' }]);
  return n;
}
