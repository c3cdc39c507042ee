import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from '../../server/jobs/periodicJob';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('periodic jobs', () => {
  it('run every interval, never two passes at once, until stopped', async () => {
    let passes = 0;
    let running = 0;
    let most = 0;
    const stop = startPeriodicJob('test', 5, { error: () => {} }, async () => {
      passes++;
      most = Math.max(most, ++running);
      await pause(30);
      running--;
    });
    await pause(100);
    stop();
    const stoppedAt = passes;
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    await pause(60);
    expect(passes).toBe(stoppedAt);
  });

  it('log a failed pass and try again at the next', async () => {
    const logged: string[] = [];
    let passes = 0;
    const stop = startPeriodicJob('key purge', 5, { error: (_o, m) => logged.push(m) }, async () => {
      if (++passes === 1) throw new Error('database gone');
    });
    await pause(60);
    stop();
    expect(logged[0]).toBe('key purge failed');
    expect(passes).toBeGreaterThanOrEqual(2);
  });
});
