import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** n ids of a serial column, taken ahead so rows can refer to each other before they are written. */
export async function takeIds(tx: Tx, sequence: string, n: number): Promise<number[]> {
  const r = await tx.execute<{ id: number }>(sql`select nextval(${sequence}::regclass)::int as id from generate_series(1, ${n})`);
  return r.rows.map((x) => x.id);
}

/**
 * Thousands of rows in one statement with one JSON parameter: building a VALUES list of tens of
 * thousands of parameters took seconds, this takes milliseconds. Keys are column names.
 */
export async function insertJson(tx: Tx, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.raw(
    Object.keys(rows[0])
      .map((c) => `"${c}"`)
      .join(', '),
  );
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.identifier(table)},
      ${JSON.stringify(rows)}::json)`,
  );
}
