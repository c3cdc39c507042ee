import { pgTable, bigserial, varchar, integer, index, date, bigint, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { LedgerCategory, LedgerType } from '../../../contract/ledgerEntry';
import type { PaymentMethod } from '../../../contract/order';
import { timestamps } from './columns';
import { shops } from './shop';
import { accounts } from './account';
import { orders } from './order';
import { afterSales } from './afterSale';

/**
 * A shop's book: service income written when an order is paid, refunds when one is executed, and a
 * manager's hand entries. Never updated or deleted; a reversal is a new row pointing at the old one.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 10 }).$type<LedgerType>().notNull(),
    category: varchar('category', { length: 20 }).$type<LedgerCategory>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** How the money moved (a hand entry, a refund's channel); null on service income, whose order names its methods. */
    method: varchar('method', { length: 20 }).$type<PaymentMethod>(),
    /** The Shanghai day the money moved. */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    afterSaleId: integer('after_sale_id').references(() => afterSales.id, { onDelete: 'restrict' }),
    reversalOf: bigint('reversal_of', { mode: 'number' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 30 }).notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('ledger_entries_shop_day_idx').on(t.shopId, t.occurredOn, t.id),
    index('ledger_entries_day_idx').on(t.occurredOn),
    index('ledger_entries_order_idx').on(t.orderId),
    // One entry per channel of an executed refund, and at most one reversal of any entry.
    uniqueIndex('ledger_entries_after_sale_key')
      .on(t.afterSaleId, t.method)
      .where(sql`${t.afterSaleId} is not null and ${t.reversalOf} is null`),
    uniqueIndex('ledger_entries_reversal_key').on(t.reversalOf),
  ],
);
