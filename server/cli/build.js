// @ts-check
/**
 * `node server/cli/build.js [console] [server]` (npm start runs it first): builds what is missing or
 * older than its sources, both parts unless named. The console goes to dist/ (vite); the server to
 * .build/server/ (esbuild, dependencies left in node_modules), one file per route plugin since
 * @fastify/autoload loads them from their folder. Plain JavaScript, so that plain node runs it: the
 * check costs a stat walk, not a TypeScript runner's start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const PARTS = {
  console: {
    sources: ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'],
    marker: 'dist/index.html',
    async build() {
      const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
      if (r.status !== 0) throw new Error('控制台构建失败（npx vite build），见上方输出');
    },
  },
  server: {
    sources: ['server', 'contract', 'package-lock.json'],
    marker: '.build/server/main.js',
    async build() {
      const esbuild = await import('esbuild');
      fs.rmSync('.build', { recursive: true, force: true });
      await esbuild.build({
        entryPoints: ['server/main.ts', 'server/routes/*.ts'],
        outdir: '.build',
        outbase: '.',
        chunkNames: 'server/chunks/[name]-[hash]',
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        packages: 'external',
        logLevel: 'warning',
      });
    },
  },
};

/** @param {string} p */
function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const named = process.argv.slice(2);
for (const [name, part] of Object.entries(PARTS)) {
  if (named.length > 0 && !named.includes(name)) continue;
  const builtAt = fs.existsSync(part.marker) ? fs.statSync(part.marker).mtimeMs : 0;
  if (builtAt >= Math.max(...part.sources.map(newestMtime))) continue;
  if (name === 'console') console.log(builtAt ? '控制台源码已更新，正在重新构建…' : '首次启动，正在构建控制台…');
  try {
    await part.build();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
