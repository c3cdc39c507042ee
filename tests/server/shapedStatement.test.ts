import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { runShaped, shapedStatement, valueAt, valuesAt } from '../../server/db/shapedStatement';
import { tableRow } from '../../server/db/tableRow';
import { writeTogether } from '../../server/db/writeTogether';
import { auditLogs, orders } from '../../server/db/schema';
import type { OrderRow } from '../../server/orders/orderRow';
import { createTestContext, type TestContext } from './support/testApp';
import { checkoutFixture, poster } from './support/checkout';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** Shapes live for the process: every test names its own. */
let shapes = 0;
const newShape = () => `test.${++shapes}`;

const order = (no: string, over: Partial<OrderRow> = {}): Omit<OrderRow, 'id'> => ({
  orderNo: no,
  shopId: t.demo.shopIds[0],
  customerId: null,
  customerName: '散客',
  customerPhone: '',
  customerVip: false,
  appointmentId: null,
  status: 'unpaid',
  lines: [
    {
      programId: 1,
      programName: '雾眉',
      programType: 1,
      unitPriceFen: 100_00,
      quantity: 1,
      discountFen: 0,
      amountFen: 100_00,
      vipPrice: false,
    },
  ],
  totalFen: 100_00,
  discountFen: 0,
  payableFen: 100_00,
  payments: [],
  paidFen: 0,
  refundedFen: 0,
  staffShares: [{ staffId: 1, staffName: '张', shareBp: 10_000 }],
  note: '',
  cancelReason: '',
  createdBy: null,
  createdByName: '',
  paidAt: null,
  createdAt: '2026-11-27T03:04:05.678Z',
  updatedAt: '2026-11-27T03:04:05.678Z',
  ...over,
});

describe('shaped statements', () => {
  it('are made once per shape and bind each call its own values', () => {
    const shape = newShape();
    let built = 0;
    const build = () => {
      built++;
      return sql`select ${valueAt('a')}::int + ${valueAt('b.c')}::int as n, ${7} as k`;
    };
    const first = shapedStatement(shape, build);
    const second = shapedStatement(shape, build);
    expect(built).toBe(1);
    expect(second).toBe(first);
    expect(first.name).toMatch(/^s_/);
    expect(first.params.map((read) => read({ a: 1, b: { c: 2 } }))).toEqual([1, 2, 7]);
    expect(first.params.map((read) => read({ a: 5, b: { c: 6 } }))).toEqual([5, 6, 7]);
  });

  it('run in PostgreSQL with the values of the call', async () => {
    const statement = shapedStatement(newShape(), () => sql`select ${valueAt('a')}::int + ${valueAt('b.c')}::int as n`);
    expect(await runShaped(t.database.db, statement, { a: 40, b: { c: 2 } })).toEqual([{ n: 42 }]);
    expect(await runShaped(t.database.db, statement, { a: -1, b: { c: 1 } })).toEqual([{ n: 0 }]);
  });

  it('refuse a call that leaves a value out, or gives SQL where the shape has a value, instead of sending NULL or JSON', () => {
    const statement = shapedStatement(newShape(), () => sql`select ${valueAt('a')} as a`);
    expect(() => statement.params[0]({})).toThrow(/a 缺失/);
    expect(() => statement.params[0]({ a: sql`now()` })).toThrow(/a 是 SQL/);
    expect(statement.params[0]({ a: null })).toBeNull();
  });

  it('keep the SQL fields of a row as part of the shape and make the others values', () => {
    const now = sql`now()`;
    const placed = valuesAt('rows', [
      { x: 1, at: now },
      { x: 2, at: now },
    ]);
    expect(placed[1].at).toBe(now);
    expect(placed[1].x).toMatchObject({ name: 'rows.1.x' });
  });

  it('write a row as drizzle writes it: jsonb as JSON, null as NULL, instants as given', async () => {
    const { db } = t.database;
    const ids: number[] = [];
    for (const no of ['20261127-001-9001', '20261127-001-9002']) {
      const row = order(no, { note: `${no} 的备注`, paidAt: no.endsWith('2') ? '2026-11-27T04:00:00.000Z' : null });
      const values = { order: row, audit: { action: 'test', entity: 'order', entityId: no, summary: no } };
      const statement = shapedStatement('test.orderWithAudit', () =>
        writeTogether({
          order: db.insert(orders).values(valuesAt('order', values.order)).returning({ id: orders.id }),
          audit: db.insert(auditLogs).values(valuesAt('audit', values.audit)),
        }),
      );
      await runShaped(db, statement, values);
      const [shaped] = await db.select().from(orders).where(eq(orders.orderNo, no));
      ids.push(shaped.id);
      const [viaDrizzle] = await db
        .insert(orders)
        .values({ ...row, orderNo: `${no.slice(0, -4)}8${no.slice(-3)}` })
        .returning();
      expect({ ...shaped, id: 0, orderNo: '' }).toEqual({ ...viaDrizzle, id: 0, orderNo: '' });
      const audits = await db.select().from(auditLogs).where(eq(auditLogs.entityId, no));
      expect(audits.map((a) => a.summary)).toEqual([no]);
    }
    expect(new Set(ids).size).toBe(2);
  });

  it('read back into a table row as drizzle reads it, or null when a left join found none', async () => {
    const { db } = t.database;
    const [written] = await db
      .insert(orders)
      .values(order('20261127-001-9100', { paidAt: '2026-11-27T05:06:07.089Z' }))
      .returning();
    const statement = shapedStatement(
      newShape(),
      () => sql`select ${orders}.* from (select 1) as one left join ${orders} on ${orders.id} = ${valueAt('id')}`,
    );
    const [raw] = await runShaped(db, statement, { id: written.id });
    expect(tableRow(orders, raw)).toEqual(written);
    const [none] = await runShaped(db, statement, { id: -1 });
    expect(tableRow(orders, none)).toBeNull();
  });
});

describe("the checkout's statements", () => {
  let one: TestContext;
  beforeAll(async () => {
    // One pooled connection: every statement the calls send is prepared on the connection the test reads.
    one = await createTestContext({ dbPoolSize: 1 });
  });
  afterAll(async () => one?.close());

  // A statement PostgreSQL plans anew for every call costs more to plan than to run (bench/README.md).
  it('are planned once per connection and then run from the same plan, with a key and without', async () => {
    const fixture = await checkoutFixture(one);
    const token = await one.login('13800000002');
    // A day of a busy chain's keys: a statement that cannot see a LIMIT or a key's lifetime (sent as
    // parameters) is estimated far dearer over a table this size than planned for its values, and
    // would be planned anew for every call.
    await one.database.pool.query(
      `insert into idempotency_keys (account_id, key, call, request_hash, status_code, response)
      select $1, 'busy-' || n, 'POST /x', '', 200, 'null' from generate_series(1, 50000) n`,
      [one.demo.accountIds['13800000001']],
    );
    await one.database.pool.query('analyze idempotency_keys');
    const post = poster(one);
    for (let n = 0; n < 8; n++) {
      for (const key of [`plan-${n}`, undefined]) {
        const made = await post(
          token,
          '/orders',
          {
            customerId: fixture.vipCustomer,
            lines: [{ programId: fixture.brow.id, quantity: 1, discountFen: 0 }],
            staffShares: [{ staffId: fixture.staff[0], shareBp: 10_000 }],
          },
          key && `${key}-c`,
        );
        expect(made.body.code, made.raw).toBe(0);
        const paid = await post(
          token,
          `/orders/${made.body.data.id}/pay`,
          { payments: [{ method: 'wechat', amountFen: made.body.data.payableFen }] },
          key && `${key}-p`,
        );
        expect(paid.body.code, paid.raw).toBe(0);
      }
    }
    const { rows } = await one.database.pool.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      `select statement, generic_plans, custom_plans from pg_prepared_statements where name like 's\\_%'`,
    );
    // With a key and without: the create's read and write, the payment's read and write; and the number's draw.
    expect(rows).toHaveLength(9);
    for (const r of rows)
      expect({ statement: r.statement.slice(0, 80), custom: r.custom_plans }).toEqual({ statement: r.statement.slice(0, 80), custom: 5 });
  });
});
