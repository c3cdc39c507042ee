import { pgTable, serial, varchar, integer, index, jsonb, date, check, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CloseMethodLine, DailyCloseStatus } from '../../../contract/dailyClose';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import { accounts } from './account';

/**
 * A shop's submitted business day (Asia/Shanghai) with its figures as they stood when submitted; a
 * day without a row is open. status: submitted | confirmed | returned
 */
export const dailyCloses = pgTable(
  'daily_closes',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 12 }).$type<Exclude<DailyCloseStatus, 'open'>>().notNull(),
    byMethod: jsonb('by_method').$type<CloseMethodLine[]>().notNull(),
    cardSalesFen: integer('card_sales_fen').notNull(),
    cashExpenseFen: integer('cash_expense_fen').notNull(),
    openingFloatFen: integer('opening_float_fen').notNull(),
    expectedCashFen: integer('expected_cash_fen').notNull(),
    countedCashFen: integer('counted_cash_fen').notNull(),
    differenceFen: integer('difference_fen').notNull(),
    /** The cash or any statement differs from the books (finance's "with differences" filter). */
    hasDifference: boolean('has_difference').notNull(),
    floatFen: integer('float_fen').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    returnReason: varchar('return_reason', { length: 200 }).notNull().default(''),
    submittedBy: integer('submitted_by').references(() => accounts.id, { onDelete: 'set null' }),
    submittedByName: varchar('submitted_by_name', { length: 30 }).notNull().default(''),
    submittedAt: instant('submitted_at').notNull(),
    confirmedBy: integer('confirmed_by').references(() => accounts.id, { onDelete: 'set null' }),
    confirmedByName: varchar('confirmed_by_name', { length: 30 }).notNull().default(''),
    confirmedAt: instant('confirmed_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('daily_closes_shop_day_key').on(t.shopId, t.day),
    index('daily_closes_day_idx').on(t.day, t.shopId),
    index('daily_closes_status_day_idx').on(t.status, t.day),
    check('daily_closes_status', sql`${t.status} in ('submitted', 'confirmed', 'returned')`),
    check('daily_closes_counted', sql`${t.countedCashFen} >= 0 and ${t.floatFen} >= 0 and ${t.floatFen} <= ${t.countedCashFen}`),
    check('daily_closes_difference', sql`${t.differenceFen} = ${t.countedCashFen} - ${t.expectedCashFen}`),
    check('daily_closes_confirmed', sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null)`),
  ],
);
