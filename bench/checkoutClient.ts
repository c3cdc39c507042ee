import { API } from '../contract/api';
import { IDEMPOTENCY_HEADER } from '../contract/order';
import { DEMO_PASSWORD } from '../contract/demo';
import type { Grant } from '../contract/auth';

/** A cashier's session against a running server: what the console's checkout does, over HTTP. */
export interface Cashier {
  token: string;
  shopId: number;
  staffId: number;
  programId: number;
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One JSON call; a network failure (the server died mid-call) throws. */
export async function callJson(origin: string, method: string, path: string, token: string | undefined, body?: unknown, key?: string): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Logs a demo manager in, makes the shop of its `grant`-th shop-manager grant its current shop, and
 * picks an active artist and an on-shelf program there.
 */
export async function cashierOf(origin: string, phone: string, grant: number): Promise<Cashier> {
  const login = await callJson(origin, 'POST', API.loginPassword, undefined, { phone, password: DEMO_PASSWORD });
  if (login.body.code !== 0) throw new Error(`login ${phone}: ${login.body.msg}`);
  const token = login.body.data.token as string;
  const grants = (await callJson(origin, 'POST', API.roleShop, token)).body.data.grants as Grant[];
  const shopId = grants.filter((g) => g.role === 'shop-manager')[grant].shopID!;
  const switched = await callJson(origin, 'POST', API.roleShopChange, token, { role: 'shop-manager', shopID: shopId });
  if (switched.body.code !== 0) throw new Error(`switch to shop ${shopId}: ${switched.body.msg}`);
  const staff = await callJson(origin, 'GET', `${API.resourceBase}/staff?status=active&_end=1`, token);
  const programs = await callJson(origin, 'GET', `${API.resourceBase}/programs?status=on&type=3&_end=1`, token);
  return { token, shopId, staffId: staff.body.data[0].id, programId: programs.body.data[0].id };
}

/** The body of a walk-in order of one program by one artist; `note` tells the orders of a run apart. */
export function orderBody(c: Cashier, note: string) {
  return { lines: [{ programId: c.programId, quantity: 1, discountFen: 0 }], staffShares: [{ staffId: c.staffId, shareBp: 10_000 }], note };
}

/** The demo shops the bench and the durability run take money in, with the manager who runs each. */
export const DEMO_CASHIERS = [
  { phone: '13800000002', grant: 0 },
  { phone: '13800000002', grant: 1 },
  { phone: '13800000004', grant: 0 },
] as const;
