import { http, HttpResponse, type HttpResponseResolver, type PathParams } from 'msw';
import type { z } from 'zod';
import { API } from '../../contract/api';
import { NOTHING_TO_CHANGE } from '../../contract/validation';
import { menuFor } from '../../contract/access';
import {
  getCaptchaSchema,
  loginCaptchaSchema,
  loginPasswordSchema,
  passwordModifySchema,
  roleShopChangeSchema,
  type Grant,
  type RoleShopList,
  type UserInfo,
} from '../../contract/auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SHOPS } from '../../contract/demo';
import { ErrorCode, HTTP_STATUS_OF_CODE, TOTAL_COUNT_HEADER, type ErrorCodeValue, type FieldError } from '../../contract/envelope';
import type { Role } from '../../contract/roles';
import type { AccountStatus } from '../../contract/account';
import { accountHandlers, resetAccountMocks } from './account';
import { operationHandlers, resetOperationMocks } from './operations';
import { shopCreateSchema, shopHoursValid, shopUpdateSchema, SHOP_HOURS_ERROR, type Shop } from '../../contract/shop';

/**
 * The API of DOMAIN.md in memory, for the console's tests and mock mode (VITE_MOCK=true): the auth
 * calls of SPEC.md section 7, the menu and the shops resource, with the server's envelope, codes,
 * messages and validation (the same contract schemas).
 */

export interface MockAccount {
  id: number;
  phone: string;
  name: string;
  jobName: string;
  avatar: string;
  remark: string;
  status: AccountStatus;
  createdAt: string;
  updatedAt: string;
  password: string;
  grants: { role: Role; shopID: number | null }[];
}

interface MockSession {
  accountId: number;
  role: Role;
  shopID: number | null;
  /** logout: the token is dead (50008); revoked: ended elsewhere (50012); expired: idle too long (50014). */
  ended?: 'logout' | 'revoked' | 'expired';
}

interface MockCaptcha {
  code: string;
  sentAt: number;
  expiresAt: number;
  used: boolean;
  wrongTries: number;
}

const CAPTCHA_TTL_MS = 5 * 60_000;
const CAPTCHA_RESEND_MS = 60_000;
const CAPTCHA_MAX_TRIES = 5;
const MAX_LOGIN_FAILURES = 5;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_PAGE_SIZE = 200;

const db = {
  shops: [] as Shop[],
  accounts: [] as MockAccount[],
  sessions: new Map<string, MockSession>(),
  captchas: new Map<string, MockCaptcha>(),
  loginFailures: new Map<string, number[]>(),
  nextShopId: 1,
};

/** Back to the demo data of DOMAIN.md: three shops, four accounts, no session. Call between tests. */
export function resetMockDb(): void {
  const now = new Date().toISOString();
  db.shops = DEMO_SHOPS.map((s, i) => ({ ...s, id: i + 1, createdAt: now, updatedAt: now }));
  db.nextShopId = db.shops.length + 1;
  db.accounts = DEMO_ACCOUNTS.map((a, i) => ({
    id: i + 1,
    phone: a.phone,
    name: a.name,
    jobName: a.jobName,
    avatar: '',
    remark: '',
    status: 'active',
    createdAt: now,
    updatedAt: now,
    password: DEMO_PASSWORD,
    grants: a.grants.map((g) => ({ role: g.role, shopID: g.shop === null ? null : db.shops[g.shop].id })),
  }));
  db.sessions.clear();
  db.captchas.clear();
  db.loginFailures.clear();
  resetAccountMocks(db.accounts);
  resetOperationMocks();
}
resetMockDb();

class MockError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

const invalid = (msg: string, fields: FieldError[] = []) => new MockError(ErrorCode.INVALID_INPUT, msg, { fields });
const notFound = (msg: string) => new MockError(ErrorCode.NOT_FOUND, msg);
const tooMany = (reason: string, waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
  return new MockError(ErrorCode.TOO_MANY_REQUESTS, `${reason}，请在 ${when}后重试`, { retryAfter: seconds });
};

function envelope(code: number, msg: string, data: unknown, headers?: Record<string, string>) {
  return HttpResponse.json({ code, msg, data } as never, { status: code === ErrorCode.OK ? 200 : HTTP_STATUS_OF_CODE[code as ErrorCodeValue], headers });
}

const ok = (data: unknown, msg = 'ok', headers?: Record<string, string>) => envelope(ErrorCode.OK, msg, data, headers);

/** Runs a handler and answers its MockError as the server's error envelope. */
function guarded<P extends PathParams>(fn: (info: Parameters<HttpResponseResolver<P>>[0]) => Promise<Response> | Response): HttpResponseResolver<P> {
  return async (info) => {
    try {
      return await fn(info);
    } catch (e) {
      if (e instanceof MockError) return envelope(e.code, e.message, e.data);
      throw e;
    }
  };
}

/** Like the server's parseInput: every bad field in data.fields, the first one as the message. */
async function input<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
  const raw = await request.text();
  let body: unknown = {};
  if (raw) {
    try {
      body = JSON.parse(raw);
    } catch {
      throw invalid('请求体不是合法的 JSON');
    }
  }
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  throw invalid(fields[0]?.message ?? '输入不正确', fields);
}

/** Like the server's parseChanges: a PATCH body that changes nothing is a 40000. */
async function changes<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
  const values = await input(schema, request);
  if (Object.keys(values as object).length === 0) throw invalid(NOTHING_TO_CHANGE);
  return values;
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function accountByPhone(phone: string): MockAccount {
  const account = db.accounts.find((a) => a.phone === phone);
  if (!account) throw new Error(`No mock account with phone ${phone}`);
  return account;
}

/** A session acting as the account's first grant, as a login opens it. */
function openSession(account: MockAccount): string {
  const token = newToken();
  const [grant] = account.grants;
  db.sessions.set(token, { accountId: account.id, role: grant.role, shopID: grant.shopID });
  return token;
}

/** Logs a demo account in without the form and answers its token (for tests that start logged in). */
export function mockLogin(phone: string): string {
  return openSession(accountByPhone(phone));
}

/** Ends every live session of an account as the server would: "revoked" answers 50012, "expired" 50014. */
export function endMockSessions(phone: string, how: 'revoked' | 'expired'): void {
  const { id } = accountByPhone(phone);
  for (const s of db.sessions.values()) if (s.accountId === id && !s.ended) s.ended = how;
}

/** The login code "sent" to a phone (the server's default sender writes it to its log). */
export function mockCaptchaFor(phone: string): string | undefined {
  return db.captchas.get(phone)?.code;
}

function authenticate(request: Request): { session: MockSession; token: string; account: MockAccount } {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get('authorization')?.trim() ?? '');
  const session = m ? db.sessions.get(m[1]) : undefined;
  if (!m || !session || session.ended === 'logout') throw new MockError(ErrorCode.ILLEGAL_TOKEN, '登录凭证无效，请重新登录');
  if (session.ended === 'revoked') throw new MockError(ErrorCode.SESSION_ENDED, '登录状态已失效（密码已修改、账号已停用或在别处变更），请重新登录');
  if (session.ended === 'expired') throw new MockError(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  return { session, token: m[1], account: db.accounts.find((a) => a.id === session.accountId)! };
}

function requireAdmin(request: Request) {
  const auth = authenticate(request);
  if (auth.session.role !== 'admin') throw new MockError(ErrorCode.FORBIDDEN, '没有权限执行此操作');
  return auth;
}

const shopName = (id: number | null) => (id === null ? null : (db.shops.find((s) => s.id === id)?.name ?? null));

function userInfoOf(session: MockSession, account: MockAccount): UserInfo {
  return { name: account.name, remark: account.remark, avatar: account.avatar, jobName: account.jobName, phone: account.phone, role: session.role, shop: shopName(session.shopID), shopID: session.shopID };
}

function grantsOf(account: MockAccount): Grant[] {
  return account.grants.map((g) => ({ role: g.role, shopID: g.shopID, shop: shopName(g.shopID) }));
}

function loginFailed(phone: string): never {
  const now = Date.now();
  db.loginFailures.set(phone, [...(db.loginFailures.get(phone) ?? []), now].filter((t) => now - t < LOGIN_FAILURE_WINDOW_MS));
  throw invalid('手机号或密码错误');
}

const CAPTCHA_FAILED = '验证码错误或已失效，请重新获取';

const authHandlers = [
  http.post(
    `*${API.loginPassword}`,
    guarded(async ({ request }) => {
      const { phone, password } = await input(loginPasswordSchema, request);
      const now = Date.now();
      const failures = (db.loginFailures.get(phone) ?? []).filter((t) => now - t < LOGIN_FAILURE_WINDOW_MS);
      if (failures.length >= MAX_LOGIN_FAILURES) throw tooMany('登录失败次数过多', failures[failures.length - MAX_LOGIN_FAILURES] + LOGIN_FAILURE_WINDOW_MS - now);
      const account = db.accounts.find((a) => a.phone === phone);
      if (!account || account.password !== password || account.status === 'disabled') loginFailed(phone);
      db.loginFailures.delete(phone);
      return ok({ token: openSession(account) });
    }),
  ),

  http.post(
    `*${API.getCaptcha}`,
    guarded(async ({ request }) => {
      const { phone } = await input(getCaptchaSchema, request);
      const now = Date.now();
      const last = db.captchas.get(phone);
      if (last && now - last.sentAt < CAPTCHA_RESEND_MS) throw tooMany('验证码已发送，请勿频繁获取', last.sentAt + CAPTCHA_RESEND_MS - now);
      const code = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, '0');
      db.captchas.set(phone, { code, sentAt: now, expiresAt: now + CAPTCHA_TTL_MS, used: false, wrongTries: 0 });
      // Mock mode has no SMS: the code goes to the console, as the server's default sender logs it.
      console.info(`[mock sms] ${phone} 登录验证码 ${code}`);
      return ok(null, '验证码已发送，5 分钟内有效');
    }),
  ),

  http.post(
    `*${API.loginCaptcha}`,
    guarded(async ({ request }) => {
      const { phone, captcha } = await input(loginCaptchaSchema, request);
      const code = db.captchas.get(phone);
      if (!code || code.used || code.expiresAt < Date.now() || code.wrongTries >= CAPTCHA_MAX_TRIES) throw invalid(CAPTCHA_FAILED);
      if (code.code !== captcha) {
        code.wrongTries += 1;
        throw invalid(CAPTCHA_FAILED);
      }
      code.used = true;
      const account = db.accounts.find((a) => a.phone === phone);
      if (!account || account.status === 'disabled') throw invalid(CAPTCHA_FAILED);
      return ok({ token: openSession(account) });
    }),
  ),

  http.post(
    `*${API.logout}`,
    guarded(({ request }) => {
      authenticate(request).session.ended = 'logout';
      return ok(null);
    }),
  ),

  http.post(
    `*${API.userInfo}`,
    guarded(({ request }) => {
      const { session, account } = authenticate(request);
      return ok(userInfoOf(session, account));
    }),
  ),

  http.post(
    `*${API.roleShop}`,
    guarded(({ request }) => {
      const { session, account } = authenticate(request);
      const list: RoleShopList = { grants: grantsOf(account), current: { role: session.role, shopID: session.shopID } };
      return ok(list);
    }),
  ),

  http.post(
    `*${API.roleShopChange}`,
    guarded(async ({ request }) => {
      const { session, account } = authenticate(request);
      const { role, shopID = null } = await input(roleShopChangeSchema, request);
      if (!account.grants.some((g) => g.role === role && g.shopID === shopID)) throw new MockError(ErrorCode.FORBIDDEN, '您没有该角色或门店的权限');
      Object.assign(session, { role, shopID });
      const list: RoleShopList = { grants: grantsOf(account), current: { role, shopID } };
      return ok(list);
    }),
  ),

  http.post(
    `*${API.passwordModify}`,
    guarded(async ({ request }) => {
      const { session, account } = authenticate(request);
      const { oldPassword, newPassword } = await input(passwordModifySchema, request);
      if (oldPassword === newPassword) throw invalid('新密码不能与原密码相同', [{ field: 'newPassword', message: '新密码不能与原密码相同' }]);
      if (oldPassword !== account.password) throw invalid('原密码不正确', [{ field: 'oldPassword', message: '原密码不正确' }]);
      account.password = newPassword;
      // Every other session of the account now answers 50012; the caller stays logged in.
      for (const s of db.sessions.values()) if (s !== session && s.accountId === account.id && !s.ended) s.ended = 'revoked';
      return ok(null, '密码已修改');
    }),
  ),

  http.post(
    `*${API.menu}`,
    guarded(({ request }) => ok(menuFor(authenticate(request).session.role))),
  ),
];

type ShopField = keyof Shop;
const SHOP_FIELDS: ShopField[] = ['id', 'name', 'regionCode', 'address', 'phone', 'status', 'openTime', 'closeTime', 'createdAt', 'updatedAt'];
const isShopField = (f: string): f is ShopField => (SHOP_FIELDS as string[]).includes(f);

function pageParam(params: URLSearchParams, name: '_start' | '_end', fallback: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw invalid(`分页参数 ${name} 必须是非负整数`, [{ field: name, message: `分页参数 ${name} 必须是非负整数` }]);
  return n;
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The list conventions of DOMAIN.md in memory: filters, q, region prefix, sort, then one page. */
function listShops(params: URLSearchParams, visible: Shop[]): { rows: Shop[]; total: number } {
  const start = pageParam(params, '_start', 0);
  const end = pageParam(params, '_end', start + 10);
  if (end < start) throw invalid('分页参数 _end 不能小于 _start', [{ field: '_end', message: '分页参数 _end 不能小于 _start' }]);
  if (end - start > MAX_PAGE_SIZE) throw invalid(`每页最多 ${MAX_PAGE_SIZE} 条`, [{ field: '_end', message: `每页最多 ${MAX_PAGE_SIZE} 条` }]);

  let rows = visible;
  for (const key of new Set(params.keys())) {
    if (['_start', '_end', '_sort', '_order', 'q'].includes(key)) continue;
    const [, field, op = 'eq'] = /^(.+?)(?:_(like|gte|lte|ne))?$/.exec(key)!;
    if (!isShopField(field)) throw invalid(`不支持的筛选字段：${key}`, [{ field: key, message: `不支持的筛选字段：${key}` }]);
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    const value = (s: Shop) => String(s[field]);
    const v = values[0];
    if (field === 'regionCode' && op === 'eq' && /^\d{6}$/.test(v)) {
      // A province or city code matches every shop below it, as on the server.
      const prefix = v.endsWith('0000') ? v.slice(0, 2) : v.endsWith('00') ? v.slice(0, 4) : v;
      rows = rows.filter((s) => s.regionCode.startsWith(prefix));
      continue;
    }
    if (field === 'id' && values.some((x) => !Number.isFinite(Number(x)))) throw invalid(`筛选字段 id 的值不正确`, [{ field: 'id', message: '筛选字段 id 的值不正确' }]);
    const num = field === 'id';
    const cmp = (s: Shop) => (num ? compare(s.id, Number(v)) : compare(value(s), v));
    rows = rows.filter((s) => {
      switch (op) {
        case 'like':
          return value(s).toLowerCase().includes(v.toLowerCase());
        case 'gte':
          return cmp(s) >= 0;
        case 'lte':
          return cmp(s) <= 0;
        case 'ne':
          return cmp(s) !== 0;
        default:
          return values.includes(value(s));
      }
    });
  }
  const q = params.get('q')?.trim().toLowerCase();
  if (q) {
    if (q.length > 50) throw invalid('搜索内容最多 50 个字', [{ field: 'q', message: '搜索内容最多 50 个字' }]);
    rows = rows.filter((s) => [s.name, s.address, s.phone].some((t) => t.toLowerCase().includes(q)));
  }

  const sorts = params.getAll('_sort').flatMap((s) => s.split(',')).filter(Boolean);
  const orders = params.getAll('_order').flatMap((s) => s.split(','));
  for (const f of sorts) if (!isShopField(f)) throw invalid(`不支持的排序字段：${f}`, [{ field: '_sort', message: `不支持的排序字段：${f}` }]);
  const sorted = [...rows].sort((a, b) => {
    for (const [i, f] of (sorts as ShopField[]).entries()) {
      const c = compare(a[f], b[f]) * ((orders[i] ?? 'asc').toLowerCase() === 'desc' ? -1 : 1);
      if (c) return c;
    }
    return b.id - a.id;
  });
  return { rows: sorted.slice(start, end), total: rows.length };
}

function shopId(raw: string | readonly string[] | undefined): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647 || String(n) !== String(raw)) throw invalid('ID 格式不正确', [{ field: 'id', message: 'ID 格式不正确' }]);
  return n;
}

/** A shop-manager sees only its session's shop; admin and financial-staff see all. */
function visibleShops(session: MockSession): Shop[] {
  return session.role === 'shop-manager' ? db.shops.filter((s) => s.id === session.shopID) : db.shops;
}

function findShop(shops: Shop[], id: number): Shop {
  const shop = shops.find((s) => s.id === id);
  if (!shop) throw notFound('门店不存在');
  return shop;
}

const shopsBase = `*${API.resourceBase}/shops`;

const shopHandlers = [
  http.get(
    shopsBase,
    guarded(({ request }) => {
      const { session } = authenticate(request);
      const { rows, total } = listShops(new URL(request.url).searchParams, visibleShops(session));
      return ok(rows, 'ok', { [TOTAL_COUNT_HEADER]: String(total) });
    }),
  ),

  http.get(
    `${shopsBase}/:id`,
    guarded(({ request, params }) => ok(findShop(visibleShops(authenticate(request).session), shopId(params.id)))),
  ),

  http.post(
    shopsBase,
    guarded(async ({ request }) => {
      requireAdmin(request);
      const values = await input(shopCreateSchema, request);
      const now = new Date().toISOString();
      const shop: Shop = { ...values, id: db.nextShopId++, createdAt: now, updatedAt: now };
      db.shops.push(shop);
      return ok(shop);
    }),
  ),

  http.patch(
    `${shopsBase}/:id`,
    guarded(async ({ request, params }) => {
      requireAdmin(request);
      const id = shopId(params.id);
      const shopChanges = await changes(shopUpdateSchema, request);
      const shop = findShop(db.shops, id);
      if (!shopHoursValid({ ...shop, ...shopChanges })) throw invalid(SHOP_HOURS_ERROR.message, [{ field: 'closeTime', message: SHOP_HOURS_ERROR.message }]);
      Object.assign(shop, shopChanges, { updatedAt: new Date().toISOString() });
      return ok(shop);
    }),
  ),

  http.delete(
    `${shopsBase}/:id`,
    guarded(({ request, params }) => {
      requireAdmin(request);
      const shop = findShop(db.shops, shopId(params.id));
      const grants = db.accounts.flatMap((a) => a.grants).filter((g) => g.shopID === shop.id).length;
      if (grants) throw new MockError(ErrorCode.CONFLICT, `门店「${shop.name}」仍有${grants} 个账号授权，不能删除；如已不再营业，请将其设为停业`);
      db.shops = db.shops.filter((s) => s !== shop);
      return ok(null);
    }),
  ),
];

/** What feature mock files (src/mocks/<feature>.ts) build their handlers on. */
export const mockKit = {
  db,
  authenticate,
  requireAdmin,
  guarded,
  ok,
  input,
  changes,
  invalid,
  notFound,
  conflict: (msg: string) => new MockError(ErrorCode.CONFLICT, msg),
  forbidden: (msg: string) => new MockError(ErrorCode.FORBIDDEN, msg),
  pageParam,
  shopName,
  userInfoOf,
  MAX_PAGE_SIZE,
};
export type MockKit = typeof mockKit;

export const handlers = [...authHandlers, ...shopHandlers, ...accountHandlers(mockKit), ...operationHandlers(mockKit)];
