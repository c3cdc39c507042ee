import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import type { ApiError } from './http';

/**
 * An antd Form rule that runs a contract field schema (e.g. shopFieldSchemas.name), so the form says
 * exactly what the server would answer. A schema that refuses an empty value marks the field required.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    required: !schema.safeParse(undefined).success,
    async validator(_rule, value: unknown) {
      const result = await schema.safeParseAsync(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/** Shows a rejected call's field errors (data.fields of a 40000) on a form that is not refine's useForm. */
export function applyServerErrors(form: FormInstance, error: Pick<ApiError, 'errors'>): boolean {
  const entries = Object.entries(error.errors ?? {});
  // "items.0.name" is the path ['items', 0, 'name'] of a Form.List field.
  const path = (field: string) => field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  form.setFields(entries.map(([field, message]) => ({ name: path(field), errors: [message] })));
  return entries.length > 0;
}
