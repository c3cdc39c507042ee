import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../server/db/embedded';
import { isRunning } from '../../../server/db/liveProcess';

/**
 * The embedded database after a crash of the server process alone: SIGKILL to node leaves PostgreSQL
 * running; the next start must stop that postmaster cleanly and come up, never fail on it. The data
 * folder is made as `mktemp -d` makes it (mode 700), which as root the postgres user cannot enter.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-restart-'));
const children: ChildProcess[] = [];

function startServer(port: number): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      // @fastify/autoload loads the .ts route files only where it knows a TypeScript loader is in place.
      FASTIFY_AUTOLOAD_TYPESCRIPT: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  children.push(child);
  return { child, output: () => output };
}

async function up(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/docs/openapi.json`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not come up: ${output()}`);
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  // A clean stop removes the pid file; one still there is a postmaster to stop.
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (pid) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('embedded database restart after the server process was killed', () => {
  it('starts on a private (mode 700) data folder, and again after SIGKILL left PostgreSQL running', async () => {
    fs.chmodSync(dataDir, 0o700);
    const port = await freePort();
    const first = startServer(port);
    await up(port, first.child, first.output);

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const orphan = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const port2 = await freePort();
    const second = startServer(port2);
    await up(port2, second.child, second.output);
    expect(second.output()).toContain('仍在运行');
    expect(second.output()).not.toContain('undefined');
    // The orphan was shut down (its exit may not be reaped yet: a zombie is no running process); the running cluster is a new postmaster.
    expect(isRunning(orphan)).toBe(false);
  }, 180_000);
});
