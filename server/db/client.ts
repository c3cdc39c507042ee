import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

// count(*) and bigserial ids come back as int8 strings; every int8 we use fits a JS number.
pg.types.setTypeParser(20, Number);

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; every query inside db.transaction must use it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The pool behind a database: drizzle() gives it as $client, which the Db type does not carry. */
export const poolOf = (db: Db): pg.Pool => (db as Db & { $client: pg.Pool }).$client;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
