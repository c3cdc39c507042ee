import { pgTable, serial, varchar, integer, text, index, jsonb, check, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AfterSaleStatus, AfterSaleType } from '../../../contract/afterSale';
import type { PaymentMethod } from '../../../contract/order';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import { accounts } from './account';
import { orders } from './order';
import { memberCards } from './memberCard';

/**
 * A shop's after-sale request on a paid order: refund (amountFen), touch-up or complaint, reviewed by
 * finance. status: pending | approved | rejected | withdrawn
 */
export const afterSales = pgTable(
  'after_sales',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    customerName: varchar('customer_name', { length: 30 }).notNull(),
    type: varchar('type', { length: 20 }).$type<AfterSaleType>().notNull(),
    amountFen: integer('amount_fen'),
    /** A card refund: the card the order sold, which the amount is taken from. */
    cardId: integer('card_id').references((): AnyPgColumn => memberCards.id, { onDelete: 'restrict' }),
    /** Where an approved refund's money went, written by the approval. */
    refundChannels: jsonb('refund_channels').$type<{ method: PaymentMethod; amountFen: number; cardId?: number }[]>().notNull().default([]),
    reason: text('reason').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: varchar('status', { length: 20 }).$type<AfterSaleStatus>().notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    requestedByName: varchar('requested_by_name', { length: 30 }).notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
    reviewedByName: varchar('reviewed_by_name', { length: 30 }).notNull().default(''),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    reviewedAt: instant('reviewed_at'),
    ...timestamps,
  },
  (t) => [
    index('after_sales_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('after_sales_status_created_idx').on(t.status, t.createdAt),
    index('after_sales_order_idx').on(t.orderId),
    check('after_sales_card_refund', sql`${t.cardId} is null or ${t.type} = 'refund'`),
    check('after_sales_refund_amount', sql`(${t.type} = 'refund') = (${t.amountFen} is not null) and coalesce(${t.amountFen}, 1) > 0`),
  ],
);
