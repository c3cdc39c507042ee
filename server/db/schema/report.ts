import { pgTable, integer, date, bigint, primaryKey, index, customType, smallint } from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { customers } from './customer';

/**
 * What each shop took per Shanghai day, by the day the orders were paid: a paid order adds its
 * paidFen and one order there, a refund later adds to refundedFen of that same day. Kept only by the
 * triggers on orders of the reporting migration, in the transaction that changes the order, so it is
 * never behind the orders it sums; the reports read it instead of a year of orders.
 *
 * A shop-day has up to 16 rows, one per slot: the writer's connection picks it (its backend pid mod
 * 16). The trigger's row stays locked until its transaction commits, and with one row per shop-day
 * every pay waited for every other pay of the shop to commit (bench/README.md); concurrent
 * transactions run on different connections and mostly update different rows. Readers sum the slots.
 */
export const shopDaySales = pgTable(
  'shop_day_sales',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'shop_day_sales_pkey', columns: [t.shopId, t.day, t.slot] }),
    index('shop_day_sales_day_idx').on(t.day, t.shopId),
  ],
);

/** A datemultirange ("{[2026-03-01,2026-03-02),[2026-04-07,2026-04-09)}"), read as PostgreSQL prints it. */
const dateMultirange = customType<{ data: string; driverData: string }>({ dataType: () => 'datemultirange' });

/**
 * The Shanghai days on which a customer paid an order in a shop, one row per shop and customer. The
 * distinct customers of any period are then the rows whose days meet it: one row per customer read
 * instead of a year of their orders, and exact for any period, which per-day or per-month counts
 * are not. Kept only by the triggers on orders of its migration, in the transaction of the write.
 */
export const shopCustomerDays = pgTable(
  'shop_customer_days',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paidDays: dateMultirange('paid_days').notNull(),
  },
  (t) => [primaryKey({ name: 'shop_customer_days_pkey', columns: [t.shopId, t.customerId] })],
);
