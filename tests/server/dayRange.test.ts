import { describe, expect, it } from 'vitest';
import { shanghaiDayStart } from '../../server/db/list/dayRange';
import { filterValue } from '../../server/db/list/filterValues';

/** Every calendar day from `from` to `to` (UTC dates, as YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

describe('Shanghai days written out without a Date', () => {
  it('start at the instant Date gives for midnight at +08:00, every day of 1999–2031 (leap years, month and year ends)', () => {
    for (const day of daysBetween('1999-01-01', '2031-12-31')) {
      expect(shanghaiDayStart(day), day).toBe(new Date(Date.parse(`${day}T00:00:00+08:00`)).toISOString());
    }
  });

  it('read a day filter as a day exactly when the calendar has that day', () => {
    const kind = { kind: 'day' } as const;
    for (const day of ['2024-02-29', '2000-02-29', '2026-12-31', '2026-04-30']) expect(filterValue(kind, day), day).toBe(day);
    for (const day of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01'])
      expect(filterValue(kind, day), day).toBeUndefined();
  });
});
