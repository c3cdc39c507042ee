import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createTestContext, type TestContext } from '../support/testApp';
import { MOCK_WORKER, mockWorkerOnlyInMockMode } from '../../../vite.config';

let t: TestContext;
let dist: string;
beforeAll(async () => {
  t = await createTestContext();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-dist-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Runs the plugin's hooks as `vite build` would on a folder holding the copied public/ files. */
function build(mock: boolean): string[] {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.copyFileSync(path.resolve('public', MOCK_WORKER), path.join(dist, MOCK_WORKER));
  const plugin = mockWorkerOnlyInMockMode(mock);
  (plugin.configResolved as (c: unknown) => void)({ root: '/', build: { outDir: dist } });
  (plugin.closeBundle as () => void)();
  return fs.readdirSync(dist).sort();
}

describe('the mock service worker', () => {
  it('is left out of a production build and kept in a mock build', () => {
    expect(build(false)).toEqual(['index.html']);
    expect(build(true)).toEqual(['index.html', MOCK_WORKER]);
  });

  it('is never served by the server, even from a build that has it', async () => {
    build(true);
    const app = await buildApp({ db: t.database.db, pool: t.database.pool, config: { ...t.config, distDir: dist }, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: `/${MOCK_WORKER}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('self.addEventListener');
      expect((await app.inject({ method: 'GET', url: '/business/customer' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
