import { describe, expect, it } from 'vitest';
import { messageTime } from '../../../src/components/messageBox/messageTime';

const NOW = Date.parse('2026-11-22T08:30:00Z'); // 16:30 in Asia/Shanghai
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const time = (iso: string, locale = 'zh-CN') => messageTime(iso, NOW, locale, '刚刚');

describe('messageTime', () => {
  it('says just now within a minute, also for a time slightly ahead (clock skew)', () => {
    expect(time(ago(20_000))).toBe('刚刚');
    expect(time(ago(-30_000))).toBe('刚刚');
  });

  it('counts minutes and hours within a day, in the locale', () => {
    expect(time(ago(5 * MIN + 10_000))).toBe('5分钟前');
    expect(time(ago(3 * HOUR + 59 * MIN))).toBe('3小时前');
    expect(time(ago(HOUR), 'en-US')).toBe('1 hour ago');
  });

  it('shows the Asia/Shanghai date and time after a day, and for a time well ahead', () => {
    expect(time(ago(24 * HOUR))).toBe('2026-11-21 16:30');
    expect(time(ago(-2 * HOUR))).toBe('2026-11-22 18:30');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(time('not a time')).toBe('');
  });
});
