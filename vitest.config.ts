import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverProject = (name: string, target: 'embedded' | 'external') => ({
  // Node loads graphql's CommonJS build (its "main"), as mercurius does; Vite's resolver would pick the
  // ES module build, and graphql refuses a schema made by the other copy.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    name,
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    globalSetup: ['tests/server/support/globalSetup.ts'],
    provide: { dbTarget: target },
    // @fastify/autoload's import() of the route files goes through Vitest, which loads TypeScript.
    server: { deps: { inline: ['@fastify/autoload'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'console',
          environment: 'happy-dom',
          include: ['tests/console/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/console/support/setup.ts'],
          // refine must share the test's copy of react-router: two copies mean two router contexts.
          server: { deps: { inline: [/@refinedev\//] } },
          testTimeout: 20_000,
        },
      },
      // The shared rules of contract/ need neither a browser nor a database.
      { test: { name: 'contract', environment: 'node', include: ['tests/contract/**/*.test.ts'] } },
      serverProject('server', 'embedded'),
      // CI also runs every server test against the machine's PostgreSQL 15.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'external')] : []),
    ],
  },
});
