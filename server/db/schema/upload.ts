import { pgTable, serial, varchar, integer } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Uploaded images; the bytes live in the storage backend under storedName. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  storedName: varchar('stored_name', { length: 100 }).notNull().unique('uploads_stored_name_key'),
  originalName: varchar('original_name', { length: 255 }).notNull().default(''),
  mime: varchar('mime', { length: 50 }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  accountId: integer('account_id'),
  createdAt: timestamps.createdAt,
});
