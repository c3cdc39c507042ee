import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { formatOrderNo } from '../../contract/order';

/**
 * The next order number of a shop's Shanghai day, and the order's id (so the order's audit row can
 * name it in the statement that writes the order), drawn from PostgreSQL by an upsert that is a
 * transaction of its own: the row lock orders the shop's concurrent cashiers only while the upsert
 * runs, never across the order's round trips (held until the order's commit, it made a shop's
 * creates queue behind each other; bench/README.md). Numbers are never drawn twice; the price is that
 * a create failing after the draw leaves its number unused, a gap in the day's sequence (a crash, a
 * second call with the same Idempotency-Key racing the first).
 *
 * The draw commits without waiting for its WAL flush (synchronous_commit off for this transaction
 * only; everything else, the order and the payment included, waits for its flush as before). That is
 * safe because nothing durable can name a lost draw: the order that uses the number is written after
 * the draw and commits synchronously, and flushing its commit flushes all WAL before it, the draw's
 * included (the id's sequence step too). A crash can only lose draws no order used, which are then
 * drawn again. Waiting for the
 * flush here, with the row lock held through it, cost a third of the checkout's throughput.
 */
export async function drawOrderNo(db: Db, shopId: number, day: string): Promise<{ orderNo: string; id: number }> {
  const { rows } = await db.execute<{ last_value: number; id: number }>(sql`
    with no_flush_wait as (select set_config('synchronous_commit', 'off', true))
    insert into order_sequences (shop_id, day, last_value) select ${shopId}, ${day}::date, 1 from no_flush_wait
    on conflict (shop_id, day) do update set last_value = order_sequences.last_value + 1
    returning last_value, nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
  return { orderNo: formatOrderNo(day, shopId, rows[0].last_value), id: rows[0].id };
}
