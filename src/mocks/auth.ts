import { API } from '../../contract/api';
import { menuFor } from '../../contract/access';
import { accountUpdateSchema, PROFILE_API } from '../../contract/account';
import { getCaptchaSchema, loginCaptchaSchema, loginPasswordSchema, passwordModifySchema, roleShopChangeSchema } from '../../contract/auth';
import type { RoleShopList, UserInfo } from '../../contract/auth';
import { ErrorCode } from '../../contract/envelope';
import { api, badField, changes, forbidden, input, invalid, MockError, ok } from './engine/http';
import { authenticate, endSessions, openSession, type Session } from './engine/session';
import { kept } from './engine/store';
import { accounts, type MockAccount } from './accounts';
import { shopName } from './shops';

/** The auth calls (login by password or SMS code, logout, user info, role switch, password change), the menu and the profile. */

const CAPTCHA_TTL_MS = 5 * 60_000;
const CAPTCHA_RESEND_MS = 60_000;
const CAPTCHA_MAX_TRIES = 5;
const CAPTCHA_FAILED = '验证码错误或已失效，请重新获取';
const MAX_LOGIN_FAILURES = 5;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

const captchas = kept(new Map<string, { code: string; sentAt: number; used: boolean; wrongTries: number }>());
/** The times of a phone's recent failed password logins. */
const loginFailures = kept(new Map<string, number[]>());

/** 42900, saying when to try again. */
function tooMany(reason: string, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
  return new MockError(ErrorCode.TOO_MANY_REQUESTS, `${reason}，请在 ${when}后重试`, { retryAfter: seconds });
}

const byPhone = (phone: string) => accounts.table.rows.find((a) => a.phone === phone);
/** A session acting as the account's first grant, as a login opens it. */
const logIn = (account: MockAccount) => openSession(account.id, account.grants[0]);

function demoAccount(phone: string): MockAccount {
  const account = byPhone(phone);
  if (!account) throw new Error(`No mock account with phone ${phone}`);
  return account;
}

/** Logs a demo account in without the form and answers its token (for tests that start logged in). */
export const mockLogin = (phone: string): string => logIn(demoAccount(phone));

/** Ends every live session of a demo account as the server would: "revoked" answers 50012, "expired" 50014. */
export function endMockSessions(phone: string, how: 'revoked' | 'expired'): void {
  const { id } = demoAccount(phone);
  endSessions((s) => s.accountId === id, how);
}

/** The login code "sent" to a phone (the server's default sender writes it to its log). */
export const mockCaptchaFor = (phone: string): string | undefined => captchas.get(phone)?.code;

interface Me {
  session: Session;
  account: MockAccount;
}

function caller(request: Request): Me {
  const session = authenticate(request);
  return { session, account: accounts.table.find(session.accountId)! };
}

function userInfoOf({ session, account: a }: Me): UserInfo {
  const { id: accountId, name, remark, avatar, jobName, phone } = a;
  return { accountId, name, remark, avatar, jobName, phone, role: session.role, shop: shopName(session.shopID), shopID: session.shopID };
}

function roleShopList({ session, account }: Me): RoleShopList {
  const grants = account.grants.map((g) => ({ role: g.role, shopID: g.shopID, shop: shopName(g.shopID) }));
  return { grants, current: { role: session.role, shopID: session.shopID } };
}

export const authHandlers = [
  api.post(API.loginPassword, async ({ request }) => {
    const { phone, password } = await input(loginPasswordSchema, request);
    const now = Date.now();
    const failures = (loginFailures.get(phone) ?? []).filter((t) => now - t < LOGIN_FAILURE_WINDOW_MS);
    const oldest = failures.at(-MAX_LOGIN_FAILURES);
    if (oldest !== undefined) throw tooMany('登录失败次数过多', oldest + LOGIN_FAILURE_WINDOW_MS - now);
    const account = byPhone(phone);
    // Wrong phone, wrong password and a disabled account get one message.
    if (!account || account.password !== password || account.status === 'disabled') {
      loginFailures.set(phone, [...failures, now]);
      throw invalid('手机号或密码错误');
    }
    loginFailures.delete(phone);
    return { token: logIn(account) };
  }),

  api.post(API.getCaptcha, async ({ request }) => {
    const { phone } = await input(getCaptchaSchema, request);
    const now = Date.now();
    const last = captchas.get(phone);
    if (last && now - last.sentAt < CAPTCHA_RESEND_MS) throw tooMany('验证码已发送，请勿频繁获取', last.sentAt + CAPTCHA_RESEND_MS - now);
    const code = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, '0');
    captchas.set(phone, { code, sentAt: now, used: false, wrongTries: 0 });
    // Mock mode has no SMS: the code goes to the console, as the server's default sender logs it.
    console.info(`[mock sms] ${phone} 登录验证码 ${code}`);
    return ok(null, '验证码已发送，5 分钟内有效');
  }),

  api.post(API.loginCaptcha, async ({ request }) => {
    const { phone, captcha } = await input(loginCaptchaSchema, request);
    const sent = captchas.get(phone);
    if (!sent || sent.used || sent.sentAt + CAPTCHA_TTL_MS < Date.now() || sent.wrongTries >= CAPTCHA_MAX_TRIES)
      throw invalid(CAPTCHA_FAILED);
    if (sent.code !== captcha) {
      sent.wrongTries += 1;
      throw invalid(CAPTCHA_FAILED);
    }
    sent.used = true;
    const account = byPhone(phone);
    if (!account || account.status === 'disabled') throw invalid(CAPTCHA_FAILED);
    return { token: logIn(account) };
  }),

  api.post(API.logout, ({ request }) => {
    authenticate(request).ended = 'logout';
    return null;
  }),

  api.post(API.userInfo, ({ request }) => userInfoOf(caller(request))),

  api.post(API.roleShop, ({ request }) => roleShopList(caller(request))),

  api.post(API.roleShopChange, async ({ request }) => {
    const me = caller(request);
    const { role, shopID = null } = await input(roleShopChangeSchema, request);
    if (!me.account.grants.some((g) => g.role === role && g.shopID === shopID)) throw forbidden('您没有该角色或门店的权限');
    Object.assign(me.session, { role, shopID });
    return roleShopList(me);
  }),

  api.post(API.passwordModify, async ({ request }) => {
    const { session, account } = caller(request);
    const { oldPassword, newPassword } = await input(passwordModifySchema, request);
    if (oldPassword === newPassword) throw badField('newPassword', '新密码不能与原密码相同');
    if (oldPassword !== account.password) throw badField('oldPassword', '原密码不正确');
    account.password = newPassword;
    // Every other session of the account now answers 50012; the caller stays logged in.
    endSessions((s) => s !== session && s.accountId === account.id, 'revoked');
    return ok(null, '密码已修改');
  }),

  api.post(API.menu, ({ request }) => menuFor(authenticate(request).role)),

  // The calling account's own name, avatar, job name and remark.
  api.patch(PROFILE_API, async ({ request }) => {
    const me = caller(request);
    Object.assign(me.account, await changes(accountUpdateSchema, request), { updatedAt: new Date().toISOString() });
    return userInfoOf(me);
  }),
];
