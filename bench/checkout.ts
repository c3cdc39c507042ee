import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { API } from '../contract/api';
import { freePort } from '../server/db/embedded';
import { cashierOf, CounterConnection, DEMO_CASHIERS, orderBody, type Cashier } from './checkoutClient';
import { builtServer, startServer } from './serverProcess';
import { cpuPerText, cpuSoFar } from './measure';

export interface CheckoutFigures {
  cashiers: number;
  seconds: number;
  paidOrders: number;
  ordersPerSecond: number;
  createP50: number;
  createP99: number;
  payP50: number;
  payP99: number;
  errors: number;
  /** CPU milliseconds per paid order: the server's node · PostgreSQL · this process generating the load. */
  cpuPerOrder: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** Seconds of the same load before the measured ones, as the other load benches warm up: the server's first calls compile and plan. */
const WARM_UP_SECONDS = 2;

/**
 * `cashiers` counters at the demo shops, each creating a walk-in order and paying it with keys, one
 * after another for `seconds` (after a warm-up that is not counted): paid orders per second and the
 * latency of create and of pay.
 */
export async function benchCheckout(origin: string, opts: { cashiers?: number; seconds?: number } = {}): Promise<CheckoutFigures> {
  const cashiers = opts.cashiers ?? 20;
  const seconds = opts.seconds ?? 10;
  // One session per shop, shared by its counters: logging in 20 times would only measure password hashing.
  const sessions = await Promise.all(DEMO_CASHIERS.map((d) => cashierOf(origin, d.phone, d.grant)));
  await counters(origin, sessions, cashiers, WARM_UP_SECONDS, 'warm');
  return counters(origin, sessions, cashiers, seconds, 'run');
}

async function counters(origin: string, sessions: Cashier[], cashiers: number, seconds: number, label: string): Promise<CheckoutFigures> {
  const create: number[] = [];
  const pay: number[] = [];
  let errors = 0;
  let paidOrders = 0;
  const run = `${Date.now().toString(36)}-${label}`;
  const until = performance.now() + seconds * 1000;
  const counter = async (k: number) => {
    const c = sessions[k % sessions.length];
    const connection = new CounterConnection(origin, c.token);
    for (let n = 0; performance.now() < until; n++) {
      const t0 = performance.now();
      const made = await connection.post(`${API.resourceBase}/orders`, orderBody(c, `bench ${run}`), `${run}-${k}-${n}-c`);
      const t1 = performance.now();
      create.push(t1 - t0);
      if (made.status !== 200) {
        errors++;
        continue;
      }
      const paid = await connection.post(
        `${API.resourceBase}/orders/${made.body.data.id}/pay`,
        { payments: [{ method: 'cash', amountFen: made.body.data.payableFen }] },
        `${run}-${k}-${n}-p`,
      );
      pay.push(performance.now() - t1);
      if (paid.status === 200) paidOrders++;
      else errors++;
    }
    connection.close();
  };
  const t0 = performance.now();
  const cpu0 = cpuSoFar();
  await Promise.all(Array.from({ length: cashiers }, (_, k) => counter(k)));
  const cpu1 = cpuSoFar();
  const elapsed = (performance.now() - t0) / 1000;
  create.sort((a, b) => a - b);
  pay.sort((a, b) => a - b);
  return {
    cashiers,
    seconds,
    paidOrders,
    ordersPerSecond: paidOrders / elapsed,
    createP50: percentile(create, 50),
    createP99: percentile(create, 99),
    payP50: percentile(pay, 50),
    payP99: percentile(pay, 99),
    errors,
    cpuPerOrder: cpuPerText(cpu0, cpu1, paidOrders),
  };
}

export function printCheckout(f: CheckoutFigures): void {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.table([
    {
      cashiers: f.cashiers,
      seconds: f.seconds,
      'paid orders': f.paidOrders,
      'orders/s': f.ordersPerSecond.toFixed(1),
      'create p50': ms(f.createP50),
      'create p99': ms(f.createP99),
      'pay p50': ms(f.payP50),
      'pay p99': ms(f.payP99),
      errors: f.errors,
      'CPU ms/order server · PostgreSQL · load': f.cpuPerOrder,
    },
  ]);
  const worst = Math.max(f.createP99, f.payP99);
  console.log(`checkout p99 ${ms(worst)} (target < 100 ms) ${worst < 100 ? 'OK' : 'OVER TARGET'}`);
}

// `npx tsx bench/checkout.ts`: the same figures against a server of its own on a fresh demo data folder.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = path.resolve('.tmp/bench-checkout-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const server = await startServer(
    ...builtServer(),
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    `http://127.0.0.1:${port}${API.resourceBase}/programs`,
  );
  try {
    printCheckout(await benchCheckout(`http://127.0.0.1:${port}`));
  } finally {
    await server.stop();
  }
}
