import { pgTable, serial, varchar, char, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';
import type { ShopStatus } from '../../../contract/shop';

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    regionCode: char('region_code', { length: 6 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    openTime: varchar('open_time', { length: 5 }).notNull(),
    closeTime: varchar('close_time', { length: 5 }).notNull(),
    status: varchar('status', { length: 10 }).$type<ShopStatus>().notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    index('shops_status_idx').on(t.status),
    index('shops_region_idx').on(t.regionCode),
    index('shops_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
