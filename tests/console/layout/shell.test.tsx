import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as route, HttpResponse } from 'msw';
import { API } from '../../../contract/api';
import { menuFor } from '../../../contract/access';
import { server } from '../support/server';
import { preloadPages } from '../app/renderApp';
import { PAGE_TEST_TIMEOUT, openPage, setupUser } from '../pages/support';
import { DEFAULT_SETTINGS, getSettings, updateSettings } from '../../../src/stores/settings';

const ADMIN = '13800000001';
const MANAGER = '13800000002';

beforeAll(async () => {
  await preloadPages();
  await Promise.all([import('../../../src/pages/staff'), import('../../../src/pages/customer')]);
}, 120_000);

afterEach(() => {
  // The settings are one module for the whole file: every test starts from the defaults.
  const { serverMenu: _serverMenu, ...defaults } = DEFAULT_SETTINGS;
  updateSettings(defaults);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

const drawer = () => document.querySelector<HTMLElement>('.app-settings-drawer')!;
const drawerOpen = () => !!drawer().closest('.ant-drawer-open');
const toggle = (name: string) => within(drawer()).getByRole('switch', { name });

/** Opens the settings drawer with the navbar's gear, once the layout is there. */
async function openDrawer(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByTestId('settings-open'));
  await waitFor(() => expect(drawerOpen()).toBe(true));
}
const sider = () => document.querySelector<HTMLElement>('.app-sider');
const tabBar = () => screen.getByTestId('tab-bar');
const tabTitles = () => [...tabBar().querySelectorAll('.ant-tabs-tab-btn')].map((e) => e.textContent);
const tabOf = (title: string) => within(tabBar()).getByText(title).closest('.ant-tabs-tab') as HTMLElement;

describe('settings drawer', () => {
  it('is mounted before it opens; the gear opens it, the close button closes it', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    openPage('/dashboard/workplace', ADMIN);
    await screen.findByTestId('settings-open');
    expect(drawer()).toBeTruthy();
    expect(drawerOpen()).toBe(false);
    // Closed, yet all there.
    expect(within(drawer()).getByText('页面配置')).toBeTruthy();
    expect(within(drawer()).getByRole('alert', { hidden: true }).textContent).toContain('只保存在当前浏览器中');
    expect(within(drawer()).getByRole('spinbutton', { name: '菜单宽度 (px)', hidden: true })).toBeTruthy();

    await user.click(screen.getByTestId('settings-open'));
    await waitFor(() => expect(drawerOpen()).toBe(true));
    expect(getSettings().globalSettings).toBe(true);
    await user.click(within(drawer().querySelector<HTMLElement>('.app-settings-footer')!).getByRole('button', { name: /^关\s*闭$/ }));
    await waitFor(() => expect(drawerOpen()).toBe(false));
    expect(getSettings().globalSettings).toBe(false);
  });

  it('turns pieces of the layout off and on at once', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    openPage('/dashboard/workplace', ADMIN);
    await openDrawer(user);

    await user.click(toggle('底部'));
    expect(document.querySelector('.app-footer')).toBeNull();
    await user.click(toggle('多页签'));
    expect(screen.queryByTestId('tab-bar')).toBeNull();
    await user.click(toggle('菜单栏'));
    expect(sider()).toBeNull();
    await user.click(toggle('菜单栏'));
    expect(sider()).toBeTruthy();

    // Without the navbar, the floating button opens the drawer.
    await user.click(toggle('导航栏'));
    expect(document.querySelector('.app-navbar')).toBeNull();
    await user.click(screen.getByTestId('settings-float'));
    expect(getSettings().globalSettings).toBe(true);
    await user.click(toggle('导航栏'));
    expect(document.querySelector('.app-navbar')).toBeTruthy();
    expect(screen.queryByTestId('settings-float')).toBeNull();

    // The top menu moves the menu into the navbar and expands it.
    updateSettings({ menuCollapse: true });
    await user.click(toggle('顶部菜单栏'));
    expect(document.querySelector('.app-navbar .ant-menu-horizontal')?.textContent).toContain('商户管理');
    expect(sider()).toBeNull();
    expect(getSettings().menuCollapse).toBe(false);

    await user.click(toggle('色弱模式'));
    expect(document.documentElement.style.filter).toBe('invert(80%)');
    await user.click(toggle('色弱模式'));
    expect(document.documentElement.style.filter).toBe('');
  });

  it('sizes the sider from the menu width input', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    openPage('/dashboard/workplace', ADMIN);
    await openDrawer(setupUser());
    expect(sider()!.style.width).toBe('220px');
    const input = within(drawer()).getByRole('spinbutton', { name: '菜单宽度 (px)' });
    fireEvent.change(input, { target: { value: '300' } });
    await waitFor(() => expect(sider()!.style.width).toBe('300px'));
    expect(getSettings().menuWidth).toBe(300);
  });

  it('copies the settings as JSON and says so', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    openPage('/dashboard/workplace', ADMIN);
    await openDrawer(user);
    updateSettings({ menuWidth: 260 });
    await user.click(within(drawer()).getByRole('button', { name: '复制配置' }));
    expect(await screen.findByText('已把当前配置（JSON）复制到剪贴板')).toBeTruthy();
    expect(JSON.parse(writeText.mock.calls[0][0])).toEqual({ ...getSettings(), menuWidth: 260 });
  });

  it('switches to the dark theme from the navbar: the body attribute and the setting', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    openPage('/dashboard/workplace', ADMIN);
    await user.click(await screen.findByRole('button', { name: '点击切换为暗黑模式' }));
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(getSettings().theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('app-settings')!).theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: '点击切换为亮色模式' }));
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
  });

  it('turns the sider into a drawer below 992 px', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    openPage('/dashboard/workplace', ADMIN);
    await waitFor(() => expect(sider()).toBeTruthy());
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(getSettings()).toMatchObject({ device: 'mobile', hideMenu: true });
    expect(sider()).toBeNull();
    await user.click(screen.getByTestId('mobile-menu'));
    const menu = await waitFor(() => document.querySelector<HTMLElement>('.app-menu-drawer')!);
    expect(within(menu).getByText('商户管理')).toBeTruthy();

    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(getSettings()).toMatchObject({ device: 'desktop', hideMenu: false });
    expect(sider()).toBeTruthy();
  });
});

describe('menu from server', () => {
  it('fetches the menu with a notice and draws the sider from it', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    // The server's menu for this account lacks the finance group.
    server.use(
      route.post(`*${API.menu}`, () =>
        HttpResponse.json({ code: 0, msg: '', data: menuFor('shop-manager').filter((g) => g.name !== 'finance') }),
      ),
    );
    openPage('/dashboard/workplace', MANAGER);
    await openDrawer(user);
    expect(sider()!.textContent).toContain('财务管理');
    await user.click(toggle('菜单来源于后台'));
    expect(await screen.findByText('菜单加载成功')).toBeTruthy();
    await waitFor(() => expect(sider()!.textContent).not.toContain('财务管理'));
    expect(getSettings().serverMenu.map((g) => g.name)).toEqual(['dashboard', 'checkstand', 'appointment', 'shop']);
  });

  it('sends a route missing from the server menu to not-found, inside the layout', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    updateSettings({ menuFromServer: true });
    server.use(
      route.post(`*${API.menu}`, () =>
        HttpResponse.json({ code: 0, msg: '', data: menuFor('shop-manager').filter((g) => g.name !== 'finance') }),
      ),
    );
    const app = openPage('/finance/income', MANAGER);
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(app.location()).toBe('/finance/income');
    expect(screen.getByTestId('navbar-account')).toBeTruthy();
  });

  it('sends a route the role may not open to not-found instead of the first permitted page', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    updateSettings({ menuFromServer: true });
    const app = openPage('/business/shop', MANAGER);
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(app.location()).toBe('/business/shop');
  });

  it('lets the pages outside every menu through (user center)', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    updateSettings({ menuFromServer: true });
    openPage('/user/center', MANAGER);
    expect(await screen.findByLabelText('姓名')).toBeTruthy();
  });

  it('says so when the menu fails to load, and shows not-found', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    updateSettings({ menuFromServer: true });
    server.use(route.post(`*${API.menu}`, () => HttpResponse.json({ code: 50000, msg: '服务器开小差了', data: null })));
    openPage('/shop/staff', MANAGER);
    expect(await screen.findByText('菜单加载失败')).toBeTruthy();
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
  });
});

describe('tab bar', () => {
  it('adds a tab per page, keeps a page with what was typed, and shows it again from its tab', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    const app = openPage('/shop/staff', MANAGER);
    const search = (await screen.findByPlaceholderText('搜索姓名或手机号')) as HTMLInputElement;
    await user.type(search, '周晓');
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '员工管理']));

    await user.click(tabOf('工作台'));
    await waitFor(() => expect(app.location()).toBe('/dashboard/workplace'));
    // Kept, out of sight.
    expect(search.isConnected).toBe(true);
    expect(search.closest<HTMLElement>('.app-page')!.style.display).toBe('none');

    await user.click(tabOf('员工管理'));
    await waitFor(() => expect(app.location()).toMatch(/^\/shop\/staff\?/));
    expect(screen.getByPlaceholderText('搜索姓名或手机号')).toBe(search);
    expect(search.value).toBe('周晓');
  });

  it('reloads a page from the context menu: it mounts afresh and comes back to its URL', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    const app = openPage('/shop/staff', MANAGER);
    const search = (await screen.findByPlaceholderText('搜索姓名或手机号')) as HTMLInputElement;
    await user.type(search, '周晓');
    await waitFor(() => expect(app.location()).toMatch(/^\/shop\/staff\?/));
    const url = app.location();

    fireEvent.contextMenu(tabOf('员工管理'));
    await user.click(await screen.findByRole('menuitem', { name: /重新加载/ }));
    await waitFor(() => expect(app.location()).toBe(url));
    const fresh = (await screen.findByPlaceholderText('搜索姓名或手机号')) as HTMLInputElement;
    expect(fresh).not.toBe(search);
    expect(fresh.value).toBe('');
  });

  it('closes tabs from the context menu and drops their pages', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    const app = openPage('/shop/staff', MANAGER);
    await screen.findByPlaceholderText('搜索姓名或手机号');
    await user.click(within(sider()!).getByRole('link', { name: '客户管理' }));
    await screen.findByPlaceholderText('姓名或手机号（可输后四位）');
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '员工管理', '客户管理']));

    fireEvent.contextMenu(tabOf('客户管理'));
    await user.click(await screen.findByRole('menuitem', { name: /关闭左侧标签页/ }));
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '客户管理']));
    // The staff page left with its tab.
    expect(screen.queryByPlaceholderText('搜索姓名或手机号')).toBeNull();

    fireEvent.contextMenu(tabOf('客户管理'));
    await user.click(await screen.findByRole('menuitem', { name: /关闭当前标签页/ }));
    await waitFor(() => expect(tabTitles()).toEqual(['工作台']));
    await waitFor(() => expect(app.location()).toBe('/dashboard/workplace'));
  });

  it('starts again from Workplace after a role switch', { timeout: PAGE_TEST_TIMEOUT }, async () => {
    const user = setupUser();
    const app = openPage('/shop/staff', MANAGER);
    await screen.findByPlaceholderText('搜索姓名或手机号');
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '员工管理']));
    await user.click(screen.getByTestId('navbar-account'));
    await user.click(await screen.findByRole('menuitem', { name: /切换角色\/门店/ }));
    await user.click(await screen.findByRole('radio', { name: '店长（美颜坊·朝阳大悦城店）' }));
    await user.click(screen.getByRole('button', { name: /^切\s*换$/ }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/workplace'));
    await waitFor(() => expect(tabTitles()).toEqual(['工作台']));
    expect(screen.queryByPlaceholderText('搜索姓名或手机号')).toBeNull();
  });
});
