import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executePrepared } from '../db/preparedByText';
import { formatOrderNo } from '../../contract/order';

/**
 * The next order number of a shop's Shanghai day, drawn from PostgreSQL by an upsert that is a
 * transaction of its own: the row lock orders the shop's concurrent cashiers only while the upsert
 * runs and commits, never across the order's round trips (held until the order's commit, it made a
 * shop's creates queue behind each other; bench/README.md). The price: a create that fails after
 * the draw leaves its number unused, a gap in the day's sequence (a crash, a second call with the
 * same Idempotency-Key racing the first). Numbers are never drawn twice.
 */
export async function nextOrderNo(db: Db, shopId: number, day: string): Promise<string> {
  const rows = await executePrepared<{ last_value: number }>(db, sql`
    insert into order_sequences (shop_id, day, last_value) values (${shopId}, ${day}::date, 1)
    on conflict (shop_id, day) do update set last_value = order_sequences.last_value + 1
    returning last_value`);
  return formatOrderNo(day, shopId, rows[0].last_value);
}
