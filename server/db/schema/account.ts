import { pgTable, serial, varchar, integer, unique, index } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { shops } from './shop';

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull(),
  phone: varchar('phone', { length: 11 }).notNull().unique('accounts_phone_key'),
  passwordHash: varchar('password_hash', { length: 200 }).notNull(),
  avatar: varchar('avatar', { length: 500 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  jobName: varchar('job_name', { length: 30 }).notNull().default(''),
  status: varchar('status', { length: 10 }).notNull().default('active'),
  ...timestamps,
});

/** A (role, shop) an account may act as; admin and financial-staff grants name no shop. */
export const accountGrants = pgTable(
  'account_grants',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 20 }).notNull(),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'restrict' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    unique('account_grants_unique').on(t.accountId, t.role, t.shopId).nullsNotDistinct(),
    index('account_grants_shop_idx').on(t.shopId),
  ],
);
