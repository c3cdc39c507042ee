import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/testApp';
import { MANAGER_1, MANAGER_3, invalidFields } from './support/restCalls';
import { query } from './support/authCalls';
import { checkoutFixture, createdOrder, paidOrder, poster, type CheckoutFixture } from './support/checkout';
import { IDEMPOTENCY_TTL_HOURS } from '../../contract/order';
import { purgeExpiredKeys } from '../../server/idempotency/idempotency';

let t: TestContext;
let post: ReturnType<typeof poster>;
let manager1: string;
let manager3: string;
let f: CheckoutFixture;

beforeAll(async () => {
  t = await createTestContext();
  post = poster(t);
  [manager1, manager3] = await Promise.all([t.login(MANAGER_1), t.login(MANAGER_3)]);
  f = await checkoutFixture(t);
});
afterAll(async () => t?.close());

let keys = 0;
const newKey = () => `key-${Date.now()}-${keys++}`;
const orderBody = (note = '') => ({
  customerId: f.plainCustomer,
  lines: [{ programId: f.facial.id, quantity: 1, discountFen: 0 }],
  staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }],
  note,
});
const count = async (sql: string, params: unknown[] = []) =>
  (await query<{ n: number }>(t, `select count(*)::int as n from ${sql}`, params))[0].n;

describe('Idempotency-Key', () => {
  it('answers the same key and body exactly as the first time, and makes one order', async () => {
    const key = newKey();
    const before = await count('orders');
    const first = await post(manager1, '/orders', orderBody('重试'), key);
    const second = await post(manager1, '/orders', orderBody('重试'), key);
    expect(first.status).toBe(200);
    expect([second.status, second.raw]).toEqual([first.status, first.raw]);
    expect(await count('orders')).toBe(before + 1);
    // The same body written with its keys in another order is the same body.
    const reordered = { note: '重试', staffShares: orderBody().staffShares, lines: orderBody().lines, customerId: f.plainCustomer };
    expect((await post(manager1, '/orders', reordered, key)).raw).toBe(first.raw);
  });

  it('answers 409 for the same key with another body or on another call, and does nothing', async () => {
    const key = newKey();
    const first = await post(manager1, '/orders', orderBody('一'), key);
    const before = await count('orders');
    expect((await post(manager1, '/orders', orderBody('二'), key)).status).toBe(409);
    expect(
      (
        await post(
          manager1,
          `/orders/${first.body.data.id}/pay`,
          { payments: [{ method: 'cash', amountFen: first.body.data.payableFen }] },
          key,
        )
      ).status,
    ).toBe(409);
    expect(await count('orders')).toBe(before);
    expect((await post(manager1, '/orders', { ...orderBody('一') }, key)).raw).toBe(first.raw);
  });

  it('keeps keys per account: another account’s same key is its own', async () => {
    const key = newKey();
    const mine = await post(manager1, '/orders', orderBody(), key);
    const [{ id: staff3 }] = await query<{ id: number }>(
      t,
      `select id from staff where shop_id = $1 and status = 'active' order by id limit 1`,
      [f.shop3],
    );
    const theirs = await post(manager3, '/orders', { lines: orderBody().lines, staffShares: [{ staffId: staff3, shareBp: 10_000 }] }, key);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
  });

  it('refuses a malformed key with 40000 naming the header', async () => {
    for (const key of ['', 'x'.repeat(65), '中文键', 'with space']) {
      const r = await post(manager1, '/orders', orderBody(), key);
      expect([r.status, invalidFields(r)], JSON.stringify(key)).toEqual([400, ['Idempotency-Key']]);
    }
  });

  it('stores nothing for a call that failed: the key stays free for the corrected call', async () => {
    const key = newKey();
    const bad = await post(manager1, '/orders', { ...orderBody(), discountFen: 99_999_999 }, key);
    expect(bad.status).toBe(400);
    expect((await post(manager1, '/orders', orderBody(), key)).status).toBe(200);
  });

  it('makes concurrent calls with one key wait for the first and answer what it stored', async () => {
    const key = newKey();
    const before = await count('orders');
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(manager1, '/orders', orderBody('并发'), key)));
    expect(new Set(answers.map((a) => a.raw)).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await count('orders')).toBe(before + 1);
  });

  it('pays once for a retried pay, and two pays with different keys: one succeeds, the other is 409', async () => {
    const o = await createdOrder(t, manager1, orderBody());
    const body = { payments: [{ method: 'alipay', amountFen: o.payableFen }] };
    const key = newKey();
    const [a, b] = await Promise.all([post(manager1, `/orders/${o.id}/pay`, body, key), post(manager1, `/orders/${o.id}/pay`, body, key)]);
    expect([a.status, b.status, a.raw === b.raw]).toEqual([200, 200, true]);
    expect((await post(manager1, `/orders/${o.id}/pay`, body, key)).raw).toBe(a.raw);
    // The same call spelt with a trailing slash and a query string is the same call.
    expect((await post(manager1, `/orders/${o.id}/pay/?from=retry`, body, key)).raw).toBe(a.raw);

    const other = await createdOrder(t, manager1, orderBody());
    const otherBody = { payments: [{ method: 'cash', amountFen: other.payableFen }] };
    const racing = await Promise.all([
      post(manager1, `/orders/${other.id}/pay`, otherBody, newKey()),
      post(manager1, `/orders/${other.id}/pay`, otherBody, newKey()),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    for (const id of [o.id, other.id]) {
      expect(await count('ledger_entries where order_id = $1', [id])).toBe(1);
      expect(await count('performance_records where order_id = $1', [id])).toBe(1);
    }
  });

  it('answers an after-sale request once per key', async () => {
    const o = await paidOrder(t, manager1, orderBody());
    const key = newKey();
    const body = { orderId: o.id, type: 'refund', amountFen: 100, reason: '重复点击' };
    const first = await post(manager1, '/after-sales', body, key);
    expect((await post(manager1, '/after-sales', body, key)).raw).toBe(first.raw);
    expect(await count('after_sales where order_id = $1', [o.id])).toBe(1);
    expect((await post(manager1, '/after-sales', { ...body, amountFen: 200 }, key)).status).toBe(409);
  });

  it(`forgets keys older than ${IDEMPOTENCY_TTL_HOURS} hours and purges them`, async () => {
    const key = newKey();
    const first = await post(manager1, '/orders', orderBody(), key);
    const [{ id: account }] = await query<{ id: number }>(t, 'select id from accounts where phone = $1', [MANAGER_1]);
    await query(t, `update idempotency_keys set created_at = now() - make_interval(hours => $1 + 1) where account_id = $2 and key = $3`, [
      IDEMPOTENCY_TTL_HOURS,
      account,
      key,
    ]);
    const expiredOther = newKey();
    await query(
      t,
      `insert into idempotency_keys (account_id, key, call, request_hash, status_code, response, created_at) values ($1, $2, 'POST /x',
        'h', 200, '{}', now() - interval '2 days')`,
      [account, expiredOther],
    );
    const again = await post(manager1, '/orders', orderBody(), key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(first.body.data.id);
    const expired = `idempotency_keys where account_id = $1 and created_at < now() - interval '1 day'`;
    expect(await count(expired, [account])).toBe(1);
    expect(await purgeExpiredKeys(t.database.db)).toBe(1);
    expect(await count(expired, [account])).toBe(0);
    expect(await count('idempotency_keys where account_id = $1 and key = $2', [account, key])).toBe(1);
  });
});
