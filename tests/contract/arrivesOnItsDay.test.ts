import { describe, expect, it } from 'vitest';
import { arrivesOnItsDay } from '../../contract/appointment';

describe('arrivesOnItsDay', () => {
  const at = (s: string) => Date.parse(`${s}+08:00`);

  it('reads the day in Shanghai, so a visit just after midnight arrives that night', () => {
    // 00:30 in Shanghai is 16:30 UTC of the day before.
    expect(arrivesOnItsDay('2026-11-28T16:15:00.000Z', at('2026-11-29T00:30:00'))).toBe(true);
    expect(arrivesOnItsDay('2026-11-29T00:00:00+08:00', at('2026-11-29T23:59:00'))).toBe(true);
  });

  it('refuses a visit of the evening before, or of the next day', () => {
    expect(arrivesOnItsDay('2026-11-28T23:45:00+08:00', at('2026-11-29T00:30:00'))).toBe(false);
    expect(arrivesOnItsDay('2026-11-30T00:15:00+08:00', at('2026-11-29T23:50:00'))).toBe(false);
  });
});
