import type { ServerConfig } from '../config';
import { connect, type Database } from './client';
import { startEmbedded, type EmbeddedDatabase } from './embedded';
import { runMigrations } from './migrate';

export interface OpenedDatabase {
  database: Database;
  /** Present when no DATABASE_URL is configured and an embedded server was started under DATA_DIR. */
  embedded?: EmbeddedDatabase;
  /** Closes the pool, then stops the embedded server if one was started. */
  close(): Promise<void>;
}

/**
 * Opens the database the way the server does: DATABASE_URL when configured, otherwise an embedded
 * PostgreSQL under DATA_DIR (throws DataDirInUseError when another process holds it); migrations run
 * before anything else touches it. Shared by server/main.ts and the command-line tools.
 */
export async function openDatabase(config: ServerConfig): Promise<OpenedDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbedded(config.dataDir);
  const database = connect(config.databaseUrl ?? embedded!.url, config.dbPoolSize);
  const close = async () => {
    await database.close().catch(() => {});
    await embedded?.stop();
  };
  try {
    await runMigrations(database.pool);
  } catch (e) {
    await close();
    throw e;
  }
  return { database, embedded, close };
}
