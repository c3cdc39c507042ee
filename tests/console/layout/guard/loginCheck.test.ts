import { describe, expect, it, vi } from 'vitest';
import { loadUserInfo, loginCheck, type UserInfoSource } from '../../../../src/layout/guard/loginCheck';
import type { UserInfo } from '../../../../contract/auth';

const MANAGER: UserInfo = {
  accountId: 2,
  name: '王店长',
  remark: '',
  avatar: '',
  jobName: '店长',
  phone: '13800000002',
  role: 'shop-manager',
  shop: '美颜坊·徐汇旗舰店',
  shopID: 1,
};

const to = (url: string) => {
  const [pathname, query] = url.split('?');
  return { pathname, search: query === undefined ? '' : `?${query}` };
};
const loggedOut = { loggedIn: false, user: undefined };
const roleUnknown = { loggedIn: true, user: undefined };
const known = { loggedIn: true, user: MANAGER };

describe('login check', () => {
  it.each([
    ['not logged in, a page', '/shop/staff?page=2', loggedOut, { kind: 'redirect', to: '/login?redirect=%2Fshop%2Fstaff%3Fpage%3D2' }],
    ['not logged in, an unknown path', '/no/such', loggedOut, { kind: 'redirect', to: '/login?redirect=%2Fno%2Fsuch' }],
    ['not logged in, login', '/login?redirect=%2Fshop%2Fstaff', loggedOut, { kind: 'continue' }],
    [
      'role unknown, a page',
      '/finance/review?day=2026-11-01',
      roleUnknown,
      { kind: 'loadUser', onFailure: '/login?redirect=%2Ffinance%2Freview%3Fday%3D2026-11-01' },
    ],
    [
      'role unknown, login with redirect',
      '/login?redirect=%2Fshop%2Fstaff',
      roleUnknown,
      { kind: 'loadUser', onFailure: '/login?redirect=%2Fshop%2Fstaff' },
    ],
    ['role unknown, login', '/login', roleUnknown, { kind: 'loadUser', onFailure: '/login?redirect=%2Fdashboard%2Fworkplace' }],
    ['role known, a page', '/shop/staff', known, { kind: 'continue' }],
    [
      'role known, login with redirect',
      '/login?redirect=%2Fshop%2Fstaff%3Fpage%3D2',
      known,
      { kind: 'redirect', to: '/shop/staff?page=2' },
    ],
    ['role known, login', '/login', known, { kind: 'redirect', to: '/dashboard/workplace' }],
    [
      'role known, login redirecting off-site',
      '/login?redirect=%2F%2Fevil.example',
      known,
      { kind: 'redirect', to: '/dashboard/workplace' },
    ],
  ])('%s: %s', (_case, url, state, decision) => {
    expect(loginCheck(to(url), state)).toEqual(decision);
  });
});

describe('user info fetch', () => {
  const source = (identity: () => Promise<UserInfo | null>): UserInfoSource & { logout: ReturnType<typeof vi.fn> } => ({
    getIdentity: identity,
    logout: vi.fn(async () => ({ success: true })),
  });

  it('goes on when the user info arrives', async () => {
    const s = source(async () => MANAGER);
    expect(await loadUserInfo('/login?redirect=%2Fshop%2Fstaff', s)).toEqual({ kind: 'continue' });
    expect(s.logout).not.toHaveBeenCalled();
  });

  it.each([
    ['fails', () => Promise.reject(new Error('50000'))],
    ['answers nobody', async () => null],
  ])('logs out and goes to the failure target when the call %s', async (_case, identity) => {
    const s = source(identity);
    expect(await loadUserInfo('/login?redirect=%2Fshop%2Fstaff', s)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fshop%2Fstaff' });
    expect(s.logout).toHaveBeenCalledTimes(1);
  });
});
