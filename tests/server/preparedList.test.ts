import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import type { SessionContext } from '../../server/auth/sessionGuard';
import { customerListStatements } from '../../server/routes/customers';
import { statementOf } from '../../server/db/list/preparedList';
import { readPage, type ListStatements } from '../../server/http/resource';
import { orderList, orderListStatements } from '../../server/orders/listing';
import { afterSaleList, afterSaleListStatements } from '../../server/afterSales/listing';
import { ledgerList, ledgerListStatements } from '../../server/ledger/listing';
import { performanceList, performanceListStatements } from '../../server/performance/listing';
import { appointmentList, appointmentListStatements } from '../../server/appointments/listing';
import { createTestContext, type TestContext } from './support/testApp';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const manager = (shopId: number): SessionContext => ({
  sessionId: 0,
  accountId: 0,
  accountName: '',
  role: 'shop-manager',
  shopId,
  shopName: null,
});
const admin: SessionContext = { sessionId: 0, accountId: 0, accountName: '', role: 'admin', shopId: null, shopName: null };
/** A database handle with no statements prepared yet: what building from scratch gives. */
const freshDb = (): Db => drizzle(t.database.pool, { schema });

type Query = Record<string, string | string[]>;
/** Pairs of list calls with one shape and different values: the second must reuse the first's statements. */
const sameShape: [string, SessionContext, Query, SessionContext, Query][] = [
  ['first pages of two shops', manager(1), { _start: '0', _end: '10' }, manager(2), { _start: '20', _end: '50' }],
  ['sorted by name', manager(1), { _sort: 'name', _order: 'asc' }, manager(3), { _sort: 'name', _order: 'asc', _start: '10', _end: '20' }],
  ['two tags', manager(1), { tags: ['敏感肌', '老客'] }, manager(2), { tags: ['VIP', '新客'] }],
  ['a source and VIP', admin, { source: 'douyin', vip: 'true' }, admin, { source: 'walk-in', vip: 'false' }],
  ['two sources', admin, { source: ['douyin', 'meituan'] }, admin, { source: ['walk-in', 'other'] }],
  ['created on one day', manager(1), { createdAt: '2026-11-01' }, manager(1), { createdAt: '2026-01-31' }],
  [
    'created between two days',
    manager(1),
    { createdAt_gte: '2026-11-01', createdAt_lte: '2026-11-22' },
    manager(2),
    { createdAt_gte: '2025-01-01', createdAt_lte: '2025-02-01' },
  ],
  ['last four digits', manager(1), { q: '0264' }, manager(2), { q: '9999' }],
  ['a whole phone number', manager(1), { q: '13800000001' }, manager(1), { q: '15011112222' }],
  ['part of a name', manager(1), { q: '小美' }, manager(1), { q: '王%_' }],
];

describe('prepared list statements', () => {
  it.each(sameShape)('reuse one statement for %s, with the SQL a fresh build gives', (_name, s1, q1, s2, q2) => {
    const db = freshDb();
    const first = customerListStatements(db, s1, q1);
    const second = customerListStatements(db, s2, q2);
    expect(second.rows).toBe(first.rows);
    expect(second.names.rows).toMatch(/^list_\d+_rows$/);
    const fresh = customerListStatements(freshDb(), s2, q2);
    for (const part of ['rows', 'total'] as const) {
      const reused = statementOf(second[part], second.names[part], second.values);
      const built = statementOf(fresh[part], fresh.names[part], fresh.values);
      expect(reused.text).toBe(built.text);
      expect(reused.values).toEqual(built.values);
    }
  });

  // Conditions that name their values (from/to days, a text q) are bound without making SQL once their shape is known.
  const named: [string, (db: Db, query: Query) => ListStatements<object>, Query, Query][] = [
    [
      'performance records by shop, days and order number',
      (db, q) => performanceListStatements(db, admin, performanceList.listQuery.parse(q)),
      { shopId: '1', from: '2026-10-01', to: '2026-10-31', q: '2026' },
      { shopId: '2', from: '2026-03-01', to: '2026-03-01', q: 'x%' },
    ],
    [
      'ledger entries by days and note',
      (db, q) => ledgerListStatements(db, admin, ledgerList.listQuery.parse(q)),
      { from: '2026-01-01', to: '2026-12-31', q: '房租' },
      { from: '2025-02-28', to: '2025-03-01', q: '水电' },
    ],
  ];
  it.each(named)('reuse one statement for %s, binding what a fresh build binds', (_name, statementsOf, q1, q2) => {
    const db = freshDb();
    const first = statementsOf(db, q1);
    const second = statementsOf(db, q2);
    expect(second.rows).toBe(first.rows);
    const fresh = statementsOf(freshDb(), q2);
    const reused = statementOf(second.rows, second.names.rows, second.values);
    const built = statementOf(fresh.rows, fresh.names.rows, fresh.values);
    expect(reused.text).toBe(built.text);
    expect(reused.values).toEqual(built.values);
    expect(second.values).not.toEqual(first.values);
  });

  it('gives different shapes different statements', () => {
    const db = freshDb();
    const queries: [SessionContext, Query][] = [
      [manager(1), {}],
      [admin, {}],
      [manager(1), { q: '0264' }],
      [manager(1), { q: '026' }],
      [manager(1), { q: '王' }],
      [manager(1), { source: 'douyin' }],
      [manager(1), { source: ['douyin', 'meituan'] }],
      [manager(1), { tags: '老客' }],
      [manager(1), { _sort: 'name', _order: 'desc' }],
      [manager(1), { _sort: 'name', _order: 'asc' }],
      [manager(1), { createdAt: '2026-11-01' }],
      [manager(1), { createdAt: '2026-11-01T08:00:00+08:00' }],
    ];
    const texts = queries.map(([s, q]) => {
      const st = customerListStatements(db, s, q);
      return statementOf(st.rows, st.names.rows, st.values).text;
    });
    expect(new Set(texts).size).toBe(queries.length);
  });

  it('answers the same rows from a reused statement as from a fresh one', async () => {
    const db = freshDb();
    const [shop1, shop2] = t.demo.shopIds;
    const warm = customerListStatements(db, manager(shop1), { _start: '0', _end: '5' });
    await warm.rows.execute(warm.values);
    const reused = customerListStatements(db, manager(shop2), { _start: '0', _end: '5' });
    const fresh = customerListStatements(freshDb(), manager(shop2), { _start: '0', _end: '5' });
    const [a, b] = await Promise.all([reused.rows.execute(reused.values), fresh.rows.execute(fresh.values)]);
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((c) => c.shopId === shop2)).toBe(true);
    expect(a).toEqual(b);
  });

  it('reports the total with the page, and also for a page past the end', async () => {
    const token = await t.login('13800000002');
    const [shop1] = t.demo.shopIds;
    const [{ n }] = (await t.database.pool.query<{ n: number }>('select count(*)::int as n from customers where shop_id = $1', [shop1]))
      .rows;
    for (const [start, rows] of [
      [0, Math.min(n, 2)],
      [n + 100, 0],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/beer/backstage/customers?_start=${start}&_end=${start + 2}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.headers['x-total-count']).toBe(String(n));
      const data = res.json().data as Record<string, unknown>[];
      expect(data).toHaveLength(rows);
      expect(data.every((row) => !('__total' in row))).toBe(true);
    }
  });
});

/** A page of every list whose statements are exported, as the admin (no shop scope) reads it. */
const pages: [string, (db: Db) => ListStatements<object>][] = [
  ['customers', (db) => customerListStatements(db, admin, { _end: '50' })],
  ['orders', (db) => orderListStatements(db, admin, orderList.listQuery.parse({ _end: '50' }))],
  ['after-sales', (db) => afterSaleListStatements(db, admin, afterSaleList.listQuery.parse({ _end: '50' }))],
  ['ledger', (db) => ledgerListStatements(db, admin, ledgerList.listQuery.parse({ _end: '50' }))],
  ['performance records', (db) => performanceListStatements(db, admin, performanceList.listQuery.parse({ _end: '50' }))],
  ['appointments', (db) => appointmentListStatements(db, admin, appointmentList.listQuery.parse({ _end: '50' }))],
];

describe('list pages', () => {
  it.each(pages)('give the rows of %s as drizzle maps them, without the total they carry', async (_name, statementsOf) => {
    const statements = statementsOf(freshDb());
    const mapped = (await statements.rows.execute(statements.values)).map((row) => {
      const { __total, ...rest } = row as Record<string, unknown>;
      return { rest, total: __total };
    });
    expect(mapped.length).toBeGreaterThan(0);
    const page = await readPage(statements);
    expect(page.rows).toStrictEqual(mapped.map((m) => m.rest));
    expect(page.total).toBe(mapped[0].total);
  });
});
