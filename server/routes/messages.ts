import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  MESSAGE_API,
  MESSAGE_LIST,
  MESSAGE_STATUS,
  messageReadSchema,
  messageRowSchema,
  messageScopeSchema,
  unreadCountSchema,
  type UnreadCount,
} from '../../contract/message';

import { messages } from '../db/schema';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { listQuery, listSpec } from '../db/list/listQuery';
import { listRequestSchema } from '../http/listRequest';
import { ok, page } from '../http/reply';
import { envelope } from '../http/routeSchemas';
import { audit } from '../audit/audit';

const updatedAnswer = { 200: envelope(z.object({ updated: z.number() })) };

const spec = listSpec({
  ...MESSAGE_LIST,
  columns: {
    id: messages.id,
    type: messages.type,
    status: messages.status,
    messageType: messages.messageType,
    title: messages.title,
    time: messages.createdAt,
  },
  idColumn: messages.id,
  defaultSort: [desc(messages.createdAt)],
});

/** The columns of a row as the message box names them; time is when it was raised. */
const row = {
  id: messages.id,
  type: messages.type,
  title: messages.title,
  subTitle: messages.subTitle,
  avatar: messages.avatar,
  content: messages.content,
  time: messages.createdAt,
  status: messages.status,
  messageType: messages.messageType,
  link: messages.link,
};

/**
 * The message box. Every call works on the calling account's own messages only: the account id in
 * each WHERE comes from the session, so another account's ids are simply never matched.
 */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const mine = (req: FastifyRequest): SQL => eq(messages.accountId, sessionOf(req).accountId);

  app.get(
    MESSAGE_API.list,
    {
      preValidation: authenticate,
      schema: { querystring: listRequestSchema(spec), response: { 200: envelope(z.array(messageRowSchema)) } },
    },
    async (req, reply) => {
      const list = listQuery(req.query, spec);
      const where = and(mine(req), list.where);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select(row)
          .from(messages)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
        app.db.select({ total: count() }).from(messages).where(where),
      ]);
      return page(reply, rows, total);
    },
  );

  app.get(
    MESSAGE_API.unreadCount,
    { preValidation: authenticate, schema: { response: { 200: envelope(unreadCountSchema) } } },
    async (req) => {
      const rows = await app.db
        .select({ type: messages.type, n: count() })
        .from(messages)
        .where(and(mine(req), eq(messages.status, MESSAGE_STATUS.unread)))
        .groupBy(messages.type);
      const counts: UnreadCount = { total: 0, message: 0, notice: 0, todo: 0 };
      for (const r of rows) {
        counts[r.type] = r.n;
        counts.total += r.n;
      }
      return ok(counts);
    },
  );

  app.post(MESSAGE_API.read, { preValidation: authenticate, schema: { body: messageReadSchema, response: updatedAnswer } }, async (req) => {
    const { ids } = req.body;
    const updated = await app.db.transaction(async (tx) => {
      const done = await tx
        .update(messages)
        .set({ status: MESSAGE_STATUS.read })
        .where(and(mine(req), inArray(messages.id, ids), eq(messages.status, MESSAGE_STATUS.unread)))
        .returning({ id: messages.id });
      if (done.length) await audit(tx, req, { action: 'read', entity: 'message', summary: `标记已读：${done.map((d) => d.id).join(',')}` });
      return done.length;
    });
    return ok({ updated });
  });

  app.post(
    MESSAGE_API.readAll,
    { preValidation: authenticate, schema: { body: messageScopeSchema, response: updatedAnswer } },
    async (req) => {
      const { type } = req.body;
      const updated = await app.db.transaction(async (tx) => {
        const done = await tx
          .update(messages)
          .set({ status: MESSAGE_STATUS.read })
          .where(and(mine(req), eq(messages.status, MESSAGE_STATUS.unread), type ? eq(messages.type, type) : undefined))
          .returning({ id: messages.id });
        if (done.length)
          await audit(tx, req, { action: 'read-all', entity: 'message', summary: `全部已读（${type ?? '全部类型'}）：${done.length} 条` });
        return done.length;
      });
      return ok({ updated });
    },
  );

  /**
   * "Clear" empties the list the user is looking at: every message of that tab (type), read or not,
   * or of every tab without a type. Messages only point at records that live elsewhere, so nothing
   * of the business is lost by deleting them.
   */
  app.post(
    MESSAGE_API.clear,
    { preValidation: authenticate, schema: { body: messageScopeSchema, response: { 200: envelope(z.object({ deleted: z.number() })) } } },
    async (req) => {
      const { type } = req.body;
      const deleted = await app.db.transaction(async (tx) => {
        const gone = await tx
          .delete(messages)
          .where(and(mine(req), type ? eq(messages.type, type) : undefined))
          .returning({ id: messages.id });
        if (gone.length)
          await audit(tx, req, { action: 'clear', entity: 'message', summary: `清空消息（${type ?? '全部类型'}）：${gone.length} 条` });
        return gone.length;
      });
      return ok({ deleted });
    },
  );
};

export default messageRoutes;
