import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect } from '../server/db/client';
import { freePort, startEmbedded } from '../server/db/embedded';
import { API } from '../contract/api';
import { builtServer, startServer, children, type RunningServer } from './serverProcess';
import { callJson, cashierOf, DEMO_CASHIERS, orderBody, type Cashier } from './checkoutClient';

/**
 * The checkout's durability, end to end: cashiers create and pay orders with Idempotency-Keys against
 * a real server on an embedded database; mid-loop the server's whole process tree (node and
 * PostgreSQL) is killed with SIGKILL; it starts again on the same data folder; every call that was
 * not answered is retried with the same key and body. Then every order must be paid exactly once:
 * one order per checkout, payments adding up to the payable, one ledger income entry and performance
 * records adding up to the payable.
 */
export interface DurabilityReport {
  checkouts: number;
  /** Pays answered 200 before the kill. */
  acknowledgedBeforeKill: number;
  /** Calls in flight when the process tree was killed. */
  inFlightAtKill: number;
  /** Calls retried with their key after the restart. */
  retried: number;
  restartMs: number;
  problems: string[];
}

interface Checkout {
  note: string;
  cashier: Cashier;
  createKey: string;
  payKey: string;
  orderId?: number;
  payableFen?: number;
  paid: boolean;
}

const PROBE = `${API.resourceBase}/programs`;

/** Every pid in the tree below (and including) pid. */
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...children(out[i]));
  return out;
}

function start(dataDir: string, port: number): Promise<RunningServer> {
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  return startServer(...builtServer(), env, `http://127.0.0.1:${port}${PROBE}`);
}

/** Creates the order (if not yet answered) and pays it, each with its own key; throws when the server is gone. */
async function checkOut(origin: string, c: Checkout, track: { inFlight: number }): Promise<void> {
  const once = async (path: string, body: unknown, key: string) => {
    track.inFlight++;
    try {
      return await callJson(origin, 'POST', path, c.cashier.token, body, key);
    } finally {
      track.inFlight--;
    }
  };
  if (c.orderId === undefined) {
    const created = await once(`${API.resourceBase}/orders`, orderBody(c.cashier, c.note), c.createKey);
    if (created.status !== 200) throw new Error(`create ${c.note}: ${created.status} ${created.body.msg}`);
    c.orderId = created.body.data.id;
    c.payableFen = created.body.data.payableFen;
  }
  const paid = await once(
    `${API.resourceBase}/orders/${c.orderId}/pay`,
    { payments: [{ method: 'wechat', amountFen: c.payableFen }] },
    c.payKey,
  );
  if (paid.status !== 200 || paid.body.data.status !== 'paid') throw new Error(`pay ${c.note}: ${paid.status} ${paid.body.msg}`);
  c.paid = true;
}

export async function checkoutDurability(opts: {
  dataDir: string;
  workers?: number;
  killAfterMs?: number;
  log?: (m: string) => void;
}): Promise<DurabilityReport> {
  const log = opts.log ?? (() => {});
  const workers = opts.workers ?? 6;
  fs.rmSync(opts.dataDir, { recursive: true, force: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const first = await start(opts.dataDir, port);
  log(`server up in ${first.startMs.toFixed(0)} ms (new data folder)`);
  const cashiers = await Promise.all(DEMO_CASHIERS.map((d) => cashierOf(origin, d.phone, d.grant)));
  const run = Date.now().toString(36);
  const checkouts: Checkout[] = [];
  const track = { inFlight: 0 };
  let dead = false;
  const worker = async (w: number) => {
    while (!dead) {
      const cashier = cashiers[w % cashiers.length];
      const n = checkouts.length;
      const c: Checkout = {
        note: `durability ${run} #${n}`,
        cashier,
        createKey: `${run}-${n}-create`,
        payKey: `${run}-${n}-pay`,
        paid: false,
      };
      checkouts.push(c);
      try {
        await checkOut(origin, c, track);
      } catch (e) {
        if (!dead) throw e;
      }
    }
  };
  const loops = Array.from({ length: workers }, (_, w) => worker(w));
  await new Promise((r) => setTimeout(r, opts.killAfterMs ?? 2000));
  // Everything at once: node and every PostgreSQL process, as a power cut would leave them.
  const victims = tree(first.child.pid!);
  const inFlightAtKill = track.inFlight;
  dead = true;
  for (const pid of victims) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  await Promise.all(loops);
  const acknowledgedBeforeKill = checkouts.filter((c) => c.paid).length;
  log(
    `killed ${victims.length} processes with ${inFlightAtKill} calls in flight; ${acknowledgedBeforeKill} of ${checkouts.length} checkouts acknowledged`,
  );

  const again = await start(opts.dataDir, port);
  log(`restarted in ${again.startMs.toFixed(0)} ms on the same data folder`);
  const problems: string[] = [];
  let retried = 0;
  try {
    for (const c of checkouts.filter((x) => !x.paid)) {
      retried += c.orderId === undefined ? 2 : 1;
      await checkOut(origin, c, track).catch((e: Error) => problems.push(`retry: ${e.message}`));
    }
  } finally {
    await again.stop();
  }
  problems.push(...(await audit(opts.dataDir, checkouts)));
  return { checkouts: checkouts.length, acknowledgedBeforeKill, inFlightAtKill, retried, restartMs: again.startMs, problems };
}

/** What the database holds for the run's checkouts, read directly once the server has stopped. */
async function audit(dataDir: string, checkouts: Checkout[]): Promise<string[]> {
  const embedded = await startEmbedded(dataDir);
  const db = connect(embedded.url, 2);
  try {
    const { rows } = await db.pool.query<{
      note: string;
      orders: number;
      id: number;
      status: string;
      payable: number;
      paid: number;
      payments: number;
      income: number;
      entries: number;
      performance: number;
    }>(
      `select o.note, count(*) over (partition by o.note)::int as orders, o.id, o.status, o.payable_fen as payable, o.paid_fen as paid,
              (select coalesce(sum((p->>'amountFen')::int), 0) from jsonb_array_elements(o.payments) p)::int as payments,
              (select coalesce(sum(amount_fen), 0) from ledger_entries l where l.order_id = o.id and l.category = 'service')::int as income,
              (select count(*) from ledger_entries l where l.order_id = o.id)::int as entries,
              (select coalesce(sum(amount_fen), 0) from performance_records r where r.order_id = o.id)::int as performance
         from orders o where o.note = any($1)`,
      [checkouts.map((c) => c.note)],
    );
    const problems: string[] = [];
    for (const c of checkouts) {
      const found = rows.filter((r) => r.note === c.note);
      if (found.length !== 1) {
        problems.push(`${c.note}: ${found.length} orders`);
        continue;
      }
      const o = found[0];
      if (o.id !== c.orderId) problems.push(`${c.note}: order ${o.id}, the client was answered ${c.orderId}`);
      if (o.status !== 'paid' || o.paid !== o.payable || o.payments !== o.payable)
        problems.push(`${c.note}: ${o.status}, paid ${o.paid}, payments ${o.payments}, payable ${o.payable}`);
      if (o.entries !== 1 || o.income !== o.payable) problems.push(`${c.note}: ${o.entries} ledger entries, income ${o.income}`);
      if (o.performance !== o.payable) problems.push(`${c.note}: performance ${o.performance}, payable ${o.payable}`);
    }
    return problems;
  } finally {
    await db.close();
    await embedded.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await checkoutDurability({ dataDir: path.resolve('.tmp/durability-data'), log: (m) => console.log(m) });
  console.table([{ ...report, problems: report.problems.length }]);
  for (const p of report.problems) console.log(`PROBLEM ${p}`);
  process.exit(report.problems.length ? 1 : 0);
}
