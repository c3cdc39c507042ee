import { REPORT_MAX_DAYS } from '../../contract/report';
import { invalid } from '../http/errors';
import { shanghaiDayOf } from '../../contract/shanghaiTime';

const DAY_MS = 86_400_000;

/** A report's span: Shanghai days from..to inclusive, how many, and the instants [start, end) they cover. */
export interface Period {
  from: string;
  to: string;
  days: number;
  start: string;
  end: string;
}

/** Days of a "YYYY-MM-DD" counted from 1970-01-01; the Date scalar has checked the form already. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);

/** Checks the order and the length of the span (40000 naming `to`). */
export function periodOf(from: string, to: string): Period {
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) throw fieldError('to', '结束日期不能早于开始日期');
  if (days > REPORT_MAX_DAYS) throw fieldError('to', `统计区间最长 ${REPORT_MAX_DAYS} 天`);
  return {
    from,
    to,
    days,
    start: new Date(Date.parse(`${from}T00:00:00+08:00`)).toISOString(),
    end: new Date(Date.parse(`${addDays(to, 1)}T00:00:00+08:00`)).toISOString(),
  };
}

/** Today, this week's Monday and this month's first day, in Shanghai. */
export function calendarOf(now: number): { today: string; weekStart: string; monthStart: string } {
  const today = shanghaiDayOf(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { today, weekStart: addDays(today, -weekday), monthStart: `${today.slice(0, 8)}01` };
}
