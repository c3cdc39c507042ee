import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { executePrepared } from '../db/preparedByText';
import { formatOrderNo } from '../../contract/order';

/**
 * The next order number of a shop's Shanghai day, drawn from PostgreSQL inside the order's
 * transaction: the upsert's row lock orders concurrent cashiers of one shop, and a rolled-back order
 * gives its number back, so a day's numbers have no gaps.
 */
export async function nextOrderNo(tx: DbOrTx, shopId: number, day: string): Promise<string> {
  const rows = await executePrepared<{ last_value: number }>(tx, sql`
    insert into order_sequences (shop_id, day, last_value) values (${shopId}, ${day}::date, 1)
    on conflict (shop_id, day) do update set last_value = order_sequences.last_value + 1
    returning last_value`);
  return formatOrderNo(day, shopId, rows[0].last_value);
}
