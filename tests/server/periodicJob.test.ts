import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from '../../server/jobs/periodicJob';

// The clock is Vitest's: each step of the test is a moment on it, whatever the machine's load.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('periodic jobs', () => {
  it('run every interval, never two passes at once, until stopped', async () => {
    let passes = 0;
    let running = 0;
    let most = 0;
    let finishPass = () => {};
    const stop = startPeriodicJob('test', 5, { error: () => {} }, async () => {
      passes++;
      most = Math.max(most, ++running);
      await new Promise<void>((r) => (finishPass = r));
      running--;
    });
    await vi.advanceTimersByTimeAsync(5);
    expect(passes).toBe(1);
    // Intervals that come while a pass runs start none.
    await vi.advanceTimersByTimeAsync(50);
    expect(passes).toBe(1);
    finishPass();
    await vi.advanceTimersByTimeAsync(5);
    expect(passes).toBe(2);
    expect(most).toBe(1);
    finishPass();
    stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(passes).toBe(2);
  });

  it('log a failed pass and try again at the next', async () => {
    const logged: string[] = [];
    let passes = 0;
    const stop = startPeriodicJob('key purge', 5, { error: (_o, m) => logged.push(m) }, async () => {
      if (++passes === 1) throw new Error('database gone');
    });
    await vi.advanceTimersByTimeAsync(5);
    expect(logged).toEqual(['key purge failed']);
    await vi.advanceTimersByTimeAsync(5);
    stop();
    expect(passes).toBe(2);
    expect(logged).toEqual(['key purge failed']);
  });
});
