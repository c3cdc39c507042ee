import path from 'node:path';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutDurability } from '../../bench/checkoutDurability';

const dataDir = path.resolve(`.tmp/durability-test-${process.pid}`);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('checkout durability', () => {
  it(
    'loses no acknowledged payment and charges nothing twice across a SIGKILL of the server and its database',
    { timeout: 120_000 },
    async () => {
      const report = await checkoutDurability({ dataDir, workers: 6, killAfterMs: 1500 });
      // The kill landed mid-loop: payments had been answered and calls were still under way.
      expect(report.acknowledgedBeforeKill).toBeGreaterThan(0);
      expect(report.inFlightAtKill).toBeGreaterThan(0);
      expect(report.checkouts).toBeGreaterThan(report.acknowledgedBeforeKill);
      expect(report.problems).toEqual([]);
    },
  );
});
