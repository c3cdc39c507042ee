import { pgTable, bigserial, varchar, integer, text, index } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id'),
    role: varchar('role', { length: 20 }),
    shopId: integer('shop_id'),
    action: varchar('action', { length: 40 }).notNull(),
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 40 }),
    summary: text('summary').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('audit_logs_entity_idx').on(t.entity, t.entityId), index('audit_logs_account_idx').on(t.accountId, t.createdAt)],
);
