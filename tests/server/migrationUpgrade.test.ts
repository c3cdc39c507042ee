import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../../server/runtimeFiles';
import { withDatabase } from './support/databaseUrl';

/** The migration a database in use upgrades through, and the one before it. */
const UPGRADE = '0016_money_business_day';

const adminUrl = inject('adminUrl');
const dbName = `beauty_upgrade_${process.pid}_${Date.now().toString(36)}`;
let client: pg.Client;
let before: string;

/** The migrations folder as it stood before `tag`: the same files, the journal cut before it. */
function folderBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  client = new pg.Client({ connectionString: withDatabase(adminUrl, dbName) });
  await client.connect();
  before = folderBefore(UPGRADE);
});

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

describe('a database in use', () => {
  it('upgrades with its paid orders: each gets the business day of its income entry, or of its payment when it has none', async () => {
    await migrate(drizzle(client), { migrationsFolder: before });
    const {
      rows: [{ id: shopId }],
    } = await client.query<{ id: number }>(
      `insert into shops (name, region_code, address, phone, open_time, close_time, status)
       values ('升级测试店', '310104', '升级路 1 号', '021-60000002', '09:00', '21:00', 'open') returning id`,
    );
    const paid = async (orderNo: string, paidAt: string) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into orders (order_no, shop_id, customer_name, customer_phone, customer_vip, status, lines, total_fen, payable_fen,
           staff_shares, payments, paid_fen, paid_at)
         values ($1, $2, '散客', '', false, 'paid', '[]', 30000, 30000, '[]', $3, 30000, $4) returning id`,
        [orderNo, shopId, JSON.stringify([{ method: 'cash', amountFen: 30_000 }]), paidAt],
      );
      return rows[0].id;
    };
    // Paid late on the 1st (Shanghai) after that day was closed: its income entry landed on the 2nd.
    const booked = await paid('20261101-001-0001', '2026-11-01T14:00:00Z');
    await client.query(
      `insert into ledger_entries (shop_id, type, category, amount_fen, occurred_on, order_id) values ($1, 'income', 'service', 30000, '2026-11-02', $2)`,
      [shopId, booked],
    );
    // Paid wholly by stored value: no income entry, its Shanghai day (01:30 UTC on the 3rd is 09:30 there).
    const unbooked = await paid('20261103-001-0001', '2026-11-03T01:30:00Z');

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const { rows } = await client.query<{ id: number; day: string }>(
      `select id, business_day::text as day from orders where shop_id = $1 order by id`,
      [shopId],
    );
    expect(rows).toEqual([
      { id: booked, day: '2026-11-02' },
      { id: unbooked, day: '2026-11-03' },
    ]);
  });
});
