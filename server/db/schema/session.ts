import { pgTable, serial, varchar, integer, timestamp, boolean, index, primaryKey, char } from 'drizzle-orm/pg-core';
import { accounts } from './account';
import { shops } from './shop';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Login sessions. Only the SHA-256 of a token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique('sessions_token_hash_key'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 20 }).notNull(),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /** logout | password | disabled | grant */
    revokedReason: varchar('revoked_reason', { length: 20 }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 32 }).notNull(),
    ok: boolean('ok').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_phone_idx').on(t.phone, t.createdAt)],
);

export const captchas = pgTable(
  'captchas',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [index('captchas_phone_idx').on(t.phone, t.createdAt)],
);

/** Fixed-window request counters shared by every server process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: varchar('key', { length: 200 }).notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
