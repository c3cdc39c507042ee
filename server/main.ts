import { loadConfig } from './config';
import { DataDirInUseError, EmbeddedStartError } from './db/embedded';
import { openDatabase, type OpenedDatabase } from './db/open';
import { isEmpty, seedDemo } from './seed/demo';
import { privateImageStorage } from './serviceRecords/privateImages';

async function main(): Promise<void> {
  const config = loadConfig();
  // The server's modules load while the embedded database starts, instead of before it.
  const appModule = import('./app');
  let opened: OpenedDatabase;
  try {
    opened = await openDatabase(config);
  } catch (e) {
    if (e instanceof DataDirInUseError || e instanceof EmbeddedStartError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const { database, embedded } = opened;
  // Demo data only on an empty embedded database; a configured server gets it only when asked.
  if (embedded && (await isEmpty(database.db))) {
    await seedDemo(database.db, privateImageStorage(config.dataDir));
    console.log('已载入演示数据（密码 Demo@2026）');
  }
  const { buildApp } = await appModule;
  // The embedded database is the demo: its login codes go to the log. A configured one needs a real sender.
  const app = await buildApp({ db: database.db, pool: database.pool, config: embedded ? { ...config, smsSender: 'log' } : config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: stopping`);
    await app.close().catch(() => {});
    await opened.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    console.error(`无法在端口 ${config.port} 上启动：${(e as Error).message}`);
    await opened.close().catch(() => {});
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e : `启动失败：${String(e)}`);
  process.exit(1);
});
