import dayjs, { type Dayjs } from 'dayjs';

/**
 * The calendar draws JavaScript Dates in the browser's zone, while a shop's day is Beijing time
 * (UTC+8, no daylight saving). So each instant is shown as a "wall clock" Date whose local fields
 * are the Shanghai ones, and a slot picked on the grid is read back the same way: the grid shows
 * Shanghai hours on any computer.
 */
const OFFSET_MS = 8 * 3600_000;

/** An instant (ISO, or epoch milliseconds) -> a Date whose local fields read as Shanghai time. */
export function toWallClock(at: string | number): Date {
  const s = new Date((typeof at === 'number' ? at : Date.parse(at)) + OFFSET_MS);
  return new Date(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate(), s.getUTCHours(), s.getUTCMinutes(), s.getUTCSeconds());
}

/** A wall-clock Date (or dayjs) -> the ISO instant it means in Shanghai. */
export function fromWallClock(d: Date | Dayjs): string {
  const x = dayjs(d);
  return new Date(`${x.format('YYYY-MM-DDTHH:mm:ss')}+08:00`).toISOString();
}

/** Today in Shanghai as a wall-clock Date at midnight. */
export function shanghaiToday(): Date {
  const now = toWallClock(new Date().toISOString());
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** "10:00" -> a Date on some day at that time, for the calendar's min/max (only the time counts). */
export function clockOn(day: Date, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m);
}

/** "HH:mm" of an instant in Shanghai. */
export function shanghaiHm(iso: string): string {
  return dayjs(toWallClock(iso)).format('HH:mm');
}
