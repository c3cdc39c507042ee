import { gte, lt, lte, type AnyColumn } from 'drizzle-orm';
import { invalid } from '../../http/errors';
import type { CustomFilter } from './listQuery';
import { daysInMonth } from './filterValues';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The calendar day before a day (YYYY-MM-DD, already checked). */
function dayBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  if (date > 1) return `${day.slice(0, 8)}${pad(date - 1, 2)}`;
  if (month > 1) return `${day.slice(0, 5)}${pad(month - 1, 2)}-${daysInMonth(year, month - 1)}`;
  return `${pad(year - 1, 4)}-12-31`;
}

/**
 * The first instant of a Shanghai calendar day, as UTC ISO: 16:00 UTC of the day before (UTC+8 has
 * no summer time). Written out, not through a Date: every list call with from= computes one.
 */
export function shanghaiDayStart(day: string): string {
  return `${dayBefore(day)}T16:00:00.000Z`;
}

/** The first instant of the Shanghai day after this one: 16:00 UTC of the day itself. */
function nextShanghaiDayStart(day: string): string {
  return `${day}T16:00:00.000Z`;
}

function oneDay(field: string, values: unknown[]): string {
  if (values.length !== 1) throw invalid(`筛选字段 ${field} 只能有一个值`, [{ field, message: `筛选字段 ${field} 只能有一个值` }]);
  return values[0] as string;
}

/**
 * from= and to= of a list: whole Shanghai days, both inclusive, on a point-in-time column (createdAt)
 * or on a day column (a ledger entry's occurredOn).
 */
export function dayRange(column: AnyColumn, of: 'instant' | 'day'): { from: CustomFilter; to: CustomFilter } {
  const onOrAfter = ([start]: unknown[]) => gte(column, start);
  const upTo = ([bound]: unknown[]) => (of === 'day' ? lte(column, bound) : lt(column, bound));
  return {
    from: {
      where: (values) => {
        const day = oneDay('from', values);
        return { shape: 'from', bound: [of === 'day' ? day : shanghaiDayStart(day)], sql: onOrAfter };
      },
    },
    to: {
      where: (values) => {
        const day = oneDay('to', values);
        return { shape: 'to', bound: [of === 'day' ? day : nextShanghaiDayStart(day)], sql: upTo };
      },
    },
  };
}

/** The from and to days a list request names, for a file name or a summary. */
export function periodOf(filters: { field: string; values: unknown[] }[]): { from?: string; to?: string } {
  const day = (field: string) => filters.find((f) => f.field === field)?.values[0] as string | undefined;
  return { from: day('from'), to: day('to') };
}
