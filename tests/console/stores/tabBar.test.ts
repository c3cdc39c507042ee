import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appendTab,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  dropCache,
  getTabBar,
  labelTab,
  reloadPath,
  resetTabs,
  tabFor,
  type TabItem,
} from '../../../src/stores/tabBar';
import { clearUser, setUser } from '../../../src/stores/currentUser';
import { emitRoleSwitched } from '../../../src/components/account/roleSwitchEvents';
import type { UserInfo } from '../../../contract/auth';

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

/** The tab of a URL, as a navigation there appends it. */
function tab(url: string): TabItem {
  const [pathname, query = ''] = url.split('?');
  return tabFor(pathname, query ? `?${query}` : '')!;
}

const open = (...urls: string[]) => urls.forEach((url) => appendTab(tab(url)));
const paths = () => getTabBar().tabs.map((t) => t.fullPath);
const cached = () => getTabBar().cached;

beforeEach(() => {
  resetTabs();
});

describe('tab of a location', () => {
  it('carries title, name, fullPath, query and ignoreCache', () => {
    expect(tab('/shop/staff?currentPage=2&pageSize=20')).toEqual({
      title: 'menu.shop.staff',
      name: 'Staff',
      fullPath: '/shop/staff?currentPage=2&pageSize=20',
      query: { currentPage: '2', pageSize: '20' },
      ignoreCache: false,
    });
    expect(tab('/shop/consumer/7')).toMatchObject({ name: 'ConsumerDetail', ignoreCache: true });
  });

  it('is the not-found page (never cached) for a path outside the route table', () => {
    expect(tab('/no/such/page')).toMatchObject({ name: 'NotFound', title: 'common.notFound.title', ignoreCache: true });
  });

  it('does not exist for the redirect route', () => {
    expect(tabFor('/redirect/%2Fshop%2Fstaff', '')).toBeUndefined();
  });

  it('reloads through /redirect/<encoded fullPath>', () => {
    expect(reloadPath(tab('/business/shop?q=徐汇'))).toBe(`/redirect/${encodeURIComponent('/business/shop?q=徐汇')}`);
  });
});

describe('tab bar store', () => {
  it('starts with Workplace alone, cached', () => {
    expect(paths()).toEqual(['/dashboard/workplace']);
    expect(cached()).toEqual(['Workplace']);
  });

  it('appends each new page once and caches it', () => {
    open('/shop/staff', '/shop/consumer', '/shop/staff');
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/staff', '/shop/consumer']);
    expect(cached()).toEqual(['Workplace', 'Staff', 'Consumer']);
  });

  it('keeps the place of an open page and follows its newest query', () => {
    open('/shop/staff', '/shop/consumer', '/shop/staff?q=李');
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/staff?q=李', '/shop/consumer']);
    expect(getTabBar().tabs[1].query).toEqual({ q: '李' });
  });

  it('changes nothing when the same URL comes again', () => {
    open('/shop/staff');
    const before = getTabBar();
    open('/shop/staff');
    expect(getTabBar()).toBe(before);
  });

  it('does not cache a route marked ignoreCache, but gives it a tab per path', () => {
    open('/shop/consumer/7', '/shop/consumer/8');
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/consumer/7', '/shop/consumer/8']);
    expect(cached()).toEqual(['Workplace']);
  });

  it('reload drops the page from the cache; coming back caches it again', () => {
    open('/shop/staff');
    dropCache('Staff');
    expect(cached()).toEqual(['Workplace']);
    expect(paths()).toContain('/shop/staff');
    open('/shop/staff');
    expect(cached()).toEqual(['Workplace', 'Staff']);
  });

  it('close current: the tab and its cache go, its left neighbour is answered', () => {
    open('/shop/staff', '/shop/consumer', '/finance/income');
    expect(closeTab('/shop/consumer')?.fullPath).toBe('/shop/staff');
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/staff', '/finance/income']);
    expect(cached()).toEqual(['Workplace', 'Staff', 'Income']);
  });

  it('close left keeps Workplace and the tab and everything right of it', () => {
    open('/shop/staff', '/shop/consumer', '/finance/income', '/appointment/after-sale');
    expect(closeLeft('/finance/income')?.fullPath).toBe('/finance/income');
    expect(paths()).toEqual(['/dashboard/workplace', '/finance/income', '/appointment/after-sale']);
    expect(cached()).toEqual(['Workplace', 'Income', 'AppointmentAfterSale']);
  });

  it('close right keeps everything up to the tab', () => {
    open('/shop/staff', '/shop/consumer', '/finance/income');
    expect(closeRight('/shop/staff')?.fullPath).toBe('/shop/staff');
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/staff']);
    expect(cached()).toEqual(['Workplace', 'Staff']);
  });

  it('close others keeps Workplace and the tab', () => {
    open('/shop/staff', '/shop/consumer', '/finance/income');
    expect(closeOthers('/shop/consumer')?.fullPath).toBe('/shop/consumer');
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/consumer']);
    expect(cached()).toEqual(['Workplace', 'Consumer']);
  });

  it('close all (reset) leaves only Workplace, cached', () => {
    open('/shop/staff', '/shop/consumer');
    expect(resetTabs().fullPath).toBe('/dashboard/workplace');
    expect(paths()).toEqual(['/dashboard/workplace']);
    expect(cached()).toEqual(['Workplace']);
  });

  it('never closes Workplace, whatever the action', () => {
    open('/shop/staff', '/shop/consumer');
    expect(closeTab('/dashboard/workplace')).toBeUndefined();
    closeRight('/dashboard/workplace');
    expect(paths()).toEqual(['/dashboard/workplace']);
    open('/shop/staff');
    closeOthers('/dashboard/workplace');
    expect(paths()).toEqual(['/dashboard/workplace']);
    open('/shop/staff', '/shop/consumer');
    closeLeft('/shop/consumer');
    closeOthers('/shop/consumer');
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/consumer']);
    expect(cached()).toContain('Workplace');
  });

  it('resets on logout (the user leaves the session) and on a role switch', () => {
    setUser(MANAGER);
    open('/shop/staff');
    clearUser();
    expect(paths()).toEqual(['/dashboard/workplace']);

    setUser(MANAGER);
    open('/shop/staff', '/shop/consumer');
    emitRoleSwitched(MANAGER);
    expect(paths()).toEqual(['/dashboard/workplace']);
    expect(cached()).toEqual(['Workplace']);
  });
});

describe('record names and a refresh', () => {
  it('a detail page names its tab after the record; the name stays when its query changes', () => {
    open('/shop/consumer/7', '/shop/consumer/8');
    labelTab('/shop/consumer/7', '唐伟');
    labelTab('/shop/consumer/8', '李娜');
    expect(getTabBar().tabs.map((t) => t.label)).toEqual([undefined, '唐伟', '李娜']);
    open('/shop/consumer/7?tab=visits');
    expect(getTabBar().tabs[1]).toMatchObject({ fullPath: '/shop/consumer/7?tab=visits', label: '唐伟' });
  });

  it('naming a tab that is not open changes nothing', () => {
    const before = getTabBar();
    labelTab('/shop/consumer/9', '王芳');
    expect(getTabBar()).toBe(before);
  });

  it('keeps the open tabs (where they point and their names) across a refresh of the browser tab', async () => {
    open('/shop/staff?q=李', '/shop/consumer/7');
    labelTab('/shop/consumer/7', '唐伟');
    vi.resetModules();
    const fresh = await import('../../../src/stores/tabBar');
    expect(fresh.getTabBar().tabs.map((t) => [t.fullPath, t.label])).toEqual([
      ['/dashboard/workplace', undefined],
      ['/shop/staff?q=李', undefined],
      ['/shop/consumer/7', '唐伟'],
    ]);
    // The pages mount afresh: only the tabs' routes are cached again, never a detail page.
    expect(fresh.getTabBar().cached).toEqual(['Workplace', 'Staff']);
  });

  it('derives every restored tab from its path: titles come from the route table, junk is dropped', async () => {
    sessionStorage.setItem(
      'tab-bar',
      JSON.stringify([
        { fullPath: '/shop/staff', title: 'evil', name: 'Workplace' },
        { fullPath: 42 },
        'x',
        { fullPath: '/redirect/%2Fshop' },
      ]),
    );
    vi.resetModules();
    const fresh = await import('../../../src/stores/tabBar');
    expect(fresh.getTabBar().tabs.map((t) => [t.fullPath, t.name, t.title])).toEqual([
      ['/dashboard/workplace', 'Workplace', 'menu.dashboard.workplace'],
      ['/shop/staff', 'Staff', 'menu.shop.staff'],
    ]);
  });

  it('a logout leaves only Workplace to restore', async () => {
    open('/shop/staff');
    resetTabs();
    vi.resetModules();
    const fresh = await import('../../../src/stores/tabBar');
    expect(fresh.getTabBar().tabs.map((t) => t.fullPath)).toEqual(['/dashboard/workplace']);
  });
});
