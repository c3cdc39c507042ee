import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API } from '../../contract/api';
import { PASSWORD_RULE_MESSAGE } from '../../server/auth/password';
import { createTestContext, type TestContext } from './support/testApp';
import { poster, query } from './support/authCalls';

const TSX = path.resolve('node_modules/.bin/tsx');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command-line tool the way npm does, with a clean environment plus env. */
function run(command: string, args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'ADMIN_PASSWORD', 'DATA_DIR'].includes(k)));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...base, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const createAdmin = (args: string[], env: Record<string, string>, stdin?: string) =>
  run(TSX, ['server/cli/createAdmin.ts', ...args], env, stdin);
const seedDemo = (env: Record<string, string>) => run(TSX, ['server/cli/seedDemo.ts'], env);

describe('npm run create-admin', () => {
  let t: TestContext;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestContext();
    env = { DATABASE_URL: String(t.database.pool.options.connectionString) };
  });
  afterAll(async () => t?.close());

  it('creates an account with an admin grant that can log in, audited', async () => {
    const r = await run('npm', ['run', '--silent', 'create-admin', '--', '--phone', '13900000000', '--name', '张三'], {
      ...env,
      ADMIN_PASSWORD: 'Admin2026x',
    });
    expect(r.stderr.replace(/npm warn.*\n/gi, '')).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('已创建管理员 张三（13900000000');
    const [account] = await query<{ id: number; name: string; password_hash: string }>(
      t,
      'select id, name, password_hash from accounts where phone = $1',
      ['13900000000'],
    );
    expect(account.name).toBe('张三');
    expect(account.password_hash).toMatch(/^scrypt\$/);
    expect(await query(t, 'select role, shop_id from account_grants where account_id = $1', [account.id])).toEqual([
      { role: 'admin', shop_id: null },
    ]);
    expect(
      await query(t, "select action, entity, entity_id from audit_logs where entity_id = $1::text and action = 'create'", [account.id]),
    ).toEqual([{ action: 'create', entity: 'account', entity_id: String(account.id) }]);
    const token = await t.login('13900000000', 'Admin2026x');
    const info = await poster(t)(API.userInfo, undefined, { token });
    expect(info.body.data).toMatchObject({ name: '张三', role: 'admin', shopID: null });
  });

  it('refuses a phone that already has an account', async () => {
    const r = await createAdmin(['--phone', '13800000002', '--name', '李四'], { ...env, ADMIN_PASSWORD: 'Admin2026x' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('手机号 13800000002 已有账号，未创建新账号');
    expect(await query(t, "select id from accounts where name = '李四'")).toEqual([]);
  });

  it('holds the password to the rule', async () => {
    const r = await createAdmin(['--phone', '13900000001', '--name', '李四'], { ...env, ADMIN_PASSWORD: 'lettersonly' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(PASSWORD_RULE_MESSAGE);
    expect(await query(t, "select id from accounts where phone = '13900000001'")).toEqual([]);
  });

  it('reads the password from stdin when it is not a terminal', async () => {
    const r = await createAdmin(['--phone', '13900000002', '--name', '王五'], env, 'Piped2026pw\n');
    expect(r.code).toBe(0);
    expect(await t.login('13900000002', 'Piped2026pw')).toBeTruthy();
  });

  it('asks twice at a terminal without echoing the password', async () => {
    // util-linux `script` gives the tool a real terminal; keystrokes are written once each prompt shows.
    const command = `${TSX} server/cli/createAdmin.ts --phone 13900000005 --name 终端`;
    const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'ADMIN_PASSWORD'));
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...base, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    const answered = new Set<string>();
    child.stdout.on('data', (d) => {
      screen += d;
      for (const prompt of ['请输入管理员密码：', '请再次输入密码：']) {
        if (screen.includes(prompt) && !answered.has(prompt)) {
          answered.add(prompt);
          // A typo corrected with backspace on the second entry.
          child.stdin.write(prompt === '请输入管理员密码：' ? 'Term2026pw\r' : 'Term2026pq\u007fw\r');
        }
      }
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(screen).toContain('已创建管理员 终端（13900000005');
    expect(screen).not.toContain('Term2026');
    expect(await t.login('13900000005', 'Term2026pw')).toBeTruthy();
  });

  it('explains bad or missing arguments', async () => {
    const missing = await createAdmin(['--phone', '13900000003'], { ...env, ADMIN_PASSWORD: 'Admin2026x' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('缺少 --phone 或 --name');
    expect(missing.stderr).toContain('用法：npm run create-admin');
    const badPhone = await createAdmin(['--phone', '12345', '--name', '赵六'], { ...env, ADMIN_PASSWORD: 'Admin2026x' });
    expect(badPhone.stderr.trim()).toBe('手机号格式不正确，应为 11 位手机号');
    const unknown = await createAdmin(['--phone', '13900000003', '--name', '赵六', '--role', 'x'], {
      ...env,
      ADMIN_PASSWORD: 'Admin2026x',
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('用法');
  });
});

describe('npm run seed:demo', () => {
  let emptyUrl: string;
  let emptyName: string;
  beforeAll(async () => {
    emptyName = `beauty_empty_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`create database ${emptyName} template ${inject('templateDb')}`);
    await admin.end();
    const u = new URL(inject('adminUrl'));
    u.pathname = `/${emptyName}`;
    emptyUrl = u.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${emptyName} with (force)`);
    await admin.end();
  });

  it('loads the demo data into a database without accounts, and only then', async () => {
    const first = await seedDemo({ DATABASE_URL: emptyUrl });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('已载入演示数据');
    const c = new pg.Client({ connectionString: emptyUrl });
    await c.connect();
    try {
      const phones = (await c.query('select phone from accounts order by phone')).rows.map((r) => r.phone);
      expect(phones).toEqual(['13800000001', '13800000002', '13800000003', '13800000004']);
      const second = await seedDemo({ DATABASE_URL: emptyUrl });
      expect(second.code).toBe(0);
      expect(second.stdout.trim()).toBe('数据库中已有账号，未载入演示数据。');
      expect((await c.query('select count(*)::int as n from accounts')).rows[0].n).toBe(4);
    } finally {
      await c.end();
    }
  });
});

describe('command-line tools on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-cli-'));
    // Running as root, the embedded server runs as the postgres user, which must reach the folder.
    if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o755);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'creates the admin under DATA_DIR without DATABASE_URL, migrates first and stops the server afterwards',
    { timeout: 120_000 },
    async () => {
      const r = await createAdmin(['--phone', '13900000009', '--name', '钱七'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Admin2026x' });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      // Stopped cleanly: our lock and the server's pid file are gone.
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      // The same folder again: it now has an account, so the demo data stays out.
      const seeded = await seedDemo({ DATA_DIR: dataDir });
      expect(seeded.code).toBe(0);
      expect(seeded.stdout.trim()).toBe('数据库中已有账号，未载入演示数据。');
    },
  );
});
