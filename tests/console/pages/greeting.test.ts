import { describe, expect, it } from 'vitest';
import { dayPart } from '../../../src/pages/workplace/greeting';

/** An instant at this Shanghai wall-clock time. */
const at = (hm: string) => new Date(`2026-11-28T${hm}:00+08:00`);

describe('the Workplace greeting', () => {
  it('follows the Shanghai hour: night before five, then morning, noon, afternoon, evening', () => {
    expect(dayPart(at('03:37'))).toBe('night');
    expect(dayPart(at('00:00'))).toBe('night');
    expect(dayPart(at('04:59'))).toBe('night');
    expect(dayPart(at('05:00'))).toBe('morning');
    expect(dayPart(at('11:30'))).toBe('noon');
    expect(dayPart(at('15:00'))).toBe('afternoon');
    expect(dayPart(at('21:00'))).toBe('evening');
    expect(dayPart(at('23:59'))).toBe('evening');
  });
});
