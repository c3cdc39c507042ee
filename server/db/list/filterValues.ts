import type { FilterField } from '../../../contract/resource';

/**
 * A filter value read by its filter's kind, in the form its column compares with: whatever the
 * request says, only these reach SQL, so PostgreSQL never sees a day or an offset it would refuse.
 */
export type FilterValue = string | number | boolean | Instant;

/** A point in time (UTC ISO); a calendar day in the query also carries the start of the next day. */
export interface Instant {
  at: string;
  nextDay?: string;
}

export const isInstant = (v: FilterValue): v is Instant => typeof v === 'object';

const INT4_MAX = 2_147_483_647;
const MAX_TEXT = 200;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 with a zone offset; seconds and their fraction optional (what the console and curl send). */
const ISO_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const DAY_MS = 86_400_000;
/** Offsets in use anywhere on earth run from -12:00 to +14:00; PostgreSQL refuses beyond ±15:59. */
const MAX_OFFSET_MINUTES = 14 * 60;

/** Days in a month of the proleptic Gregorian calendar (the one PostgreSQL and Date use). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** A calendar day that exists: 2026-02-30 and 2026-13-01 do not. */
function isDay(raw: string): boolean {
  const m = DAY_RE.exec(raw);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function instantOf(raw: string): Instant | undefined {
  // A calendar day is that whole day in Asia/Shanghai (README "Decisions").
  if (isDay(raw)) {
    const start = Date.parse(`${raw}T00:00:00+08:00`);
    return { at: new Date(start).toISOString(), nextDay: new Date(start + DAY_MS).toISOString() };
  }
  const m = ISO_RE.exec(raw);
  if (!m || !isDay(m[1])) return undefined;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  if (m[5] && (Number(m[7]) > 59 || Number(m[6]) * 60 + Number(m[7]) > MAX_OFFSET_MINUTES)) return undefined;
  const t = Date.parse(raw);
  return Number.isNaN(t) ? undefined : { at: new Date(t).toISOString() };
}

/** The value as the filter's kind reads it, or undefined when it is not one. */
export function filterValue(kind: FilterField, raw: string): FilterValue | undefined {
  switch (kind.kind) {
    case 'int':
      return /^-?\d{1,10}$/.test(raw) && Math.abs(Number(raw)) <= INT4_MAX ? Number(raw) : undefined;
    case 'bool':
      return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;
    case 'day':
      return isDay(raw) ? raw : undefined;
    case 'instant':
      return instantOf(raw);
    case 'enum':
      // Matched as text, answered as the value itself (program type 1 is a number).
      return kind.values.find((v) => String(v) === raw);
    case 'text':
      // PostgreSQL text cannot hold U+0000.
      return raw.length <= MAX_TEXT && !raw.includes('\u0000') ? raw : undefined;
  }
}
