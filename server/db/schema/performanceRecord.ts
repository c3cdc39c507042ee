import { pgTable, bigserial, varchar, integer, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PerformanceKind, PerformanceStatus } from '../../../contract/performanceRecord';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import { staff } from './staff';
import { accounts } from './account';
import { orders } from './order';
import { afterSales } from './afterSale';

/**
 * One staff member's share of a paid order (kind sale) or of a refund (kind adjustment, negative),
 * pending finance's review. Names are kept as they were, so the review list reads one table.
 * status: pending | approved | rejected
 */
export const performanceRecords = pgTable(
  'performance_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    afterSaleId: integer('after_sale_id').references(() => afterSales.id, { onDelete: 'restrict' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    staffName: varchar('staff_name', { length: 30 }).notNull(),
    kind: varchar('kind', { length: 20 }).$type<PerformanceKind>().notNull(),
    shareBp: integer('share_bp').notNull(),
    amountFen: integer('amount_fen').notNull(),
    commissionRateBp: integer('commission_rate_bp').notNull(),
    commissionFen: integer('commission_fen').notNull(),
    status: varchar('status', { length: 20 }).$type<PerformanceStatus>().notNull().default('pending'),
    reviewedBy: integer('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
    reviewedByName: varchar('reviewed_by_name', { length: 30 }).notNull().default(''),
    reviewedAt: instant('reviewed_at'),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('performance_records_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('performance_records_status_created_idx').on(t.status, t.createdAt, t.id),
    index('performance_records_staff_created_idx').on(t.staffId, t.createdAt),
    index('performance_records_order_idx').on(t.orderId),
    index('performance_records_created_idx').on(t.createdAt, t.id),
    // What finance reviewed lately (the financial-staff Workplace).
    index('performance_records_reviewed_idx').on(t.reviewedAt),
    index('performance_records_pending_idx')
      .on(t.shopId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
