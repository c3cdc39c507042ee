import { pgTable, integer, date, bigint, primaryKey, index } from 'drizzle-orm/pg-core';
import { shops } from './shop';

/**
 * What each shop took per Shanghai day, by the day the orders were paid: a paid order adds its
 * paidFen and one order there, a refund later adds to refundedFen of that same day. Kept only by the
 * triggers on orders of the reporting migration, in the transaction that changes the order, so it is
 * never behind the orders it sums; the reports read it instead of a year of orders.
 */
export const shopDaySales = pgTable(
  'shop_day_sales',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    orderCount: integer('order_count').notNull().default(0),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'shop_day_sales_pkey', columns: [t.shopId, t.day] }), index('shop_day_sales_day_idx').on(t.day, t.shopId)],
);
