import { accountResource, grantLabel, grantSchema, LAST_GRANT_MESSAGE } from '../../contract/account';
import type { Account, AccountWithPassword, GrantInput } from '../../contract/account';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../contract/demo';
import { maskPhone } from '../../contract/mask';
import { MESSAGE_TAGS } from '../../contract/message';
import { badField, conflict, input, notFound } from './engine/http';
import { textSearch } from './engine/listQuery';
import { mockResource, statusStep, type CallContext } from './engine/resource';
import { endSessions } from './engine/session';
import { raise } from './messages';
import { shopName, shops } from './shops';

/** An account as stored: its password (in clear: this is a mock) and its grants with their ids. */
export interface MockAccount extends Omit<Account, 'grants'> {
  password: string;
  grants: (GrantInput & { id: number })[];
}

let nextGrantId = 1;
const withId = (g: GrantInput) => ({ id: nextGrantId++, role: g.role, shopID: g.shopID });

/** No 0/O, 1/l/I, as the server's generator: the password is read out or copied onto paper. */
const PASSWORD_CHARS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten characters, a letter and a digit among them. */
function initialPassword(): string {
  for (;;) {
    const password = Array.from(crypto.getRandomValues(new Uint32Array(10)), (n) => PASSWORD_CHARS[n % PASSWORD_CHARS.length]).join('');
    if (/[a-zA-Z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** As the API answers an account: no password, the phone masked but to an admin's read of one account. */
function view({ password: _password, ...a }: MockAccount, fullPhone = false): Account {
  return { ...a, phone: fullPhone ? a.phone : maskPhone(a.phone), grants: a.grants.map((g) => ({ ...g, shop: shopName(g.shopID) })) };
}

/** The shops of shop-manager grants must exist and be open; answers each grant's shop name. */
function checkShops(grants: GrantInput[], fieldOf: (i: number) => string) {
  return grants.map((g, i) => {
    if (g.shopID === null) return { role: g.role, shopID: null, shopName: null };
    const shop = shops.table.find(g.shopID);
    if (!shop) throw badField(fieldOf(i), '门店不存在');
    if (shop.status !== 'open') throw conflict(`门店「${shop.name}」已停业，不能授予店长角色`);
    return { role: g.role, shopID: g.shopID, shopName: shop.name };
  });
}

/** Ends the account's sessions (they answer 50012), or only those acting as one grant. */
const revoke = (accountId: number, grant?: GrantInput) =>
  endSessions((s) => s.accountId === accountId && (!grant || (s.role === grant.role && s.shopID === grant.shopID)), 'revoked');

/** The message the account gets when a role is granted or taken away. */
function notifyGrant(accountId: number, g: { role: GrantInput['role']; shopName: string | null }, added: boolean) {
  const label = grantLabel(g.role, g.shopName);
  const news = added
    ? {
        title: `已为你开通「${label}」角色`,
        content: `你现在可以在右上角「切换角色」中切换到「${label}」。`,
        messageType: MESSAGE_TAGS.done,
      }
    : {
        title: `「${label}」角色已被移除`,
        content: `管理员已移除你的「${label}」角色，以该角色登录的客户端需要重新登录。`,
        messageType: MESSAGE_TAGS.attention,
      };
  raise(accountId, { type: 'notice', subTitle: '角色变更', ...news });
}

export const accounts = mockResource<MockAccount>(accountResource, {
  seed: () => {
    nextGrantId = 1;
    return DEMO_ACCOUNTS.map(({ phone, name, jobName, grants }) => ({
      phone,
      name,
      jobName,
      avatar: '',
      remark: '',
      status: 'active' as const,
      password: DEMO_PASSWORD,
      // Demo shops get ids in their order, from 1.
      grants: grants.map((g) => withId({ role: g.role, shopID: g.shop === null ? null : g.shop + 1 })),
    }));
  },
  filters: {
    // An account holding a grant of this role, or for this shop.
    role: (roles) => (a) => a.grants.some((g) => roles.includes(g.role)),
    shopID: (ids) => (a) => a.grants.some((g) => ids.includes(g.shopID ?? NaN)),
  },
  search: textSearch('name', 'phone'),
  beforeWrite: (row, { before }) => {
    if (before) return;
    const taken = accounts.table.rows.find((a) => a.phone === row.phone);
    if (taken) throw conflict(`手机号 ${maskPhone(row.phone)} 已被账号「${taken.name}」使用`);
    const grants = checkShops(row.grants, (i) => `grants.${i}.shopID`);
    Object.assign(row, { status: 'active', password: initialPassword(), grants: grants.map(withId) });
    for (const g of grants) notifyGrant(row.id, g, true);
  },
  beforeDelete: () => {
    throw conflict('账号不能删除；不再使用的账号请停用');
  },
  // The initial password is answered this once, with the new account.
  toResponse: (a, { verb }) => (verb === 'create' ? { ...view(a), initialPassword: a.password } : view(a, verb === 'read')),
});

const isMe = (a: MockAccount, { session }: CallContext) => a.id === session.accountId;

statusStep(accounts, 'disable', {
  from: ['active'],
  refusal: (a) => `账号「${a.name}」已是停用状态`,
  set: (a, _, ctx) => {
    if (isMe(a, ctx)) throw conflict('不能停用自己的账号');
    revoke(a.id);
    return { status: 'disabled' };
  },
});

statusStep(accounts, 'enable', { from: ['disabled'], refusal: (a) => `账号「${a.name}」已是正常状态`, set: () => ({ status: 'active' }) });

accounts.action('reset-password', (a, ctx) => {
  if (isMe(a, ctx)) throw conflict('不能在此重置自己的密码，请在「用户设置」中修改密码');
  const reset = accounts.table.update(a, { password: initialPassword() });
  revoke(a.id);
  raise(a.id, {
    type: 'notice',
    title: '登录密码已被管理员重置',
    subTitle: '账号安全',
    content: `管理员 ${accounts.table.find(ctx.session.accountId)!.name} 已重置你的登录密码，请向管理员索取初始密码，登录后在「用户设置」中修改。`,
    messageType: MESSAGE_TAGS.attention,
  });
  return { ...view(reset), initialPassword: reset.password } satisfies AccountWithPassword;
});

accounts.action('grants', async (a, { request }) => {
  const grant = await input(grantSchema, request);
  const [checked] = checkShops([grant], () => 'shopID');
  if (a.grants.some((g) => g.role === grant.role && g.shopID === grant.shopID))
    throw conflict(`账号「${a.name}」已有「${grantLabel(grant.role, checked.shopName)}」角色`);
  notifyGrant(a.id, checked, true);
  return view(accounts.table.update(a, { grants: [...a.grants, withId(grant)] }));
});

accounts.route('delete', '/:id/grants/:grantId', 'action:grants', (ctx) => {
  const a = accounts.find(ctx, ctx.params.id);
  const grant = a.grants.find((g) => String(g.id) === ctx.params.grantId);
  if (!grant) throw notFound('该账号没有这个角色授权');
  if (a.grants.length === 1) throw conflict(LAST_GRANT_MESSAGE);
  if (isMe(a, ctx) && grant.role === 'admin') throw conflict('不能移除自己的管理员角色');
  revoke(a.id, grant);
  notifyGrant(a.id, { role: grant.role, shopName: shopName(grant.shopID) }, false);
  return view(accounts.table.update(a, { grants: a.grants.filter((g) => g !== grant) }));
});
