import { pgTable, serial, varchar, integer, date, boolean, text, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import type { CustomerSource, Gender } from '../../../contract/customer';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull().unique('customers_phone_key'),
    /** female | male | unknown */
    gender: varchar('gender', { length: 10 }).$type<Gender>().notNull().default('unknown'),
    birthday: date('birthday', { mode: 'string' }),
    /** walk-in | referral | meituan | douyin | mini-program | other */
    source: varchar('source', { length: 20 }).$type<CustomerSource>().notNull().default('walk-in'),
    /** Home shop: the shop whose managers see and serve this customer. */
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    vip: boolean('vip').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    healthNotes: text('health_notes').notNull().default(''),
    consentSignedAt: instant('consent_signed_at'),
    notes: text('notes').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // Plain ascending: read backwards it gives "created_at desc, id desc" (nulls first, PostgreSQL's
    // default for desc), the list's default order; a "desc nulls last" index cannot serve that order.
    index('customers_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    // Serves the "last four digits" search inside one shop without scanning the shop's customers.
    index('customers_shop_phone_last4_idx').on(t.shopId, sql`right(${t.phone}, 4)`),
    index('customers_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customers_tags_idx').using('gin', t.tags),
  ],
);
