import { pgTable, serial, varchar, integer, text, index, smallint, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import { customers } from './customer';
import { programs } from './program';
import { staff } from './staff';
import { accounts } from './account';
import { MAX_APPOINTMENT_MINUTES } from '../../../contract/appointment';

/**
 * A touch-up (补色) right: one free touch-up of a brow or lip service inside [valid_from, valid_until].
 * status is available | booked | used; "expired" is read from the window, never stored.
 */
export const touchUpEntitlements = pgTable(
  'touch_up_entitlements',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    /** order | after-sale: what granted it. */
    source: varchar('source', { length: 20 }).notNull(),
    validFrom: instant('valid_from').notNull(),
    validUntil: instant('valid_until').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('available'),
    /** The after-sale appointment holding or having used it. */
    appointmentId: integer('appointment_id'),
    /** The paid order (source order) or approved after-sale (source after-sale) that granted it. */
    orderId: integer('order_id'),
    afterSaleId: integer('after_sale_id'),
    ...timestamps,
  },
  (t) => [
    index('touch_up_entitlements_shop_until_idx').on(t.shopId, t.validUntil),
    index('touch_up_entitlements_customer_idx').on(t.customerId),
    index('touch_up_entitlements_order_idx').on(t.orderId),
  ],
);

/**
 * A booking of a customer onto an artist. Names of the customer, program and staff member are kept as
 * they were when booked or last changed, so the calendar reads one table. No two active rows of one
 * staff member overlap: an exclusion constraint in the migration (appointments_no_overlap).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** new-customer | after-sale */
    kind: varchar('kind', { length: 20 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    customerName: varchar('customer_name', { length: 30 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 11 }).notNull(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    programName: varchar('program_name', { length: 50 }).notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    staffName: varchar('staff_name', { length: 30 }).notNull().default(''),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    /** booked | confirmed | arrived | completed | cancelled | no-show */
    status: varchar('status', { length: 10 }).notNull().default('booked'),
    note: text('note').notNull().default(''),
    entitlementId: integer('entitlement_id').references(() => touchUpEntitlements.id, { onDelete: 'restrict' }),
    overrideReason: varchar('override_reason', { length: 200 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // The calendar: one shop's rows overlapping a week, read by start time; ties in the lists' order
    // (newest id first), so a week of 3,000 rows comes out of the index sorted (bench/README.md).
    index('appointments_shop_start_idx').on(t.shopId, t.startAt, t.id.desc().nullsFirst()),
    index('appointments_customer_idx').on(t.customerId, t.startAt),
    index('appointments_staff_start_idx').on(t.staffId, t.startAt),
    index('appointments_shop_phone_last4_idx').on(t.shopId, sql`right(${t.customerPhone}, 4)`),
    // GET appointments finds the rows overlapping a range by start time alone (server/appointments/listing.ts).
    check('appointments_longest', sql`${t.endAt} <= ${t.startAt} + make_interval(mins => ${sql.raw(String(MAX_APPOINTMENT_MINUTES))})`),
  ],
);

/** An appointment's history: who booked, moved or changed its status, and when. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 20 }).notNull(),
    fromStatus: varchar('from_status', { length: 10 }),
    toStatus: varchar('to_status', { length: 10 }).notNull(),
    summary: text('summary').notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountName: varchar('account_name', { length: 30 }).notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.id)],
);

/**
 * One SMS reminder per appointment, sent the day before. Workers claim due rows with
 * FOR UPDATE SKIP LOCKED, so two server processes never send one twice.
 * status: pending | sent | cancelled | failed
 */
export const reminderJobs = pgTable(
  'reminder_jobs',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    sendAt: instant('send_at').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    sentAt: instant('sent_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reminder_jobs_appointment_key').on(t.appointmentId),
    index('reminder_jobs_due_idx')
      .on(t.sendAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
