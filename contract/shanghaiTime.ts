/** Shops keep Beijing time (UTC+8, no daylight saving): opening hours and messages are read in it. */
const OFFSET_MS = 8 * 3600_000;

/** "YYYY-MM-DD" of an instant as a Shanghai calendar day. */
export function shanghaiDayOf(at: number): string {
  return new Date(at + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of "HH:mm" on a Shanghai calendar day. */
export function shanghaiInstant(day: string, clock: string): number {
  return Date.parse(`${day}T${clock}:00+08:00`);
}

/** "11-23 10:00" for messages. */
export function shanghaiClock(at: number | string): string {
  const s = new Date((typeof at === 'string' ? Date.parse(at) : at) + OFFSET_MS).toISOString();
  return `${s.slice(5, 10)} ${s.slice(11, 16)}`;
}

/** "10:00" of an instant in Shanghai. */
export function shanghaiHourMinute(at: number | string): string {
  return shanghaiClock(at).slice(6);
}
