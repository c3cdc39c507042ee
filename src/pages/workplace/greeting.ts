/** The shops run on China time; the greeting follows it whatever the browser's time zone. */
const TIME_ZONE = 'Asia/Shanghai';

export type DayPart = 'night' | 'morning' | 'noon' | 'afternoon' | 'evening';

export function dayPart(now: Date): DayPart {
  const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: TIME_ZONE }).format(now));
  // Before five a shop is closed: whoever is at the desk is up late, not early.
  if (hour < 5) return 'night';
  if (hour < 11) return 'morning';
  if (hour < 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

export function fullDate(now: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: TIME_ZONE }).format(now);
}
