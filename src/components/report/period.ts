/** Report periods as Shanghai days "YYYY-MM-DD", as the server counts them. */
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3600_000;

export const PERIOD_PRESETS = ['today', 'thisWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface DayPeriod {
  from: string;
  to: string;
}

export const shanghaiToday = (now = Date.now()) => new Date(now + OFFSET_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The days a preset stands for; weeks start on Monday. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now = Date.now()): DayPeriod {
  const today = shanghaiToday(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'thisWeek':
      return { from: addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7)), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The preset a period is, or custom. */
export function presetOf(period: DayPeriod, now = Date.now()): PeriodPreset {
  return (
    PERIOD_PRESETS.find((p) => p !== 'custom' && presetPeriod(p, now).from === period.from && presetPeriod(p, now).to === period.to) ??
    'custom'
  );
}
