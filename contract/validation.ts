import { z } from 'zod';
import { PHONE_RE } from './phone';

/**
 * Field builders whose every message is Chinese and names the field, shared by the server's input
 * validation and the console's form rules (see src/providers/formRules.ts).
 */
const missingOr = (label: string, wrong: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? `请输入${label}` : `${label}${wrong}`;

/** A PATCH whose body changes no field: refused, so no empty write or audit row is made. */
export const NOTHING_TO_CHANGE = '没有要修改的字段';

/** PostgreSQL text cannot hold U+0000; refused here so the message names the field. */
const noNul = (s: string) => !s.includes('\u0000');

export { PHONE_RE };

export function text(label: string, opts: { max: number; min?: number }) {
  const min = opts.min ?? 1;
  return z
    .string({ error: missingOr(label, '必须是文本') })
    .trim()
    .min(min, min <= 1 ? `请输入${label}` : `${label}至少 ${min} 个字`)
    .max(opts.max, `${label}最多 ${opts.max} 个字`)
    .refine(noNul, `${label}含有不允许的字符`);
}

/** Text that may be empty. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}最多 ${max} 个字`)
    .refine(noNul, `${label}含有不允许的字符`);
}

export function phone(label = '手机号') {
  return z
    .string({ error: missingOr(label, '必须是文本') })
    .trim()
    .regex(PHONE_RE, `${label}格式不正确，应为 11 位手机号`);
}

export function int(label: string, min: number, max: number) {
  return z
    .number({ error: missingOr(label, '必须是数字') })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);
}

export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: missingOr(label, '取值不正确') });
}

export function bool(label: string) {
  return z.boolean({ error: missingOr(label, '必须是是/否') });
}

/** "HH:mm", 00:00 to 23:59. */
export function clockTime(label: string) {
  return z.string({ error: missingOr(label, '必须是文本') }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为 HH:mm`);
}

/** A calendar day "YYYY-MM-DD" that exists. */
export function day(label: string) {
  return z
    .string({ error: missingOr(label, '必须是文本') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, `${label}不是有效日期`);
}

/**
 * An ISO timestamp, written back as UTC with milliseconds ("…T08:00:00+08:00" -> "…T00:00:00.000Z"),
 * the form the server stores and answers, so the same instant always compares equal.
 */
export function instant(label: string) {
  return z.iso.datetime({ offset: true, error: missingOr(label, '格式应为 ISO 时间') }).transform((s) => new Date(s).toISOString());
}

/**
 * An http(s) URL on a public host or an in-app path starting with one "/" (docs/domain.md banner links;
 * image URLs, uploaded ones being "/api/…" paths); stored as the URL's normal form.
 */
export function link(label: string, max = 500) {
  return z
    .string({ error: missingOr(label, '必须是文本') })
    .trim()
    .max(max, `${label}最多 ${max} 个字`)
    .refine((s) => s === '' || isSafeLink(s), `${label}必须是 http(s) 链接或以 / 开头的站内路径`)
    .overwrite(normalLink);
}

/** Characters a URL may carry as they are: nothing a browser, HTML or a log would need escaped. */
const URL_CHARS = /^[A-Za-z0-9\-._~!$&()*+,;=:@/?#%]*$/;
/** A "%" only as the start of an escape. */
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
/** A dotted DNS name whose last label is letters: no IP literal, no single-label name like localhost. */
const PUBLIC_HOST = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Names that only ever resolve inside a machine or a network. */
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.localdomain'];

/**
 * True for "/path" (not "//host") and for "http(s)://host/…" written out in full, with a public
 * dotted host name and no user name or password. Refused besides: "http:evil.com",
 * "https:\\evil.com", IP addresses (loopback, private, link-local alike), quotes, angle brackets,
 * spaces and other characters that would need escaping.
 */
export function isSafeLink(s: string): boolean {
  if (!URL_CHARS.test(s) || BAD_PERCENT.test(s)) return false;
  if (s.startsWith('/')) return !s.startsWith('//');
  if (!/^https?:\/\/[^/]/i.test(s)) return false;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  return PUBLIC_HOST.test(host) && !PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** The form a link is stored in: an absolute URL's href (lower-case scheme and host), a path as given. */
function normalLink(s: string): string {
  if (s === '' || s.startsWith('/') || !isSafeLink(s)) return s;
  return new URL(s).href;
}

/** Rejects fields the schema does not know, naming them. */
export function strictObject<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys' ? `不允许的字段：${(iss as { keys: string[] }).keys.join('、')}` : '请求体必须是 JSON 对象',
  });
}
