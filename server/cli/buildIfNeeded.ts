import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * `npm start` serves the built console. Build it when dist/ is missing or older than the console's
 * sources, so a fresh clone needs no separate build step and a restart costs only a stat walk.
 */
const root = process.cwd();
const marker = path.join(root, 'dist', 'index.html');
const SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? '控制台源码已更新，正在重新构建…' : '首次启动，正在构建控制台…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  process.exit(r.status ?? 1);
}
