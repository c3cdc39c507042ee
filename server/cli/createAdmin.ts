/**
 * npm run create-admin -- --phone 13900000000 --name 张三
 * Creates an account with an admin grant. The password comes from ADMIN_PASSWORD, or is typed at the
 * terminal without echo (twice), or is the first line of stdin when stdin is not a terminal.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { phone as phoneField, text } from '../../contract/validation';
import { accountGrants, accounts, auditLogs } from '../db/schema';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE } from '../auth/password';
import { CommandError, runWithDatabase } from './runWithDatabase';

const USAGE =
  '用法：npm run create-admin -- --phone <手机号> --name <姓名>\n密码取自环境变量 ADMIN_PASSWORD；未设置时在终端输入（不回显）。';

function parseCommandLine(): { phone: string; name: string } {
  let values: { phone?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { phone: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (e) {
    throw new CommandError(`${(e as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.phone === undefined || values.name === undefined) throw new CommandError(`缺少 --phone 或 --name。\n${USAGE}`);
  const phone = phoneField().safeParse(values.phone);
  if (!phone.success) throw new CommandError(phone.error.issues[0].message);
  const name = text('姓名', { max: 30 }).safeParse(values.name);
  if (!name.success) throw new CommandError(name.error.issues[0].message);
  return { phone: phone.data, name: name.data };
}

/** Reads one line at the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || ch === '\u0004') return finish(new CommandError('已取消，未创建账号'));
        if (ch === '\u007f' || ch === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    // Echo goes off before the prompt shows, so nothing typed after it is ever displayed.
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    stdin.on('data', onData);
    process.stdout.write(prompt);
  });
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0];
  }
  const first = await readHidden('请输入管理员密码：');
  if (!isStrongPassword(first)) throw new CommandError(PASSWORD_RULE_MESSAGE);
  if ((await readHidden('请再次输入密码：')) !== first) throw new CommandError('两次输入的密码不一致，未创建账号');
  return first;
}

async function main(): Promise<void> {
  const { phone, name } = parseCommandLine();
  const password = await readPassword();
  if (!isStrongPassword(password)) throw new CommandError(PASSWORD_RULE_MESSAGE);
  const passwordHash = await hashPassword(password);
  const duplicate = () => new CommandError(`手机号 ${phone} 已有账号，未创建新账号`);

  await runWithDatabase(async ({ db }) => {
    const id = await db
      .transaction(async (tx) => {
        const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
        if (existing) throw duplicate();
        const [row] = await tx.insert(accounts).values({ phone, name, passwordHash }).returning({ id: accounts.id });
        await tx.insert(accountGrants).values({ accountId: row.id, role: 'admin', shopId: null });
        await tx
          .insert(auditLogs)
          .values({ action: 'create', entity: 'account', entityId: String(row.id), summary: `命令行创建管理员 ${name}（${phone}）` });
        return row.id;
      })
      .catch((e: { code?: string }) => {
        // Two runs racing on one phone: the unique index decides.
        throw e.code === '23505' ? duplicate() : e;
      });
    console.log(`已创建管理员 ${name}（${phone}，账号 ID ${id}），可用该手机号和密码登录。`);
  });
}

main().catch((e) => {
  console.error(e instanceof CommandError ? e.message : e);
  process.exit(1);
});
