import { pgTable, serial, varchar, integer, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { instant, timestamps } from './columns';
import type { BannerStatus } from '../../../contract/banner';

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    platform: varchar('platform', { length: 20 }).notNull().default(''),
    priority: integer('priority').notNull().default(0),
    image: varchar('image', { length: 500 }).notNull().default(''),
    type: varchar('type', { length: 20 }).notNull().default(''),
    source: varchar('source', { length: 50 }).notNull().default(''),
    jumpLink: varchar('jump_link', { length: 500 }).notNull().default(''),
    imageLink: varchar('image_link', { length: 500 }).notNull().default(''),
    /** on | off */
    status: varchar('status', { length: 10 }).$type<BannerStatus>().notNull().default('on'),
    startAt: instant('start_at'),
    endAt: instant('end_at'),
    ...timestamps,
  },
  (t) => [
    index('banners_priority_idx').on(t.priority, t.id),
    index('banners_status_idx').on(t.status),
    index('banners_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
