/** The shops run on China time; the greeting follows it whatever the browser's time zone. */
const TIME_ZONE = 'Asia/Shanghai';

export type DayPart = 'morning' | 'noon' | 'afternoon' | 'evening';

export function dayPart(now: Date): DayPart {
  const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: TIME_ZONE }).format(now));
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

export function fullDate(now: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: TIME_ZONE }).format(now);
}
