import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { MESSAGE_STATUS } from '../../contract/message';
import { MESSAGE_TAGS } from '../../contract/message';
import { grantLabel } from '../../contract/account';
import type { Role } from '../../contract/roles';
import { findRouteByName } from '../../contract/routes';
import type { DbOrTx } from '../db/client';
import { messages, sessions } from '../db/schema';
import { raiseMessage, SUB_TITLE_MAX } from './raiseMessage';

/**
 * Messages about an account's own security and grants. Each takes the transaction of the
 * change it reports, so the message exists exactly when the change commits.
 */

export interface LoginClient {
  /** The session just created; it does not count as "another" session. */
  sessionId: number;
  ip: string;
  userAgent: string;
  /** app.config.sessionIdleMs: a session idle longer than this is expired, not active. */
  sessionIdleMs: number;
}

/** Where the owner changes the password the message asks them to change. */
const USER_SETTINGS_PATH = findRouteByName('UserSettings')!.path;

const SHANGHAI = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-05-01 14:03" in Asia/Shanghai, the time people read in messages. */
function shanghaiTime(at: Date): string {
  return SHANGHAI.format(at);
}

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d.]+)/, '微信'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/HarmonyOS/, 'HarmonyOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 126 / Windows" from a user agent; what a person recognises as "my computer". */
export function describeClient(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return '未知客户端';
  const browser = BROWSERS.find(([re]) => re.test(ua));
  const system = SYSTEMS.find(([re]) => re.test(ua));
  if (!browser && !system) return ua.slice(0, 60);
  const name = browser ? `${browser[1]} ${browser[0].exec(ua)![1].split('.')[0]}` : '未知浏览器';
  return system ? `${name} / ${system[1]}` : name;
}

const NEW_LOGIN_TITLE = '账号在新的客户端登录';

/**
 * A new login while the account already has another active session (not revoked, not idle-expired):
 * a message naming where the new login came from, so the owner spots a login that was not theirs.
 * One unread message per account and client (browser, system and IP): a later login from the same
 * client updates its time and text and brings it to the top instead of adding another.
 * Answers whether a message was raised or updated.
 */
export async function notifyNewLogin(db: DbOrTx, accountId: number, client: LoginClient): Promise<boolean> {
  const [{ others }] = await db
    .select({ others: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        ne(sessions.id, client.sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, new Date(Date.now() - client.sessionIdleMs)),
      ),
    );
  if (others === 0) return false;
  const where = `${describeClient(client.userAgent)}（IP ${client.ip || '未知'}）`;
  const now = new Date();
  const content = `你的账号于 ${shanghaiTime(now)} 在 ${where} 登录，此前已有其他客户端处于登录状态。如非本人操作，请立即修改密码。`;
  const subTitle = where.slice(0, SUB_TITLE_MAX);
  const updated = await db
    .update(messages)
    .set({ content, createdAt: now.toISOString() })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.type, 'message'),
        eq(messages.title, NEW_LOGIN_TITLE),
        eq(messages.subTitle, subTitle),
        eq(messages.status, MESSAGE_STATUS.unread),
      ),
    )
    .returning({ id: messages.id });
  if (updated.length === 0)
    await raiseMessage(db, accountId, { type: 'message', title: NEW_LOGIN_TITLE, subTitle, content, link: USER_SETTINGS_PATH });
  return true;
}

/** The owner changed their own password; the other sessions have just ended. */
export async function notifyPasswordChanged(db: DbOrTx, accountId: number, client?: { ip: string; userAgent: string }): Promise<void> {
  const where = client ? `，操作来自 ${describeClient(client.userAgent)}（IP ${client.ip || '未知'}）` : '';
  await raiseMessage(db, accountId, {
    type: 'notice',
    title: '登录密码已修改',
    subTitle: '账号安全',
    content: `你的登录密码已于 ${shanghaiTime(new Date())} 修改${where}，其他已登录的客户端需要重新登录。如非本人操作，请立即联系管理员。`,
    messageType: MESSAGE_TAGS.attention,
  });
}

/** An admin reset the password; the owner learns the new one from the admin, never from a message. */
export async function notifyPasswordReset(db: DbOrTx, accountId: number, adminName: string): Promise<void> {
  await raiseMessage(db, accountId, {
    type: 'notice',
    title: '登录密码已被管理员重置',
    subTitle: '账号安全',
    content: `管理员 ${adminName} 已于 ${shanghaiTime(new Date())} 重置你的登录密码，请向管理员索取初始密码，登录后在「用户设置」中修改。`,
    messageType: MESSAGE_TAGS.attention,
    link: USER_SETTINGS_PATH,
  });
}

export async function notifyGrantAdded(db: DbOrTx, accountId: number, grant: { role: Role; shopName: string | null }): Promise<void> {
  const label = grantLabel(grant.role, grant.shopName);
  await raiseMessage(db, accountId, {
    type: 'notice',
    title: `已为你开通「${label}」角色`,
    subTitle: '角色变更',
    content: `你现在可以在右上角「切换角色」中切换到「${label}」。`,
    messageType: MESSAGE_TAGS.done,
  });
}

export async function notifyGrantRemoved(db: DbOrTx, accountId: number, grant: { role: Role; shopName: string | null }): Promise<void> {
  const label = grantLabel(grant.role, grant.shopName);
  await raiseMessage(db, accountId, {
    type: 'notice',
    title: `「${label}」角色已被移除`,
    subTitle: '角色变更',
    content: `管理员已移除你的「${label}」角色；以该角色登录的客户端需要重新登录。`,
    messageType: MESSAGE_TAGS.info,
  });
}
