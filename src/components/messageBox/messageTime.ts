import { formatDateTime } from '../format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a message was raised, as people read a message box: `justNow` within a minute, "5分钟前" /
 * "3小时前" within a day, the Asia/Shanghai date and time after that. A time slightly ahead (clock
 * skew) counts as just now.
 */
export function messageTime(iso: string, now: number, locale: string, justNow: string): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  if (ago >= DAY || ago <= -MINUTE) return formatDateTime(iso);
  if (ago < MINUTE) return justNow;
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  return relative.format(-Math.floor(ago / HOUR), 'hour');
}
