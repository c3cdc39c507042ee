import { timestamp } from 'drizzle-orm/pg-core';

/** createdAt/updatedAt every business row carries; stored as UTC timestamptz. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
