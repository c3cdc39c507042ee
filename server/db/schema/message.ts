import { pgTable, serial, varchar, integer, smallint, text, index } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts } from './account';
import type { MessageStatus, MessageTag, MessageType } from '../../../contract/message';

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** message | notice | todo */
    type: varchar('type', { length: 10 }).$type<MessageType>().notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    subTitle: varchar('sub_title', { length: 100 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    content: text('content').notNull().default(''),
    messageType: integer('message_type').$type<MessageTag>(),
    /** The console page of the record the message is about ('' when about none). */
    link: varchar('link', { length: 200 }).notNull().default(''),
    /** 0 unread, 1 read */
    status: smallint('status').$type<MessageStatus>().notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('messages_account_idx').on(t.accountId, t.status, t.type, t.createdAt)],
);
