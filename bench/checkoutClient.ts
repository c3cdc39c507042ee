import net from 'node:net';
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
export async function callJson(
  origin: string,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
  key?: string,
): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.json() };
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * One counter's keep-alive connection for the bench: one JSON call at a time, its request written
 * as bytes and its answer read by Content-Length. The load generator shares the two cores with the
 * server and PostgreSQL, and `fetch` spent about 1 ms of CPU per call (bench/README.md); this spends
 * a tenth of that, so the figure is the server's. A broken connection fails the call.
 */
export class CounterConnection {
  private socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (a: Answer) => void; reject: (e: Error) => void } | undefined;
  private readonly fixedHeaders: string;

  constructor(origin: string, token: string) {
    const url = new URL(origin);
    this.fixedHeaders = `Host: ${url.host}\r\nConnection: keep-alive\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n`;
    this.socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    this.socket.on('data', (chunk) => this.onData(chunk));
    const fail = (e: Error) => {
      this.pending?.reject(e);
      this.pending = undefined;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  post(path: string, body: unknown, key: string): Promise<Answer> {
    const json = Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(
        `POST ${path} HTTP/1.1\r\n${this.fixedHeaders}${IDEMPOTENCY_HEADER}: ${key}\r\nContent-Length: ${json.length}\r\n\r\n`,
      );
      this.socket.write(json);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const header = this.buffer.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1] ?? NaN);
    if (Number.isNaN(length)) {
      this.pending?.reject(new Error('answer without Content-Length'));
      this.close();
      return;
    }
    const total = end + 4 + length;
    if (this.buffer.length < total) return;
    const answer = { status: Number(header.slice(9, 12)), body: JSON.parse(this.buffer.toString('utf8', end + 4, total)) };
    this.buffer = this.buffer.subarray(total);
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(answer);
  }
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
