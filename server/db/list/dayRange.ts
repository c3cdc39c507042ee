import { gte, lt, lte, type AnyColumn } from 'drizzle-orm';
import { invalid } from '../../http/errors';
import type { CustomFilter } from './listQuery';

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The first instant of a Shanghai calendar day (YYYY-MM-DD, already checked), in ms: arithmetic, no date-string parsing on every list call. */
function dayStartMs(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - SHANGHAI_OFFSET_MS;
}

/** The first instant of a Shanghai calendar day, as UTC ISO. */
export function shanghaiDayStart(day: string): string {
  return new Date(dayStartMs(day)).toISOString();
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
  return {
    from: {
      where: (values, bind) => {
        const day = oneDay('from', values);
        return { shape: 'from', where: gte(column, bind(of === 'day' ? day : shanghaiDayStart(day))) };
      },
    },
    to: {
      where: (values, bind) => {
        const day = oneDay('to', values);
        if (of === 'day') return { shape: 'to', where: lte(column, bind(day)) };
        return { shape: 'to', where: lt(column, bind(new Date(dayStartMs(day) + DAY_MS).toISOString())) };
      },
    },
  };
}

/** The from and to days a list request names, for a file name or a summary. */
export function periodOf(filters: { field: string; values: unknown[] }[]): { from?: string; to?: string } {
  const day = (field: string) => filters.find((f) => f.field === field)?.values[0] as string | undefined;
  return { from: day('from'), to: day('to') };
}
