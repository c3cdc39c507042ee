import { pgTable, serial, varchar, integer, date, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';
import { shops } from './shop';
import { accounts } from './account';
import type { StaffJob, StaffStatus } from '../../../contract/staff';

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 30 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    /** 纹绣师 tattoo-artist | 美容师 beautician | 前台 receptionist | 店长 manager */
    job: varchar('job', { length: 20 }).$type<StaffJob>().notNull(),
    level: varchar('level', { length: 20 }).notNull().default(''),
    hiredAt: date('hired_at', { mode: 'string' }).notNull(),
    /** active | left */
    status: varchar('status', { length: 10 }).$type<StaffStatus>().notNull().default('active'),
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('staff_shop_created_idx').on(t.shopId, t.createdAt),
    index('staff_shop_status_idx').on(t.shopId, t.status),
    index('staff_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
