import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The name of the row's shop, as a correlated subquery beside the table's own columns. Written out
 * with the table's name: drizzle prints a one-table select's columns unqualified, which inside a
 * subquery would bind to the subquery's own table.
 */
export const shopNameOf = (table: PgTable & { shopId: unknown }) =>
  sql<string>`(select s.name from shops s where s.id = ${sql.identifier(getTableName(table))}.shop_id)`;
