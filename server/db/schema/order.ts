import { pgTable, serial, varchar, integer, text, index, jsonb, date, primaryKey, check, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { OrderLine, OrderPayment, OrderStaffShare, OrderStatus } from '../../../contract/order';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import { customers } from './customer';
import { accounts } from './account';
import { appointments } from './appointment';

/**
 * An order taken at a shop's cashier. Lines, payments and staff shares are written once (lines and
 * shares when the order is made, payments when it is paid) and read with the order, so they live on
 * its row as JSON; the money the business sums over is in integer-fen columns with checks.
 * status: unpaid | paid | partially-refunded | refunded | cancelled
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** null for a walk-in (散客). The customer may belong to another shop of the chain. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    customerName: varchar('customer_name', { length: 30 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 11 }).notNull().default(''),
    customerVip: boolean('customer_vip').notNull().default(false),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull().default('unpaid'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    totalFen: integer('total_fen').notNull(),
    discountFen: integer('discount_fen').notNull().default(0),
    payableFen: integer('payable_fen').notNull(),
    payments: jsonb('payments').$type<OrderPayment[]>().notNull().default([]),
    paidFen: integer('paid_fen').notNull().default(0),
    refundedFen: integer('refunded_fen').notNull().default(0),
    staffShares: jsonb('staff_shares').$type<OrderStaffShare[]>().notNull(),
    note: text('note').notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 30 }).notNull().default(''),
    paidAt: instant('paid_at'),
    /**
     * The business day the order's money counts on in its shop's close, set when it is paid: the day of
     * its income entries, and the one place it is kept for an order paid wholly by stored value or
     * package sessions, which writes none (server/dailyClose/businessDay.ts).
     */
    businessDay: date('business_day', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('orders_shop_paid_idx').on(t.shopId, t.paidAt),
    // The orders a close counts (server/dailyClose/dayMoney.ts).
    index('orders_shop_business_day_idx')
      .on(t.shopId, t.businessDay)
      .where(sql`${t.businessDay} is not null`),
    index('orders_paid_idx').on(t.paidAt),
    // The distinct customers of a period per shop, read from the index alone (reports).
    index('orders_paid_shop_customer_idx').on(t.paidAt, t.shopId, t.customerId),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_appointment_idx').on(t.appointmentId),
    // Which orders name a staff member or a program inside their JSON: what keeps those from deletion.
    index('orders_staff_shares_idx').using('gin', t.staffShares.op('jsonb_path_ops')),
    index('orders_lines_idx').using('gin', t.lines.op('jsonb_path_ops')),
    check(
      'orders_money_nonneg',
      sql`${t.totalFen} >= 0 and ${t.discountFen} >= 0 and ${t.payableFen} >= 0 and ${t.paidFen} >= 0 and ${t.refundedFen} >= 0`,
    ),
    check('orders_payable_is_total_less_discount', sql`${t.payableFen} = ${t.totalFen} - ${t.discountFen}`),
    check('orders_refund_le_paid', sql`${t.refundedFen} <= ${t.paidFen}`),
  ],
);

/** The last order number drawn per shop and Shanghai day; bumped with an upsert inside the order's transaction. */
export const orderSequences = pgTable(
  'order_sequences',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ name: 'order_sequences_pkey', columns: [t.shopId, t.day] })],
);

/**
 * The answer to a call made with an Idempotency-Key, per account, kept 24 hours. The row is inserted
 * in the same transaction as the call's work, so a key is either answered with what was done or
 * free to be tried again; requestHash tells the same body from a different one.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    /** "POST /orders/12/pay": the call the key was first used for. */
    call: varchar('call', { length: 120 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
