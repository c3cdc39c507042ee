import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './support/testApp';
import { MESSAGE_API, MESSAGE_READ_MAX, MESSAGE_TAGS, MESSAGE_TYPES, type Message } from '../../contract/message';
import { DEMO_MESSAGES } from '../../contract/demoMessages';
import { messages, sessions, auditLogs } from '../../server/db/schema';
import { raiseMessage } from '../../server/messages/raiseMessage';
import { describeClient, notifyNewLogin, notifyPasswordChanged } from '../../server/messages/accountEvents';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const FINANCE = '13800000003';

let t: TestContext;

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json(), total: res.headers['x-total-count'] };
}

/** The rows of an account straight from the table, for comparing with what the API answers. */
async function rowsOf(accountId: number, where = sql`true`) {
  return t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), where));
}

describe('message box', () => {
  let admin: string;
  let manager: string;
  let adminId: number;
  let managerId: number;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(ADMIN);
    manager = await t.login(MANAGER);
    adminId = t.demo.accountIds[ADMIN];
    managerId = t.demo.accountIds[MANAGER];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: MESSAGE_API.list });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50008);
  });

  it("lists only the caller's messages, newest first, with the fields of the spec", async () => {
    const own = await rowsOf(adminId);
    expect(own.length).toBeGreaterThanOrEqual(DEMO_MESSAGES[ADMIN].length);
    const res = await call(admin, 'GET', `${MESSAGE_API.list}?_start=0&_end=200`);
    expect(res.status).toBe(200);
    expect(res.total).toBe(String(own.length));
    const list = res.body.data as Message[];
    expect(list.map((m) => m.id).sort()).toEqual(own.map((m) => m.id).sort());
    expect(Object.keys(list[0]).sort()).toEqual([
      'avatar',
      'content',
      'id',
      'link',
      'messageType',
      'status',
      'subTitle',
      'time',
      'title',
      'type',
    ]);
    expect(list[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const times = list.map((m) => Date.parse(m.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages in the database and filters by type and status', async () => {
    const all = await rowsOf(managerId);
    const first = await call(manager, 'GET', `${MESSAGE_API.list}?_start=0&_end=2`);
    const second = await call(manager, 'GET', `${MESSAGE_API.list}?_start=2&_end=4`);
    expect(first.body.data).toHaveLength(2);
    expect(first.total).toBe(String(all.length));
    const ids = [...first.body.data, ...second.body.data].map((m: Message) => m.id);
    expect(new Set(ids).size).toBe(ids.length);

    for (const type of MESSAGE_TYPES) {
      for (const status of [0, 1]) {
        const res = await call(manager, 'GET', `${MESSAGE_API.list}?type=${type}&status=${status}&_end=200`);
        const expected = all.filter((m) => m.type === type && m.status === status);
        expect(res.total).toBe(String(expected.length));
        expect((res.body.data as Message[]).map((m) => m.id).sort()).toEqual(expected.map((m) => m.id).sort());
      }
    }
    const sorted = await call(manager, 'GET', `${MESSAGE_API.list}?_sort=time&_order=asc&_end=200`);
    const times = (sorted.body.data as Message[]).map((m) => Date.parse(m.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses filter values the box does not know', async () => {
    const badType = await call(manager, 'GET', `${MESSAGE_API.list}?type=mail`);
    expect(badType.status).toBe(400);
    expect(badType.body.data.fields[0].field).toBe('type');
    const badStatus = await call(manager, 'GET', `${MESSAGE_API.list}?status=2`);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.data.fields[0].field).toBe('status');
    const badField = await call(manager, 'GET', `${MESSAGE_API.list}?accountId=${adminId}`);
    expect(badField.status).toBe(400);
  });

  it('counts unread messages per type in one call', async () => {
    const res = await call(manager, 'GET', MESSAGE_API.unreadCount);
    const unread = await rowsOf(managerId, eq(messages.status, 0));
    const expected = { total: unread.length, message: 0, notice: 0, todo: 0 } as Record<string, number>;
    for (const m of unread) expected[m.type] += 1;
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: expected });
  });

  it("marks only the caller's own messages read; other accounts' ids are silently skipped", async () => {
    const mine = await rowsOf(managerId, eq(messages.status, 0));
    const theirs = await rowsOf(adminId, eq(messages.status, 0));
    expect(mine.length).toBeGreaterThan(1);
    expect(theirs.length).toBeGreaterThan(0);
    const before = (await call(manager, 'GET', MESSAGE_API.unreadCount)).body.data.total;

    const res = await call(manager, 'POST', MESSAGE_API.read, { ids: [mine[0].id, mine[1].id, ...theirs.map((m) => m.id)] });
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { updated: 2 } });
    expect((await call(manager, 'GET', MESSAGE_API.unreadCount)).body.data.total).toBe(before - 2);
    const stillUnread = await rowsOf(adminId, eq(messages.status, 0));
    expect(stillUnread.map((m) => m.id).sort()).toEqual(theirs.map((m) => m.id).sort());

    const again = await call(manager, 'POST', MESSAGE_API.read, { ids: [mine[0].id] });
    expect(again.body.data).toEqual({ updated: 0 });

    const [trail] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'message'), eq(auditLogs.action, 'read'), eq(auditLogs.accountId, managerId)));
    expect(trail.summary).toContain(String(mine[0].id));
  });

  it('validates the ids of read', async () => {
    const cases: unknown[] = [
      {},
      { ids: [] },
      { ids: 'all' },
      { ids: ['1'] },
      { ids: [0] },
      { ids: [-3] },
      { ids: [1.5] },
      { ids: Array.from({ length: MESSAGE_READ_MAX + 1 }, (_, i) => i + 1) },
      { ids: [1], accountId: adminId },
    ];
    for (const body of cases) {
      const res = await call(manager, 'POST', MESSAGE_API.read, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.data.fields.length).toBeGreaterThan(0);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    // The largest list allowed; ids nobody holds, so the later tests still find unread messages.
    const max = await call(manager, 'POST', MESSAGE_API.read, { ids: Array.from({ length: MESSAGE_READ_MAX }, (_, i) => 1_000_000 + i) });
    expect(max.body.data).toEqual({ updated: 0 });
  });

  it('marks all of one type read, for the caller only', async () => {
    const adminUnreadBefore = await rowsOf(adminId, eq(messages.status, 0));
    const otherTypesBefore = await rowsOf(managerId, sql`${messages.status} = 0 and ${messages.type} <> 'todo'`);
    const todos = await rowsOf(managerId, sql`${messages.status} = 0 and ${messages.type} = 'todo'`);
    expect(todos.length).toBeGreaterThan(0);

    const res = await call(manager, 'POST', MESSAGE_API.readAll, { type: 'todo' });
    expect(res.body.data).toEqual({ updated: todos.length });
    expect(await rowsOf(managerId, sql`${messages.status} = 0 and ${messages.type} = 'todo'`)).toHaveLength(0);
    expect(await rowsOf(managerId, sql`${messages.status} = 0 and ${messages.type} <> 'todo'`)).toHaveLength(otherTypesBefore.length);
    expect(await rowsOf(adminId, eq(messages.status, 0))).toHaveLength(adminUnreadBefore.length);

    const bad = await call(manager, 'POST', MESSAGE_API.readAll, { type: 'mail' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('type');

    const everything = await call(manager, 'POST', MESSAGE_API.readAll);
    expect(everything.body.data).toEqual({ updated: otherTypesBefore.length });
    expect((await call(manager, 'GET', MESSAGE_API.unreadCount)).body.data).toEqual({ total: 0, message: 0, notice: 0, todo: 0 });
    expect((await call(admin, 'GET', MESSAGE_API.unreadCount)).body.data.total).toBe(adminUnreadBefore.length);
  });

  it("clears the tab of one type, then everything, never another account's", async () => {
    const adminBefore = await rowsOf(adminId);
    const notices = await rowsOf(managerId, eq(messages.type, 'notice'));
    const rest = await rowsOf(managerId, sql`${messages.type} <> 'notice'`);
    expect(notices.length).toBeGreaterThan(0);

    const res = await call(manager, 'POST', MESSAGE_API.clear, { type: 'notice' });
    expect(res.body.data).toEqual({ deleted: notices.length });
    const tab = await call(manager, 'GET', `${MESSAGE_API.list}?type=notice`);
    expect(tab.total).toBe('0');
    expect(await rowsOf(managerId)).toHaveLength(rest.length);

    const all = await call(manager, 'POST', MESSAGE_API.clear, {});
    expect(all.body.data).toEqual({ deleted: rest.length });
    expect(await rowsOf(managerId)).toHaveLength(0);
    expect(await rowsOf(adminId)).toHaveLength(adminBefore.length);

    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'clear'), eq(auditLogs.accountId, managerId)));
    expect(n).toBe(2);
  });
});

describe('raising messages', () => {
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each recipient one unread copy and keeps messageType for notices and todos only', async () => {
    const a = t.demo.accountIds[ADMIN];
    const b = t.demo.accountIds[FINANCE];
    const ids = await t.database.db.transaction((tx) =>
      raiseMessage(tx, [a, b, a], { type: 'todo', title: `售后待审核${'长'.repeat(200)}`, messageType: MESSAGE_TAGS.pending }),
    );
    expect(ids).toHaveLength(2);
    const rows = await t.database.db
      .select()
      .from(messages)
      .where(sql`${messages.id} in ${ids}`);
    expect(rows.map((r) => r.accountId).sort()).toEqual([a, b].sort());
    expect(rows.every((r) => r.status === 0 && r.messageType === MESSAGE_TAGS.pending && r.title.length === 100)).toBe(true);

    const [plain] = await raiseMessage(t.database.db, a, { type: 'message', title: '你好', messageType: MESSAGE_TAGS.done });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, plain));
    expect(row.messageType).toBeNull();
    expect(await raiseMessage(t.database.db, [], { type: 'notice', title: '无人' })).toEqual([]);
  });

  it('rolls back with the transaction it was raised in', async () => {
    const a = t.demo.accountIds[ADMIN];
    const before = await rowsOf(a);
    await expect(
      t.database.db.transaction(async (tx) => {
        await raiseMessage(tx, a, { type: 'notice', title: '不会出现' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(a)).toHaveLength(before.length);
  });

  it('tells about a new login only while another session of the account is active', async () => {
    const id = t.demo.accountIds[FINANCE];
    const idleMs = t.config.sessionIdleMs;
    await t.login(FINANCE);
    const [first] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.accountId, id))
      .orderBy(sql`${sessions.id} desc`)
      .limit(1);
    const client = {
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      sessionIdleMs: idleMs,
    };
    // Other sessions this account may already hold (e.g. from the auth route's own notification) are ended first.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(sql`${sessions.accountId} = ${id} and ${sessions.id} <> ${first.id}`);
    expect(await notifyNewLogin(t.database.db, id, { ...client, sessionId: first.id })).toBe(false);

    await t.login(FINANCE);
    const [second] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.accountId, id))
      .orderBy(sql`${sessions.id} desc`)
      .limit(1);
    const before = await rowsOf(id);
    expect(await notifyNewLogin(t.database.db, id, { ...client, sessionId: second.id })).toBe(true);
    const [raised] = (await rowsOf(id)).filter((m) => !before.some((b) => b.id === m.id));
    expect(raised.type).toBe('message');
    expect(raised.status).toBe(0);
    expect(raised.content).toContain('203.0.113.7');
    expect(raised.content).toContain('Chrome 126 / Windows');

    // An idle-expired session is not "active".
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - idleMs - 60_000) })
      .where(eq(sessions.id, first.id));
    expect(await notifyNewLogin(t.database.db, id, { ...client, sessionId: second.id })).toBe(false);
  });

  it('keeps one unread new-login message per client: a repeated login updates it, another client gets its own', async () => {
    const id = t.demo.accountIds[ADMIN];
    const idleMs = t.config.sessionIdleMs;
    const chrome = {
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      sessionIdleMs: idleMs,
    };
    const firefox = { ...chrome, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' };
    // The test's own clients (the logins below also tell about the test client, lightMyRequest).
    const loginMessages = async () =>
      (await rowsOf(id)).filter((m) => m.title === '账号在新的客户端登录' && m.status === 0 && m.subTitle.includes('203.0.113.9'));
    await t.database.db
      .update(messages)
      .set({ status: 1 })
      .where(and(eq(messages.accountId, id), eq(messages.title, '账号在新的客户端登录')));
    // A session already open, as on the admin's usual computer.
    await t.login(ADMIN);
    // Each call stands for one more login while another session is open (the admin's test session).
    const newest = async (c: typeof chrome) => {
      await t.login(ADMIN);
      const [s] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.accountId, id))
        .orderBy(sql`${sessions.id} desc`)
        .limit(1);
      expect(await notifyNewLogin(t.database.db, id, { ...c, sessionId: s.id })).toBe(true);
    };
    await newest(chrome);
    const [first] = await loginMessages();
    expect(first.subTitle).toBe('Chrome 126 / Windows（IP 203.0.113.9）');
    expect(first.link).toBe('/user/settings');
    await newest(chrome);
    await newest(chrome);
    const [again] = await loginMessages();
    expect((await loginMessages()).filter((m) => m.subTitle === first.subTitle)).toHaveLength(1);
    expect(again.id).toBe(first.id);
    expect(Date.parse(again.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
    await newest(firefox);
    expect((await loginMessages()).map((m) => m.subTitle).sort()).toEqual([first.subTitle, 'Firefox 128 / Linux（IP 203.0.113.9）'].sort());
    // Once read, the next login from that client is news again.
    await t.database.db.update(messages).set({ status: 1 }).where(eq(messages.id, first.id));
    await newest(chrome);
    const fresh = (await loginMessages()).find((m) => m.subTitle === first.subTitle)!;
    expect(fresh.id).not.toBe(first.id);
  });

  it('tells the owner the password changed, as a notice needing attention', async () => {
    const id = t.demo.accountIds[MANAGER];
    const before = await rowsOf(id);
    await notifyPasswordChanged(t.database.db, id, {
      ip: '198.51.100.2',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    const [raised] = (await rowsOf(id)).filter((m) => !before.some((b) => b.id === m.id));
    expect(raised).toMatchObject({ type: 'notice', title: '登录密码已修改', messageType: MESSAGE_TAGS.attention, status: 0 });
    expect(raised.content).toContain('Safari 17 / iOS');
    expect(raised.content).toContain('198.51.100.2');
  });

  it('names clients people recognise', () => {
    expect(
      describeClient(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      ),
    ).toBe('Edge 126 / macOS');
    expect(describeClient('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 / Linux');
    expect(
      describeClient(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49',
      ),
    ).toBe('微信 8 / Android');
    expect(describeClient('')).toBe('未知客户端');
    expect(describeClient('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
