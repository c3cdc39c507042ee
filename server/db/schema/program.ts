import { pgTable, serial, varchar, integer, smallint, jsonb, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';
import type { ProgramStatus, ProgramType } from '../../../contract/program';

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    mainImage: varchar('main_image', { length: 500 }).notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    vipPriceFen: integer('vip_price_fen').notNull(),
    /** 1 纹眉 eyebrow tattoo, 2 纹唇 lip tattoo, 3 美容 beauty */
    type: smallint('type').$type<ProgramType>().notNull(),
    tag: varchar('tag', { length: 20 }).notNull().default(''),
    detailImages: jsonb('detail_images').$type<string[]>().notNull().default([]),
    details: jsonb('details').$type<{ key: string; value: string }[]>().notNull().default([]),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    touchUpDays: integer('touch_up_days').notNull().default(0),
    /** on | off (shelf) */
    status: varchar('status', { length: 10 }).$type<ProgramStatus>().notNull().default('on'),
    ...timestamps,
  },
  (t) => [
    index('programs_status_type_idx').on(t.status, t.type),
    index('programs_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('programs_vip_le_price', sql`${t.vipPriceFen} <= ${t.priceFen}`),
    check('programs_price_nonneg', sql`${t.vipPriceFen} >= 0`),
  ],
);
