import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The console build. /login must stay under 350 KB gzip (issue 2 bench). What keeps it there lives in
 * the code, not in chunk rules: the login page and the default layout are lazy chunks (src/App.tsx),
 * every page is one (src/resources/pages.ts), so @refinedev/antd (react-markdown), tables, pickers,
 * menus, icons and the region table load only behind the login; the login page imports antd's Input
 * without TextArea/OTP/Search and no Tabs; only the locale areas /login shows are in the first bundle
 * (src/locales/index.ts). Measure with bench/bundle.ts.
 */
export default defineConfig({
  plugins: [react()],
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
});
