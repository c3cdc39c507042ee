import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * `npm start`: the server, serving the built console. The console is built first when dist/ is
 * missing or older than its sources, so a fresh clone needs no separate build step and a restart
 * costs only a stat walk, done in the server's own process (a process of its own for the check cost
 * about a second of every restart). Tests and benches start server/main.ts and never build.
 */
const SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function buildConsoleIfNeeded(root: string): void {
  const marker = path.join(root, 'dist', 'index.html');
  const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= sourcesAt) return;
  console.log(builtAt ? '控制台源码已更新，正在重新构建…' : '首次启动，正在构建控制台…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) {
    console.error('控制台构建失败（npx vite build），见上方输出');
    process.exit(r.status ?? 1);
  }
}

buildConsoleIfNeeded(process.cwd());
await import('../main');
