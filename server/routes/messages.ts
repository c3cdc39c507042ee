import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { MESSAGE_API, MESSAGE_STATUS, MESSAGE_TYPES, messageReadSchema, messageScopeSchema, type MessageType, type UnreadCount } from '../../contract/message';
import { messages } from '../db/schema';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { parseListQuery, type ListSpec } from '../http/listQuery';
import { parseInput } from '../http/validate';
import { ok, page } from '../http/reply';
import { invalid } from '../http/errors';
import { audit } from '../audit/audit';

const listSpec: ListSpec = {
  fields: {
    id: messages.id,
    type: messages.type,
    status: messages.status,
    messageType: messages.messageType,
    title: messages.title,
    time: messages.createdAt,
  },
  idColumn: messages.id,
  defaultSort: [desc(messages.createdAt)],
};

/** The columns of a row as SPEC.md section 3 names them; time is when it was raised. */
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
};

const STATUS_VALUES = Object.values(MESSAGE_STATUS).map(String);

/** type and status filters name values the box knows; anything else is a 40000, not an empty page. */
function checkFilters(query: Record<string, unknown>): void {
  const values = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined || v === '' ? [] : [String(v)]);
  if (values(query.type).some((t) => !(MESSAGE_TYPES as readonly string[]).includes(t))) {
    throw invalid('消息类型取值不正确，应为 message、notice 或 todo', [{ field: 'type', message: '消息类型取值不正确' }]);
  }
  if (values(query.status).some((s) => !STATUS_VALUES.includes(s))) {
    throw invalid('消息状态取值不正确，应为 0（未读）或 1（已读）', [{ field: 'status', message: '消息状态取值不正确' }]);
  }
}

/**
 * The message box. Every call works on the calling account's own messages only: the account id in
 * each WHERE comes from the session, so another account's ids are simply never matched.
 */
const messageRoutes: FastifyPluginAsync = async (app) => {
  const mine = (req: FastifyRequest): SQL => eq(messages.accountId, sessionOf(req).accountId);

  app.get(MESSAGE_API.list, { preHandler: authenticate }, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    checkFilters(query);
    const list = parseListQuery(query, listSpec);
    const where = and(mine(req), list.where);
    const [rows, [{ total }]] = await Promise.all([
      app.db.select(row).from(messages).where(where).orderBy(...list.orderBy).limit(list.limit).offset(list.offset),
      app.db.select({ total: count() }).from(messages).where(where),
    ]);
    return page(reply, rows, total);
  });

  app.get(MESSAGE_API.unreadCount, { preHandler: authenticate }, async (req) => {
    const rows = await app.db
      .select({ type: messages.type, n: count() })
      .from(messages)
      .where(and(mine(req), eq(messages.status, MESSAGE_STATUS.unread)))
      .groupBy(messages.type);
    const counts: UnreadCount = { total: 0, message: 0, notice: 0, todo: 0 };
    // raiseMessage is the only writer, so type holds one of MESSAGE_TYPES.
    for (const r of rows) {
      counts[r.type as MessageType] = r.n;
      counts.total += r.n;
    }
    return ok(counts);
  });

  app.post(MESSAGE_API.read, { preHandler: authenticate }, async (req) => {
    const { ids } = parseInput(messageReadSchema, req.body);
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

  app.post(MESSAGE_API.readAll, { preHandler: authenticate }, async (req) => {
    const { type } = parseInput(messageScopeSchema, req.body);
    const updated = await app.db.transaction(async (tx) => {
      const done = await tx
        .update(messages)
        .set({ status: MESSAGE_STATUS.read })
        .where(and(mine(req), eq(messages.status, MESSAGE_STATUS.unread), type ? eq(messages.type, type) : undefined))
        .returning({ id: messages.id });
      if (done.length) await audit(tx, req, { action: 'read-all', entity: 'message', summary: `全部已读（${type ?? '全部类型'}）：${done.length} 条` });
      return done.length;
    });
    return ok({ updated });
  });

  /**
   * "Clear" empties the list the user is looking at: every message of that tab (type), read or not,
   * or of every tab without a type. Messages only point at records that live elsewhere, so nothing
   * of the business is lost by deleting them.
   */
  app.post(MESSAGE_API.clear, { preHandler: authenticate }, async (req) => {
    const { type } = parseInput(messageScopeSchema, req.body);
    const deleted = await app.db.transaction(async (tx) => {
      const gone = await tx
        .delete(messages)
        .where(and(mine(req), type ? eq(messages.type, type) : undefined))
        .returning({ id: messages.id });
      if (gone.length) await audit(tx, req, { action: 'clear', entity: 'message', summary: `清空消息（${type ?? '全部类型'}）：${gone.length} 条` });
      return gone.length;
    });
    return ok({ deleted });
  });
};

export default messageRoutes;
