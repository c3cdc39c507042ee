import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

export const MOCK_WORKER = 'mockServiceWorker.js';

/**
 * MSW's worker (public/mockServiceWorker.js) is for mock mode only (VITE_MOCK=true): Vite copies
 * public/ into every build, so a production build deletes it again; the dev server keeps serving it.
 */
export function mockWorkerOnlyInMockMode(mock: boolean): Plugin {
  let outDir = 'dist';
  return {
    name: 'mock-worker-only-in-mock-mode',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!mock) fs.rmSync(path.join(outDir, MOCK_WORKER), { force: true });
    },
  };
}

/**
 * The console build. /login must stay under 350 KB gzip (npm run bench). What keeps it there lives in
 * the code, not in chunk rules: the login page and the default layout are lazy chunks (src/App.tsx),
 * every page is one (src/resources/pages.ts), so @refinedev/antd (react-markdown), tables, pickers,
 * menus, icons and the region table load only behind the login; the login page imports antd's Input
 * without TextArea/OTP/Search and no Tabs; only the locale areas /login shows are in the first bundle
 * (src/locales/index.ts). Measure with bench/bundle.ts.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), mockWorkerOnlyInMockMode({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }.VITE_MOCK === 'true')],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chunks are measured by bench/bundle.ts; the default 500 KB warning is not our budget.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      treeshake: {
        // refine core imports papaparse for its CSV import/export hooks, which the console does not
        // use; the package declares no sideEffects, so without this rule every page would carry it.
        moduleSideEffects: [{ test: /node_modules[\\/]papaparse[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false },
    },
  },
}));
