import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { ErrorCode, HTTP_STATUS_OF_CODE, TOTAL_COUNT_HEADER, type ErrorCodeValue, type FieldError } from '../../../contract/envelope';
import { NOTHING_TO_CHANGE } from '../../../contract/validation';

/** A refusal answered as the server's error envelope: its code, HTTP status and Chinese message. */
export class MockError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const invalid = (msg: string, fields: FieldError[] = []) => new MockError(ErrorCode.INVALID_INPUT, msg, { fields });
/** A 40000 about one field, named in data.fields. */
export const badField = (field: string, message: string) => invalid(message, [{ field, message }]);
export const forbidden = (msg = '没有权限执行此操作') => new MockError(ErrorCode.FORBIDDEN, msg);
export const notFound = (msg: string) => new MockError(ErrorCode.NOT_FOUND, msg);
export const conflict = (msg: string) => new MockError(ErrorCode.CONFLICT, msg);

/** The message of the 409 `run` refuses with, or null when it goes through. */
export function refusalOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (e) {
    if (e instanceof MockError && e.code === ErrorCode.CONFLICT) return e.message;
    throw e;
  }
}

function envelope(code: ErrorCodeValue, msg: string, data: unknown, headers?: Record<string, string>) {
  return HttpResponse.json({ code, msg, data } as never, { status: HTTP_STATUS_OF_CODE[code], headers });
}

export const ok = (data: unknown, msg = 'ok') => envelope(ErrorCode.OK, msg, data);

/** A list page: the rows (or a view of them), and the total of every matching row in x-total-count. */
export const page = (rows: unknown, total: number) => envelope(ErrorCode.OK, 'ok', rows, { [TOTAL_COUNT_HEADER]: String(total) });

export interface Call {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}

/** What a route answers: data (sent with code 0) or a whole response (ok with a message, a page); a MockError is sent as the error envelope. */
const answering = (answer: (call: Call) => unknown) => async (call: Call) => {
  try {
    const out = await answer(call);
    return out instanceof HttpResponse ? out : ok(out);
  } catch (e) {
    if (e instanceof MockError) return envelope(e.code, e.message, e.data);
    throw e;
  }
};

const route = (method: typeof http.get) => (path: string, answer: (call: Call) => unknown) => method(`*${path}`, answering(answer));

/** An API route, on any origin. */
export const api = { get: route(http.get), post: route(http.post), patch: route(http.patch), delete: route(http.delete) };

/** Like the server's parsers: every bad field in data.fields (each unknown field by its name), the first as the message. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.flatMap((i) =>
    (i.code === 'unrecognized_keys' ? i.keys.map((k) => [...i.path, k]) : [i.path]).map((p) => ({
      field: p.map(String).join('.'),
      message: i.message,
    })),
  );
  throw invalid(fields[0]?.message ?? '输入不正确', fields);
}

/** A JSON body read with its schema. */
export async function input<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
  const raw = await request.text();
  let body: unknown = {};
  try {
    body = raw ? JSON.parse(raw) : {};
  } catch {
    throw invalid('请求体不是合法的 JSON');
  }
  return parsed(schema, body ?? {});
}

/** A query string read with its schema. */
export const query = <S extends z.ZodType>(schema: S, request: Request): z.output<S> =>
  parsed(schema, Object.fromEntries(new URL(request.url).searchParams));

/** Like the server's parseChanges: a PATCH body that changes nothing is a 40000. */
export async function changes<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
  const values = await input(schema, request);
  if (Object.keys(values as object).length === 0) throw invalid(NOTHING_TO_CHANGE);
  return values;
}

/** A positive integer id from the path; anything else is a 40000, as on the server. */
export function parseId(raw: string | readonly string[] | undefined): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647 || String(n) !== String(raw)) throw badField('id', 'ID 格式不正确');
  return n;
}
