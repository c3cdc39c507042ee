import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { createTestContext, type TestContext } from './support/testApp';
import { appointments, banners, customers, messages, shops } from '../../server/db/schema';
import { raiseDemoWork } from '../../server/seed/messages';
import { findRouteByPath } from '../../contract/routes';

const MANAGER_THIRD_SHOP = '13800000004';
const ADMIN = '13800000001';

let t: TestContext;

const todosOf = (accountId: number) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.type, 'todo')));

describe('demo messages', () => {
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every linked todo of the demo points at a page of the console', async () => {
    // The conversation's todos (contract/demoMessages.ts) are about the shop floor, not records: no link.
    const todos = (await t.database.db.select().from(messages).where(eq(messages.type, 'todo'))).filter((m) => m.link !== '');
    expect(todos.length).toBeGreaterThan(0);
    for (const todo of todos) expect(findRouteByPath(todo.link.split('?')[0]), todo.title).toBeDefined();
  });

  it('announces exactly the bookings to confirm and the unsigned consents the shop holds', async () => {
    const accountId = t.demo.accountIds[MANAGER_THIRD_SHOP];
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.name, '美颜坊·天河正佳店'));
    const todos = await todosOf(accountId);
    const [{ booked }] = await t.database.db
      .select({ booked: count() })
      .from(appointments)
      .where(and(eq(appointments.shopId, shop.id), eq(appointments.status, 'booked'), gt(appointments.startAt, new Date().toISOString())));
    const [{ unsigned }] = await t.database.db
      .select({ unsigned: count() })
      .from(customers)
      .where(and(eq(customers.shopId, shop.id), isNull(customers.consentSignedAt)));
    const titles = todos.map((m) => m.title);
    if (booked > 0) expect(titles).toContain(`${booked} 个预约待确认`);
    else expect(titles.some((title) => title.endsWith('个预约待确认'))).toBe(false);
    if (unsigned > 0) expect(titles).toContain(`${unsigned} 位客户未签知情同意书`);
    // Nothing about records of another shop.
    expect(todos.every((m) => m.subTitle === shop.name || !m.subTitle.startsWith('美颜坊'))).toBe(true);
  });

  it('raises nothing for work that is not there, and a todo as soon as it is', async () => {
    const admin = t.demo.accountIds[ADMIN];
    // The demo holds no performance record or after-sale yet in this database, so nobody is asked to review one.
    const reviewTodos = (await todosOf(admin)).filter((m) => m.link === '/finance/review' || m.link === '/finance/after-sales');
    const [{ records }] = await t.database.db.select({ records: count() }).from(messages).where(eq(messages.link, '/finance/review'));
    expect(reviewTodos.length).toBe(records);

    const before = (await todosOf(admin)).filter((m) => m.title.endsWith('个活动即将到期'));
    expect(before).toHaveLength(0);
    await t.database.db
      .update(banners)
      .set({ endAt: new Date(Date.now() + 2 * 86_400_000).toISOString() })
      .where(eq(banners.name, '水晶唇限时体验价'));
    await raiseDemoWork(t.database.db);
    const [due] = (await todosOf(admin)).filter((m) => m.title.endsWith('个活动即将到期'));
    expect(due).toMatchObject({ title: '1 个活动即将到期', link: '/operation/events', status: 0 });
    expect(due.content).toContain('「水晶唇限时体验价」');
  });
});
