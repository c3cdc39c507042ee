import { expect } from 'vitest';
import { API } from '../../../contract/api';
import { IDEMPOTENCY_HEADER, type Order } from '../../../contract/order';
import type { TestContext } from './testApp';
import { query } from './authCalls';
import type { RestResult } from './restCalls';

/** A POST under the API base with an optional Idempotency-Key. */
export function poster(t: TestContext) {
  return async (token: string, path: string, payload: unknown, key?: string): Promise<RestResult & { raw: string }> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API.resourceBase}${path}`,
      payload: payload as object,
      headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }) },
    });
    return { status: res.statusCode, body: res.json(), total: undefined, raw: res.body };
  };
}

/** What a checkout test needs of the demo shops: programs, customers and artists by their traits. */
export interface CheckoutFixture {
  shop1: number;
  shop3: number;
  /** An on-shelf brow program with a touch-up window and a VIP price below its price. */
  brow: { id: number; priceFen: number; vipPriceFen: number; touchUpDays: number };
  /** An on-shelf program without a touch-up window. */
  facial: { id: number; priceFen: number; vipPriceFen: number };
  offShelf: number;
  vipCustomer: number;
  plainCustomer: number;
  customerOfShop3: { id: number; phone: string };
  /** Three active staff of shop 1, and one left. */
  staff: number[];
  leftStaff: number;
  staffOfShop3: number;
}

export async function checkoutFixture(t: TestContext): Promise<CheckoutFixture> {
  const [shop1, , shop3] = t.demo.shopIds;
  const program = (where: string) =>
    query<{ id: number; priceFen: number; vipPriceFen: number; touchUpDays: number }>(
      t,
      `select id, price_fen as "priceFen", vip_price_fen as "vipPriceFen", touch_up_days as "touchUpDays" from programs where ${where} order by id limit 1`,
    );
  const [brow] = await program(`status = 'on' and touch_up_days > 0 and vip_price_fen < price_fen and price_fen >= 10000`);
  const [facial] = await program(`status = 'on' and touch_up_days = 0 and price_fen > 0`);
  const [{ id: offShelf }] = await program(`status = 'off'`);
  const customer = (where: string, params: unknown[]) =>
    query<{ id: number; phone: string }>(t, `select id, phone from customers where ${where} order by id limit 1`, params);
  const [{ id: vipCustomer }] = await customer('shop_id = $1 and vip', [shop1]);
  const [{ id: plainCustomer }] = await customer('shop_id = $1 and not vip', [shop1]);
  const [customerOfShop3] = await customer('shop_id = $1', [shop3]);
  const active = await query<{ id: number }>(t, `select id from staff where shop_id = $1 and status = 'active' order by id limit 4`, [
    shop1,
  ]);
  // The fourth leaves the shop.
  const leftStaff = active.pop()!.id;
  await query(t, `update staff set status = 'left' where id = $1`, [leftStaff]);
  const [{ id: staffOfShop3 }] = await query<{ id: number }>(
    t,
    `select id from staff where shop_id = $1 and status = 'active' order by id limit 1`,
    [shop3],
  );
  return {
    shop1,
    shop3,
    brow,
    facial,
    offShelf,
    vipCustomer,
    plainCustomer,
    customerOfShop3,
    staff: active.map((s) => s.id),
    leftStaff,
    staffOfShop3,
  };
}

/** An order of shop 1 made through the API, answered as made. */
export async function createdOrder(t: TestContext, token: string, body: Record<string, unknown>): Promise<Order> {
  const r = await poster(t)(token, '/orders', body);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.data;
}

/** An order made and paid in full with cash. */
export async function paidOrder(t: TestContext, token: string, body: Record<string, unknown>): Promise<Order> {
  const order = await createdOrder(t, token, body);
  const r = await poster(t)(token, `/orders/${order.id}/pay`, { payments: [{ method: 'cash', amountFen: order.payableFen }] });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.data;
}
