import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { DataDirInUseError } from '../db/embedded';
import { openDatabase } from '../db/open';

/** A refusal the operator can act on: printed as is, without a stack trace, exit code 1. */
export class CommandError extends Error {}

/**
 * Runs a command-line task against the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR, migrated first), always closes it (stopping an embedded server), and exits: 0 on success,
 * 1 on a refusal or failure.
 */
export async function runWithDatabase(task: (database: Database) => Promise<void>): Promise<never> {
  let code = 0;
  try {
    const opened = await openDatabase(loadConfig());
    try {
      await task(opened.database);
    } finally {
      await opened.close();
    }
  } catch (e) {
    code = 1;
    console.error(e instanceof CommandError || e instanceof DataDirInUseError ? e.message : e);
  }
  process.exit(code);
}
