import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chunkSizes, loadedByPage } from './bundle';
import { startServer, treeMemory } from './serverProcess';
import { freePort } from '../server/db/embedded';
import { benchCheckout, printCheckout } from './checkout';
import { benchCardCheckout } from './checkoutCards';
import { BENCH } from '../server/seed/bench';

/**
 * `npm run bench`: the figures bench/README.md's targets name, measured on this machine.
 *  1. the console bundle: every chunk raw and gzip, and what a browser loads for /login;
 *  2. `npm start` to the first answered request on an existing data folder;
 *  3. resident memory of the server and its embedded PostgreSQL after start;
 *  4. 20 cashiers creating and paying orders with Idempotency-Keys (bench/checkout.ts), then the same with
 *     member cards and cardLiability over 1,000,000 card transactions (bench/checkoutCards.ts);
 *  5. the customers list under load (bench/customers.ts), when its data is seeded;
 *  6. the export of 100,000 performance records and the review list under load (bench/finance.ts);
 *  7. the reports under load (bench/reports.ts);
 *  8. the booking calendar's week view and a booking storm (bench/appointments.ts);
 *  9. the daily close: one busy shop-day's figures and finance's month of closes (bench/close.ts).
 *
 * `npm run bench -- <section>…` runs only the sections named: bundle (1), server (2, 3 and the
 * /login page), checkout (4, on a server of its own start), customers, finance, reports, appointments, close.
 */
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const LOGIN_BUDGET = 350 * 1024;

function section(title: string) {
  console.log(`\n## ${title}`);
}

const SECTIONS = ['bundle', 'server', 'checkout', 'customers', 'finance', 'reports', 'appointments', 'close'] as const;
type Section = (typeof SECTIONS)[number];
const named = process.argv.slice(2);
for (const n of named) if (!SECTIONS.includes(n as Section)) throw new Error(`unknown section ${n}; one of ${SECTIONS.join(', ')}`);
const wanted = (s: Section) => named.length === 0 || named.includes(s);

async function main() {
  if (wanted('bundle')) await bundle();
  if (wanted('server') || wanted('checkout')) await serverAndCheckout();
  if (['customers', 'finance', 'reports', 'appointments', 'close'].some((s) => wanted(s as Section))) await loadBenches();
}

async function bundle() {
  section('Build');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');

  section('Console bundle (each chunk)');
  const chunks = chunkSizes();
  console.table(chunks.map((c) => ({ chunk: c.file, raw: kb(c.raw), gzip: kb(c.gzip) })));
  console.log(`all chunks: ${kb(chunks.reduce((s, c) => s + c.raw, 0))} raw, ${kb(chunks.reduce((s, c) => s + c.gzip, 0))} gzip`);
}

async function serverAndCheckout() {
  const dataDir = path.resolve('.tmp/bench-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const url = `http://127.0.0.1:${port}/login`;

  section('Start-up');
  const first = await startServer('npm', ['start', '--silent'], env, url);
  console.log(`first start (new data folder, creates the database and loads demo data): ${first.startMs.toFixed(0)} ms`);
  await first.stop();
  const restart = await startServer('npm', ['start', '--silent'], env, url);
  console.log(
    `restart on the existing data folder (npm start -> first answered request): ${restart.startMs.toFixed(0)} ms (target < 5000 ms)`,
  );

  try {
    if (wanted('server')) await serverFigures(restart.child.pid!, port);
    if (wanted('checkout')) {
      section('Checkout under load (20 cashiers creating and paying orders for 10 s)');
      printCheckout(await benchCheckout(`http://127.0.0.1:${port}`, { cashiers: 20, seconds: 10 }));
    }
  } finally {
    await restart.stop();
  }
  if (wanted('checkout')) {
    section('Checkout with member cards (20 cashiers, half paying by stored value from 200 shared cards, 10 s; cardLiability)');
    await benchCardCheckout();
  }
}

async function serverFigures(pid: number, port: number) {
  section('Memory after start');
  await new Promise((r) => setTimeout(r, 2000));
  const procs = treeMemory(pid);
  const server = procs.filter((p) => p.name === 'node' || p.name.startsWith('postgres'));
  const wrappers = procs.filter((p) => !server.includes(p));
  console.table(procs.map((p) => ({ pid: p.pid, process: p.name, rss: kb(p.rssKb * 1024), pss: kb(p.pssKb * 1024) })));
  const sum = (list: typeof procs, k: 'rssKb' | 'pssKb') => list.reduce((s, p) => s + p[k], 0) * 1024;
  console.log(
    `server (node) + embedded PostgreSQL: ${kb(sum(server, 'pssKb'))} proportional (PSS; shared pages counted once),` +
      ` ${kb(sum(server, 'rssKb'))} summed RSS (target < 250 MB); ` +
      `npm launcher processes beside them: ${kb(sum(wrappers, 'pssKb'))} PSS`,
  );

  section('What a browser loads for /login');
  const loaded = await loadedByPage(`http://127.0.0.1:${port}`, '/login');
  console.table(loaded.map((c) => ({ file: c.file, raw: kb(c.raw), gzip: kb(c.gzip) })));
  const jsCss = loaded.filter((c) => /\.(js|css)$/.test(c.file));
  const total = jsCss.reduce((s, c) => s + c.gzip, 0);
  console.log(
    `/login JS + CSS: ${kb(total)} gzip in ${jsCss.length} files (target <= ${kb(LOGIN_BUDGET)}) ${total <= LOGIN_BUDGET ? 'OK' : 'OVER BUDGET'}`,
  );
}

/** The benches on the seeded data: a data folder of its own, seeded once by the real `npm run seed:bench` and kept for later runs. */
async function loadBenches() {
  const loadDir = path.resolve('.tmp/bench-load-data');
  // The data set's version, written once it is loaded: a folder of another (or no) version is reloaded.
  const versionFile = path.join(loadDir, 'bench-version');
  const kept = fs.existsSync(versionFile) ? fs.readFileSync(versionFile, 'utf8').trim() : undefined;
  if (kept !== String(BENCH.version)) {
    if (fs.existsSync(loadDir))
      console.log(`.tmp/bench-load-data holds bench data version ${kept ?? '(none)'}, not ${BENCH.version}: reloading it`);
    fs.rmSync(loadDir, { recursive: true, force: true });
    const seed = spawnSync('npx', ['tsx', 'server/cli/seedBench.ts'], {
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: loadDir, DATABASE_URL: '' },
    });
    if (seed.status !== 0) throw new Error('seed:bench failed');
    fs.writeFileSync(versionFile, String(BENCH.version));
  }
  process.env.DATA_DIR = loadDir;
  delete process.env.DATABASE_URL;
  if (wanted('customers')) {
    section('Customers list under load (100,000 customers in 50 shops)');
    const { benchCustomers } = await import('./customers');
    await benchCustomers({});
  }
  if (wanted('finance')) {
    section('Finance: export of 100,000 performance records, the review list under load');
    const { benchFinance } = await import('./finance');
    await benchFinance();
  }
  if (wanted('reports')) {
    section('Reports under load (1,000,000 paid orders over two years in 50 shops)');
    const { benchReports } = await import('./reports');
    await benchReports();
  }
  if (wanted('appointments')) {
    section('Booking calendar under load (1,000,000 appointments; a week of 3,000 on 30 artists)');
    const { benchAppointments } = await import('./appointments');
    await benchAppointments();
  }
  if (wanted('close')) {
    section('Daily close under load (one shop-day of 2,000 orders; 50 shops × 31 days of closes)');
    const { benchClose } = await import('./close');
    await benchClose();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
