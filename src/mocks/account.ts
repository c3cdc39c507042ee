import { http } from 'msw';
import {
  ACCOUNT_API,
  ACCOUNT_STATUSES,
  LAST_GRANT_MESSAGE,
  PROFILE_API,
  accountCreateSchema,
  accountUpdateSchema,
  grantLabel,
  grantSchema,
  type Account,
  type AccountGrant,
  type AccountWithPassword,
  type GrantInput,
} from '../../contract/account';
import { DEMO_MESSAGES } from '../../contract/demoMessages';
import { TOTAL_COUNT_HEADER } from '../../contract/envelope';
import { maskPhone } from '../../contract/mask';
import {
  MESSAGE_API,
  MESSAGE_STATUS,
  MESSAGE_TAGS,
  MESSAGE_TYPES,
  messageReadSchema,
  messageScopeSchema,
  type Message,
  type UnreadCount,
} from '../../contract/message';
import { ROLES } from '../../contract/roles';
import type { MockAccount, MockKit } from './handlers';

/**
 * The issue-3 calls in memory for the console's tests and mock mode: the message box, the admin's
 * accounts and grants, and the user center's profile, with the server's scoping, codes and messages.
 * handlers.ts passes its kit (store, auth, envelope) in; this file imports only its types, so the two
 * modules do not load each other.
 */

interface MockMessage extends Message {
  accountId: number;
}

const HOUR = 3_600_000;
let messages: MockMessage[] = [];
let nextMessageId = 1;
/** Grant ids for DELETE accounts/:id/grants/:grantId, keyed by the grant objects of the store. */
let grantIds = new WeakMap<object, number>();
let nextGrantId = 1;

/** The demo message boxes of contract/demoMessages.ts; called by resetMockDb. */
export function resetAccountMocks(accounts: MockAccount[]): void {
  const now = Date.now();
  nextMessageId = 1;
  grantIds = new WeakMap();
  nextGrantId = 1;
  messages = accounts.flatMap((a) =>
    (DEMO_MESSAGES[a.phone] ?? []).map(({ hoursAgo, ...m }) => ({
      ...m,
      id: nextMessageId++,
      accountId: a.id,
      avatar: '',
      time: new Date(now - hoursAgo * HOUR).toISOString(),
    })),
  );
}

function raise(accountId: number, m: Pick<Message, 'type' | 'title' | 'subTitle' | 'content' | 'messageType'>): void {
  messages.push({ ...m, id: nextMessageId++, accountId, avatar: '', time: new Date().toISOString(), status: MESSAGE_STATUS.unread });
}

const grantIdOf = (grant: object): number => {
  let id = grantIds.get(grant);
  if (id === undefined) grantIds.set(grant, (id = nextGrantId++));
  return id;
};

/** No 0/O, 1/l/I, as the server's generator: the password is read out or copied onto paper. */
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

function initialPassword(): string {
  const random = (n: number) => crypto.getRandomValues(new Uint32Array(1))[0] % n;
  const pick = (chars: string) => chars[random(chars.length)];
  const chars = [pick(LETTERS), pick(DIGITS), ...Array.from({ length: 8 }, () => pick(LETTERS + DIGITS))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

export function accountHandlers(kit: MockKit) {
  const { db, authenticate, requireAdmin, guarded, ok, input, changes, invalid, notFound, conflict, pageParam, shopName } = kit;

  /** _start/_end as the server checks them. */
  function paging(params: URLSearchParams): { start: number; end: number } {
    const start = pageParam(params, '_start', 0);
    const end = pageParam(params, '_end', start + 10);
    if (end < start) throw invalid('分页参数 _end 不能小于 _start', [{ field: '_end', message: '分页参数 _end 不能小于 _start' }]);
    if (end - start > kit.MAX_PAGE_SIZE) throw invalid(`每页最多 ${kit.MAX_PAGE_SIZE} 条`, [{ field: '_end', message: `每页最多 ${kit.MAX_PAGE_SIZE} 条` }]);
    return { start, end };
  }

  const page = <T>(rows: T[], params: URLSearchParams) => {
    const { start, end } = paging(params);
    return ok(rows.slice(start, end), 'ok', { [TOTAL_COUNT_HEADER]: String(rows.length) });
  };

  // ---- messages: every call sees the caller's own messages only ----
  const mine = (accountId: number) => messages.filter((m) => m.accountId === accountId);
  const view = ({ accountId: _owner, ...m }: MockMessage): Message => m;

  const messageHandlers = [
    http.get(
      `*${MESSAGE_API.unreadCount}`,
      guarded(({ request }) => {
        const { account } = authenticate(request);
        const counts: UnreadCount = { total: 0, message: 0, notice: 0, todo: 0 };
        for (const m of mine(account.id)) {
          if (m.status !== MESSAGE_STATUS.unread) continue;
          counts[m.type] += 1;
          counts.total += 1;
        }
        return ok(counts);
      }),
    ),

    http.get(
      `*${MESSAGE_API.list}`,
      guarded(({ request }) => {
        const { account } = authenticate(request);
        const params = new URL(request.url).searchParams;
        const types = params.getAll('type').filter(Boolean);
        const statuses = params.getAll('status').filter((s) => s !== '');
        if (types.some((t) => !(MESSAGE_TYPES as readonly string[]).includes(t))) {
          throw invalid('消息类型取值不正确，应为 message、notice 或 todo', [{ field: 'type', message: '消息类型取值不正确' }]);
        }
        if (statuses.some((s) => s !== '0' && s !== '1')) throw invalid('消息状态取值不正确，应为 0（未读）或 1（已读）', [{ field: 'status', message: '消息状态取值不正确' }]);
        const rows = mine(account.id)
          .filter((m) => (types.length === 0 || types.includes(m.type)) && (statuses.length === 0 || statuses.includes(String(m.status))))
          .sort((a, b) => compare(b.time, a.time) || b.id - a.id)
          .map(view);
        return page(rows, params);
      }),
    ),

    http.post(
      `*${MESSAGE_API.read}`,
      guarded(async ({ request }) => {
        const { account } = authenticate(request);
        const { ids } = await input(messageReadSchema, request);
        const hit = mine(account.id).filter((m) => ids.includes(m.id) && m.status === MESSAGE_STATUS.unread);
        for (const m of hit) m.status = MESSAGE_STATUS.read;
        return ok({ updated: hit.length });
      }),
    ),

    http.post(
      `*${MESSAGE_API.readAll}`,
      guarded(async ({ request }) => {
        const { account } = authenticate(request);
        const { type } = await input(messageScopeSchema, request);
        const hit = mine(account.id).filter((m) => m.status === MESSAGE_STATUS.unread && (!type || m.type === type));
        for (const m of hit) m.status = MESSAGE_STATUS.read;
        return ok({ updated: hit.length });
      }),
    ),

    http.post(
      `*${MESSAGE_API.clear}`,
      guarded(async ({ request }) => {
        const { account } = authenticate(request);
        const { type } = await input(messageScopeSchema, request);
        const gone = (m: MockMessage) => m.accountId === account.id && (!type || m.type === type);
        const deleted = messages.filter(gone).length;
        messages = messages.filter((m) => !gone(m));
        return ok({ deleted });
      }),
    ),
  ];

  // ---- accounts (admin) ----
  const grantsView = (a: MockAccount): AccountGrant[] => a.grants.map((g) => ({ id: grantIdOf(g), role: g.role, shopID: g.shopID, shop: shopName(g.shopID) }));

  function accountView(a: MockAccount, fullPhone = false): Account {
    const { id, name, phone, avatar, jobName, remark, status, createdAt, updatedAt } = a;
    return { id, name, phone: fullPhone ? phone : maskPhone(phone), avatar, jobName, remark, status, createdAt, updatedAt, grants: grantsView(a) };
  }

  function accountOf(raw: string | readonly string[] | undefined): MockAccount {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== String(raw)) throw invalid('ID 格式不正确', [{ field: 'id', message: 'ID 格式不正确' }]);
    const account = db.accounts.find((a) => a.id === id);
    if (!account) throw notFound('账号不存在');
    return account;
  }

  /** The shops of shop-manager grants must exist and be open; answers each grant's shop name. */
  function checkShops(grants: GrantInput[], fieldOf: (i: number) => string): (GrantInput & { shopName: string | null })[] {
    return grants.map((g, i) => {
      if (g.shopID === null) return { ...g, shopName: null };
      const shop = db.shops.find((s) => s.id === g.shopID);
      if (!shop) throw invalid('门店不存在', [{ field: fieldOf(i), message: '门店不存在' }]);
      if (shop.status !== 'open') throw conflict(`门店「${shop.name}」已停业，不能授予店长角色`);
      return { ...g, shopName: shop.name };
    });
  }

  /** Ends the account's sessions (they answer 50012), or only those acting as one grant. */
  function revoke(accountId: number, grant?: GrantInput): void {
    for (const s of db.sessions.values()) {
      if (s.accountId !== accountId || s.ended) continue;
      if (grant && (s.role !== grant.role || s.shopID !== grant.shopID)) continue;
      s.ended = 'revoked';
    }
  }

  const notifyGrant = (accountId: number, g: { role: GrantInput['role']; shopName: string | null }, added: boolean) => {
    const label = grantLabel(g.role, g.shopName);
    raise(accountId, added
      ? { type: 'notice', title: `已为你开通「${label}」角色`, subTitle: '角色变更', content: `你现在可以在右上角「切换角色」中切换到「${label}」。`, messageType: MESSAGE_TAGS.done }
      : { type: 'notice', title: `「${label}」角色已被移除`, subTitle: '角色变更', content: `管理员已移除你的「${label}」角色，以该角色登录的客户端需要重新登录。`, messageType: MESSAGE_TAGS.attention });
  };

  const touch = (a: MockAccount) => (a.updatedAt = new Date().toISOString());
  const SORTABLE = ['id', 'name', 'phone', 'jobName', 'status', 'createdAt', 'updatedAt'] as const;
  const base = `*${ACCOUNT_API.list}`;

  const adminHandlers = [
    http.get(
      base,
      guarded(({ request }) => {
        requireAdmin(request);
        const params = new URL(request.url).searchParams;
        const q = params.get('q')?.trim().toLowerCase();
        const status = params.get('status');
        const role = params.get('role');
        const shopID = params.get('shopID');
        if (status && !(ACCOUNT_STATUSES as readonly string[]).includes(status)) throw invalid('筛选字段 status 的值不正确', [{ field: 'status', message: '筛选字段 status 的值不正确' }]);
        if (role && !(ROLES as readonly string[]).includes(role)) throw invalid('角色取值不正确', [{ field: 'role', message: '角色取值不正确' }]);
        let rows = db.accounts.filter(
          (a) =>
            (!q || a.name.toLowerCase().includes(q) || a.phone.includes(q)) &&
            (!status || a.status === status) &&
            (!role || a.grants.some((g) => g.role === role)) &&
            (!shopID || a.grants.some((g) => String(g.shopID) === shopID)),
        );
        const sort = params.get('_sort') as (typeof SORTABLE)[number] | null;
        if (sort && !SORTABLE.includes(sort)) throw invalid(`不支持的排序字段：${sort}`, [{ field: '_sort', message: `不支持的排序字段：${sort}` }]);
        const desc = params.get('_order')?.toLowerCase() === 'desc' ? -1 : 1;
        rows = [...rows].sort((a, b) => (sort ? compare(a[sort], b[sort]) * desc : 0) || a.id - b.id);
        return page(rows.map((a) => accountView(a)), params);
      }),
    ),

    http.get(
      `${base}/:id`,
      guarded(({ request, params }) => {
        requireAdmin(request);
        return ok(accountView(accountOf(params.id), true));
      }),
    ),

    http.post(
      base,
      guarded(async ({ request }) => {
        requireAdmin(request);
        const values = await input(accountCreateSchema, request);
        const taken = db.accounts.find((a) => a.phone === values.phone);
        if (taken) throw conflict(`手机号 ${maskPhone(values.phone)} 已被账号「${taken.name}」使用`);
        const grants = checkShops(values.grants, (i) => `grants.${i}.shopID`);
        const now = new Date().toISOString();
        const password = initialPassword();
        const account: MockAccount = {
          id: Math.max(0, ...db.accounts.map((a) => a.id)) + 1,
          name: values.name,
          phone: values.phone,
          jobName: values.jobName,
          remark: values.remark,
          avatar: values.avatar,
          status: 'active',
          createdAt: now,
          updatedAt: now,
          password,
          grants: grants.map((g) => ({ role: g.role, shopID: g.shopID })),
        };
        db.accounts.push(account);
        for (const g of grants) notifyGrant(account.id, g, true);
        const created: AccountWithPassword = { ...accountView(account), initialPassword: password };
        return ok(created);
      }),
    ),

    http.patch(
      `${base}/:id`,
      guarded(async ({ request, params }) => {
        requireAdmin(request);
        const account = accountOf(params.id);
        Object.assign(account, await changes(accountUpdateSchema, request));
        touch(account);
        return ok(accountView(account));
      }),
    ),

    http.post(
      `${base}/:id/disable`,
      guarded(({ request, params }) => {
        const { account: me } = requireAdmin(request);
        const account = accountOf(params.id);
        if (account === me) throw conflict('不能停用自己的账号');
        if (account.status === 'disabled') throw conflict(`账号「${account.name}」已是停用状态`);
        account.status = 'disabled';
        touch(account);
        revoke(account.id);
        return ok(accountView(account));
      }),
    ),

    http.post(
      `${base}/:id/enable`,
      guarded(({ request, params }) => {
        requireAdmin(request);
        const account = accountOf(params.id);
        if (account.status === 'active') throw conflict(`账号「${account.name}」已是正常状态`);
        account.status = 'active';
        touch(account);
        return ok(accountView(account));
      }),
    ),

    http.post(
      `${base}/:id/reset-password`,
      guarded(({ request, params }) => {
        const { account: me } = requireAdmin(request);
        const account = accountOf(params.id);
        if (account === me) throw conflict('不能在此重置自己的密码，请在「用户设置」中修改密码');
        account.password = initialPassword();
        touch(account);
        revoke(account.id);
        raise(account.id, {
          type: 'notice',
          title: '登录密码已被管理员重置',
          subTitle: '账号安全',
          content: `管理员 ${me.name} 已重置你的登录密码，请向管理员索取初始密码，登录后在「用户设置」中修改。`,
          messageType: MESSAGE_TAGS.attention,
        });
        const reset: AccountWithPassword = { ...accountView(account), initialPassword: account.password };
        return ok(reset);
      }),
    ),

    http.post(
      `${base}/:id/grants`,
      guarded(async ({ request, params }) => {
        requireAdmin(request);
        const account = accountOf(params.id);
        const grant = await input(grantSchema, request);
        const [checked] = checkShops([grant], () => 'shopID');
        if (account.grants.some((g) => g.role === grant.role && g.shopID === grant.shopID)) {
          throw conflict(`账号「${account.name}」已有「${grantLabel(grant.role, checked.shopName)}」角色`);
        }
        account.grants.push({ role: grant.role, shopID: grant.shopID });
        touch(account);
        notifyGrant(account.id, checked, true);
        return ok(accountView(account));
      }),
    ),

    http.delete(
      `${base}/:id/grants/:grantId`,
      guarded(({ request, params }) => {
        const { account: me } = requireAdmin(request);
        const account = accountOf(params.id);
        const grant = account.grants.find((g) => String(grantIdOf(g)) === params.grantId);
        if (!grant) throw notFound('该账号没有这个角色授权');
        if (account.grants.length === 1) throw conflict(LAST_GRANT_MESSAGE);
        if (account === me && grant.role === 'admin') throw conflict('不能移除自己的管理员角色');
        account.grants = account.grants.filter((g) => g !== grant);
        touch(account);
        revoke(account.id, grant);
        notifyGrant(account.id, { role: grant.role, shopName: shopName(grant.shopID) }, false);
        return ok(accountView(account));
      }),
    ),
  ];

  const profileHandlers = [
    http.patch(
      `*${PROFILE_API}`,
      guarded(async ({ request }) => {
        const { session, account } = authenticate(request);
        Object.assign(account, await changes(accountUpdateSchema, request));
        touch(account);
        return ok(kit.userInfoOf(session, account));
      }),
    ),
  ];

  return [...messageHandlers, ...adminHandlers, ...profileHandlers];
}
