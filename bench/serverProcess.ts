import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface RunningServer {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first answered request. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it: built (server/cli/build.js) when stale, then plain node on the build,
 * with `nodeArgs` before it. Node's own flags (--cpu-prof) are refused in NODE_OPTIONS:
 * BENCH_SERVER_NODE_ARGS passes them to every bench's server.
 */
export function builtServer(
  nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
): [command: string, args: string[]] {
  const build = spawnSync(process.execPath, ['server/cli/build.js', 'server'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  return [process.execPath, ['--max-semi-space-size=32', ...nodeArgs, '.build/server/main.js']];
}

/** Starts `command` (the real start path) and waits until `url` answers. */
export async function startServer(
  command: string,
  args: string[],
  env: Record<string, string>,
  url: string,
  timeoutMs = 120_000,
): Promise<RunningServer> {
  const t0 = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      break;
    } catch {
      if (performance.now() - t0 > timeoutMs) throw new Error('server did not answer in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const startMs = performance.now() - t0;
  return {
    child,
    url,
    startMs,
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      // The whole group: npm, node and the embedded PostgreSQL.
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([done, new Promise((r) => setTimeout(r, 15_000))]);
    },
  };
}

/** The pids whose parent is pid. */
export function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* the process ended while we looked */
    }
  }
  return out;
}

export interface ProcessMemory {
  pid: number;
  name: string;
  rssKb: number;
  pssKb: number;
}

/** Memory of every process in the tree below pid: RSS, and PSS (shared pages split fairly). */
export function treeMemory(rootPid: number): ProcessMemory[] {
  const result: ProcessMemory[] = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift()!;
    queue.push(...children(pid));
    try {
      const name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const field = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
      result.push({ pid, name, rssKb: field('Rss'), pssKb: field('Pss') });
    } catch {
      /* gone */
    }
  }
  return result;
}
