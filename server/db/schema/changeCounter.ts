import { pgTable, integer, text, bigint, primaryKey } from 'drizzle-orm/pg-core';

/**
 * How often the data behind a kind of answer (`topic`) changed, per shop: the change counters
 * migration's triggers set `version` to a fresh value of a sequence whenever a transaction commits a
 * change to a table the topic reads. A row only ever grows, so the sum over a topic's rows changes
 * with every such commit: an answer kept with the sum it was computed at is still exact while the
 * sum is the same (server/db/answerCache.ts).
 */
export const changeCounters = pgTable(
  'change_counters',
  {
    topic: text('topic').notNull(),
    shopId: integer('shop_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'change_counters_pkey', columns: [t.topic, t.shopId] })],
);
