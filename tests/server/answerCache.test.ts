import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, changeVersion, type ChangeTopic } from '../../server/db/answerCache';
import { MANAGER_1, rest } from './support/restCalls';
import { createTestContext, type TestContext } from './support/testApp';
import type { AppointmentCalendar } from '../../contract/appointment';
import type { DailyClose } from '../../contract/dailyClose';

/**
 * Kept answers (the calendar's pages, the reports) are exact only if every commit that changes what
 * they read raises their topic's counter (migration 0010), and if the cache never keeps an answer
 * computed across such a commit. Writes here go through a second connection, as another server
 * process's would.
 */
let t: TestContext;
let shop1: number;
let shop2: number;
beforeAll(async () => {
  t = await createTestContext();
  [shop1, shop2] = t.demo.shopIds;
});
afterAll(async () => t?.close());

const version = (topic: ChangeTopic, shopId: number | null) => changeVersion(t.database.pool, topic, shopId);
const versions = async () => ({
  calendar1: await version('calendar', shop1),
  calendar2: await version('calendar', shop2),
  reports1: await version('reports', shop1),
  reports2: await version('reports', shop2),
  close1: await version('close', shop1),
  close2: await version('close', shop2),
  calendarAll: await version('calendar', null),
  reportsAll: await version('reports', null),
  closeAll: await version('close', null),
});
const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

/** A statement that changes nothing but still writes a row of the shop (row triggers fire), and the topics that read it. */
const TOUCH: Record<string, { topics: ChangeTopic[]; shopColumn: string }> = {
  appointments: { topics: ['calendar'], shopColumn: 'shop_id' },
  orders: { topics: ['reports', 'close'], shopColumn: 'shop_id' },
  customers: { topics: ['reports'], shopColumn: 'shop_id' },
  performance_records: { topics: ['reports'], shopColumn: 'shop_id' },
  after_sales: { topics: ['reports', 'close'], shopColumn: 'shop_id' },
  staff: { topics: ['reports'], shopColumn: 'shop_id' },
  shops: { topics: ['reports', 'close'], shopColumn: 'id' },
  ledger_entries: { topics: ['reports', 'close'], shopColumn: 'shop_id' },
  card_transactions: { topics: ['reports', 'close'], shopColumn: 'shop_id' },
};
const touch = async (table: keyof typeof TOUCH, shopId: number) => {
  const { shopColumn } = TOUCH[table];
  const { rowCount } = await sql(`update ${table} set ${shopColumn} = ${shopColumn} where ${shopColumn} = $1`, [shopId]);
  return rowCount;
};

describe('change counters', () => {
  it.each(Object.keys(TOUCH))(
    'a committed write of %s raises its topics for that shop and for every shop, and nothing else',
    async (table) => {
      const { topics } = TOUCH[table];
      const before = await versions();
      expect(await touch(table, shop1)).toBeGreaterThan(0);
      const after = await versions();
      const changed = Object.keys(before).filter((k) => before[k as keyof typeof before] !== after[k as keyof typeof after]);
      expect(changed.sort()).toEqual(topics.flatMap((topic) => [`${topic}1`, `${topic}All`]).sort());
      // Every bump is larger than any before it: a counter never returns to an old version.
      for (const topic of topics) expect(BigInt(after[`${topic}1`])).toBeGreaterThan(BigInt(before[`${topic}1`]));
    },
  );

  it('a transaction raises each shop once, at commit; a rolled-back one raises nothing', async () => {
    const client = await t.database.pool.connect();
    try {
      const before = await version('calendar', shop1);
      await client.query('begin');
      await client.query(`update appointments set note = note where shop_id = $1`, [shop1]);
      await client.query(`update appointments set note = note where shop_id = $1`, [shop1]);
      // Deferred to commit: nothing is raised (or locked) while the transaction goes on.
      expect(await version('calendar', shop1)).toBe(before);
      await client.query('commit');
      const afterCommit = await version('calendar', shop1);
      expect(afterCommit).not.toBe(before);
      const [{ n }] = (await sql(`select count(*)::int as n from change_counters where topic = 'calendar' and shop_id = $1`, [shop1])).rows;
      expect(n).toBe(1);

      await client.query('begin');
      await client.query(`update appointments set note = note where shop_id = $1`, [shop1]);
      await client.query('rollback');
      expect(await version('calendar', shop1)).toBe(afterCommit);
    } finally {
      client.release();
    }
  });

  it('an order raises the reports only once it is paid: the reports read paid orders alone', async () => {
    const [{ id, payable }] = (
      await sql(
        `insert into orders (order_no, shop_id, customer_name, status, lines, total_fen, payable_fen, staff_shares)
         values ('20261127-001-9901', $1, '散客', 'unpaid', '[]', 100, 100, '[]') returning id, payable_fen as payable`,
        [shop1],
      )
    ).rows;
    const unpaid = await versions();
    await sql(`update orders set note = '改备注' where id = $1`, [id]);
    expect(await versions()).toEqual(unpaid);
    await sql(`update orders set status = 'paid', paid_fen = $2, paid_at = now() where id = $1`, [id, payable]);
    const paid = await versions();
    expect(paid.reports1).not.toBe(unpaid.reports1);
    expect(paid.reportsAll).not.toBe(unpaid.reportsAll);
    expect(paid.reports2).toBe(unpaid.reports2);
    await sql(`update orders set refunded_fen = 50 where id = $1`, [id]);
    expect((await versions()).reports1).not.toBe(paid.reports1);

    const [{ id: cancelled }] = (
      await sql(
        `insert into orders (order_no, shop_id, customer_name, status, lines, total_fen, payable_fen, staff_shares) values
          ('20261127-001-9902', $1, '散客', 'unpaid', '[]', 100, 100, '[]') returning id`,
        [shop1],
      )
    ).rows;
    const before = await versions();
    await sql(`update orders set status = 'cancelled', cancel_reason = '客户改期' where id = $1`, [cancelled]);
    await sql(`delete from orders where id = $1`, [cancelled]);
    expect(await versions()).toEqual(before);
  });

  it('a staff member moved to another shop raises both shops', async () => {
    const [{ id }] = (await sql(`select id from staff where shop_id = $1 order by id limit 1`, [shop1])).rows;
    const before = await versions();
    await sql(`update staff set shop_id = $2 where id = $1`, [id, shop2]);
    const after = await versions();
    expect(after.reports1).not.toBe(before.reports1);
    expect(after.reports2).not.toBe(before.reports2);
    await sql(`update staff set shop_id = $2 where id = $1`, [id, shop1]);
  });
});

describe('AnswerCache', () => {
  const counting = (value: () => Promise<string> | string) => {
    const calls = { n: 0 };
    return {
      calls,
      compute: async () => {
        calls.n++;
        return value();
      },
    };
  };

  it('answers again from memory until a commit changes the topic of its shop', async () => {
    const cache = new AnswerCache<string>('calendar', 1024, (v) => v.length);
    const { calls, compute } = counting(() => 'week');
    const pool = t.database.pool;
    expect(await cache.answer(pool, 'k', shop1, compute)).toBe('week');
    expect(await cache.answer(pool, 'k', shop1, compute)).toBe('week');
    expect(calls.n).toBe(1);

    // Another shop's bookings leave this shop's page; the chain-wide key is computed again.
    await touch('appointments', shop2);
    await cache.answer(pool, 'k', shop1, compute);
    expect(calls.n).toBe(1);
    await cache.answer(pool, 'all', null, compute);
    await touch('appointments', shop2);
    await cache.answer(pool, 'all', null, compute);
    expect(calls.n).toBe(3);

    await touch('appointments', shop1);
    await cache.answer(pool, 'k', shop1, compute);
    expect(calls.n).toBe(4);
    // Reports' tables are another topic.
    await touch('orders', shop1);
    await cache.answer(pool, 'k', shop1, compute);
    expect(calls.n).toBe(4);
  });

  it('does not keep an answer computed while a change committed', async () => {
    const cache = new AnswerCache<string>('reports', 1024, (v) => v.length);
    const { calls, compute } = counting(async () => {
      if (calls.n === 1) await touch('orders', shop1);
      return `answer ${calls.n}`;
    });
    expect(await cache.answer(t.database.pool, 'k', null, compute)).toBe('answer 1');
    expect(await cache.answer(t.database.pool, 'k', null, compute)).toBe('answer 2');
    expect(await cache.answer(t.database.pool, 'k', null, compute)).toBe('answer 2');
    expect(calls.n).toBe(2);
  });

  it('computes once for calls of one key that come together', async () => {
    const cache = new AnswerCache<string>('reports', 1024, (v) => v.length);
    await touch('orders', shop1);
    const { calls, compute } = counting(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return 'shared';
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer(t.database.pool, 'k', null, compute)));
    expect(answers).toEqual(Array(5).fill('shared'));
    expect(calls.n).toBe(1);
  });

  it('lets the least recently used answers go beyond its size', async () => {
    const cache = new AnswerCache<string>('reports', 10, (v) => v.length);
    const pool = t.database.pool;
    const { calls, compute } = counting(() => 'abcd');
    await cache.answer(pool, 'a', null, compute);
    await cache.answer(pool, 'b', null, compute);
    await cache.answer(pool, 'a', null, compute);
    // a, b and c are 12 bytes: b, used least recently, goes.
    await cache.answer(pool, 'c', null, compute);
    expect(calls.n).toBe(3);
    await cache.answer(pool, 'a', null, compute);
    expect(calls.n).toBe(3);
    await cache.answer(pool, 'b', null, compute);
    expect(calls.n).toBe(4);
    // Larger than the whole cache: answered, never kept.
    const big = counting(() => 'x'.repeat(11));
    await cache.answer(pool, 'big', null, big.compute);
    await cache.answer(pool, 'big', null, big.compute);
    expect(big.calls.n).toBe(2);
  });
});

describe('the calendar page', () => {
  it('shows a booking changed by another process on the next call', async () => {
    const call = rest(t);
    const token = await t.login(MANAGER_1);
    const [{ id, from }] = (
      await sql(
        `select id, date_trunc('day', start_at) as from from appointments where shop_id = $1 and status = 'booked' order by start_at desc limit 1`,
        [shop1],
      )
    ).rows as { id: number; from: Date }[];
    const query = new URLSearchParams({
      _view: 'calendar',
      _start: '0',
      _end: '5000',
      from: from.toISOString(),
      to: new Date(from.getTime() + 7 * 86_400_000).toISOString(),
    });
    const page = async () => (await call(token, 'GET', `/appointments?${query}`)).body.data as AppointmentCalendar;
    const statusOf = (p: AppointmentCalendar) => p.status[p.id.indexOf(id)];

    expect(statusOf(await page())).toBe('booked');
    expect(statusOf(await page())).toBe('booked');
    await sql(`update appointments set status = 'confirmed' where id = $1`, [id]);
    expect(statusOf(await page())).toBe('confirmed');
  });
});

describe('the daily close of an open day', () => {
  // A day long past, so no demo data meets it; the previous day carries the opening float.
  const DAY = '2020-06-02';
  const PREVIOUS = '2020-06-01';

  it('shows every kind of write that changes its figures on the next call', async () => {
    const call = rest(t);
    const token = await t.login(MANAGER_1);
    const read = async () => {
      const r = await call(token, 'GET', `/daily-closes/${shop1}/${DAY}`);
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
      return r.body.data as DailyClose;
    };
    const line = (close: DailyClose, method: string) => close.byMethod.find((l) => l.method === method)!;
    const empty = await read();
    expect(await read()).toEqual(empty);
    expect(empty).toMatchObject({ status: 'open', openingFloatFen: 0, expectedCashFen: 0, cashExpenseFen: 0 });

    // A paid order (no income entry: it counts on its business day).
    await sql(
      `insert into orders (order_no, shop_id, customer_name, status, lines, total_fen, payable_fen, payments, paid_fen, staff_shares, paid_at,
         business_day)
       values ('20200602-001-9901', $1, '散客', 'paid', '[]', 30000, 30000, $2, 30000, '[]', ($3::date + time '12:00') at time zone 'Asia/Shanghai',
         $3)`,
      [shop1, JSON.stringify([{ method: 'cash', amountFen: 30_000 }]), DAY],
    );
    const paid = await read();
    expect(line(paid, 'cash').inFen).toBe(30_000);
    expect(paid.expectedCashFen).toBe(30_000);

    // A cash expense in the ledger.
    await sql(
      `insert into ledger_entries (shop_id, type, category, amount_fen, method, occurred_on, note) values ($1, 'expense', 'materials', 5000, 'cash', $2, '耗材')`,
      [shop1, DAY],
    );
    const spent = await read();
    expect(spent).toMatchObject({ cashExpenseFen: 5_000, expectedCashFen: 25_000 });

    // A refund in cash.
    await sql(
      `insert into ledger_entries (shop_id, type, category, amount_fen, method, occurred_on, note) values ($1, 'income', 'refund', -2000, 'cash', $2, '退款')`,
      [shop1, DAY],
    );
    const refunded = await read();
    expect(line(refunded, 'cash').refundFen).toBe(2_000);
    expect(refunded.expectedCashFen).toBe(23_000);

    // The previous day's close: its float opens this day.
    const submitted = await call(token, 'POST', `/daily-closes/${shop1}/${PREVIOUS}/submit`, {
      countedCashFen: 12_345,
      floatFen: 12_345,
      reason: '放入备用金',
    });
    expect(submitted.body, JSON.stringify(submitted.body)).toMatchObject({ code: 0, data: { status: 'submitted' } });
    expect(await read()).toMatchObject({ openingFloatFen: 12_345, expectedCashFen: 35_345 });

    // The day's own submit: the stored close.
    const own = await call(token, 'POST', `/daily-closes/${shop1}/${DAY}/submit`, { countedCashFen: 35_345, floatFen: 10_000 });
    expect(own.body, JSON.stringify(own.body)).toMatchObject({ code: 0 });
    expect(await read()).toMatchObject({ status: 'submitted', countedCashFen: 35_345, floatFen: 10_000 });
  });
});

describe('truncate', () => {
  it('raises the topic for every shop', async () => {
    const before = await version('calendar', shop1);
    await sql(`truncate appointments cascade`);
    expect(await version('calendar', shop1)).not.toBe(before);
  });
});
