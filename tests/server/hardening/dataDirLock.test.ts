import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock, DataDirInUseError, stopOrphanedPostmaster } from '../../../server/db/embedded';
import { isRunning, startTimeOf } from '../../../server/db/liveProcess';

/**
 * After a SIGKILL of the server and its database, the lock file and postmaster.pid name processes that
 * may be zombies not reaped yet, or pids another process has since: neither may keep the server from
 * starting, and neither may be signalled.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-lock-'));
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

function started(command: string, args: string[], argv0?: string): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], ...(argv0 ? { argv0 } : {}) });
  children.push(child);
  return child;
}

/** The pid of a zombie: a child of `sleep`, which never reaps it. */
async function zombie(): Promise<number> {
  const parent = started('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60']);
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
  for (let i = 0; i < 100 && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); i++) await sleep(20);
  expect(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).toContain(') Z ');
  expect(() => process.kill(pid, 0)).not.toThrow();
  return pid;
}

function dataDirWithLock(content: string): string {
  const dir = fs.mkdtempSync(path.join(root, 'data-'));
  fs.writeFileSync(path.join(dir, 'server.lock'), content);
  return dir;
}

describe('the data folder lock', () => {
  it('is taken over from a zombie', async () => {
    const pid = await zombie();
    expect(isRunning(pid)).toBe(false);
    const dir = dataDirWithLock(`${pid}\n`);
    const release = acquireLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(`${process.pid}\n${startTimeOf(process.pid)}\n`);
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('is taken over from a live process that did not write it (a pid reused)', async () => {
    const other = started('sleep', ['60']);
    await sleep(50);
    // An older lock of the pid alone: a process that is no Node does not hold it.
    acquireLock(dataDirWithLock(`${other.pid}\n`))();
    // A lock with a start time: another start time is another process.
    acquireLock(dataDirWithLock(`${other.pid}\n1\n`))();
    expect(isRunning(other.pid!)).toBe(true);
  });

  it('keeps a second server off while the process that wrote it runs', async () => {
    const server = started(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    await sleep(200);
    expect(() => acquireLock(dataDirWithLock(`${server.pid}\n${startTimeOf(server.pid!)}\n`))).toThrow(DataDirInUseError);
    expect(() => acquireLock(dataDirWithLock(`${server.pid}\n`))).toThrow(DataDirInUseError);
  });
});

describe('an orphaned postmaster', () => {
  function pgDirWithPidFile(pid: number, dirLine?: string): string {
    const pgDir = path.join(fs.mkdtempSync(path.join(root, 'data-')), 'pg');
    fs.mkdirSync(pgDir);
    fs.writeFileSync(path.join(pgDir, 'postmaster.pid'), `${pid}\n${dirLine ?? pgDir}\n1700000000\n5432\n`);
    return pgDir;
  }

  it('that is a zombie is gone: its pid file is removed at once', async () => {
    const pgDir = pgDirWithPidFile(await zombie());
    const started = Date.now();
    await stopOrphanedPostmaster(pgDir);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
  });

  it('whose pid another postgres (another folder) or another program has now is left alone', async () => {
    const elsewhere = started('sh', ['-c', 'sleep 60; true', '-D', '/var/lib/other-cluster'], '/opt/pg/bin/postgres');
    const unrelated = started('sleep', ['60']);
    await sleep(100);
    for (const pid of [elsewhere.pid!, unrelated.pid!]) {
      const pgDir = pgDirWithPidFile(pid);
      await stopOrphanedPostmaster(pgDir);
      expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
      await sleep(100);
      expect(isRunning(pid)).toBe(true);
    }
  });
});
