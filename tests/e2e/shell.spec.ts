import { test, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { API } from '../../contract/api';
import { ADMIN, DEMO_PASSWORD, MANAGER_THIRD_SHOP, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { screenshot } from './support/files';
import { accountMenuItem, popupsSettled, row } from './support/ui';

/** A screenshot once the pointer is off the navbar (no tooltip) and open popups have finished moving in. */
async function shot(page: Page, testInfo: TestInfo, name: string, target?: Locator): Promise<void> {
  await page.mouse.move(1, 1);
  await popupsSettled(page);
  await screenshot(page, testInfo, name, target);
}

const drawer = (page: Page) => page.locator('.app-settings-drawer');
const setting = (page: Page, name: string) => drawer(page).getByRole('switch', { name, exact: true });
const sider = (page: Page) => page.locator('.ant-layout-sider');
const tabBar = (page: Page) => page.getByTestId('tab-bar');
const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name, exact: true });
/** The titles of the open tabs, in order. */
const tabTitles = (page: Page) => tabBar(page).locator('.ant-tabs-tab-btn');
const rootFilter = (page: Page) => page.evaluate(() => document.documentElement.style.filter);
const bodyTheme = (page: Page) => page.evaluate(() => document.body.getAttribute('arco-theme'));

/**
 * Waits until the page has loaded its data and stopped scrolling: a menu opened at the pointer
 * closes on any scroll (antd, like a native context menu), and a page that mounts afresh or gets
 * its kept scroll back may still be moving.
 */
async function pageSettled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const scrollStill = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const y = window.scrollY;
          setTimeout(() => resolve(window.scrollY === y), 200);
        }),
    );
  await expect.poll(scrollStill).toBe(true);
}

/** Opens a tab's context menu, once the menu of a previous pick has closed; answers the menu once it stands still. */
async function tabMenu(page: Page, title: string): Promise<Locator> {
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(openMenus).toHaveCount(0);
  await pageSettled(page);
  await tab(page, title).click({ button: 'right' });
  await expect(openMenus).toHaveCount(1);
  await expect(openMenus).not.toHaveClass(/-appear|-enter/);
  return openMenus;
}

/**
 * Picks an item of an open tab menu where it stands, as a user does. Playwright's own click may
 * scroll the window first (it did, now and then, on the short viewport), and any scroll closes the
 * menu before the click lands.
 */
async function pick(menu: Locator, action: string): Promise<void> {
  const item = menu.getByRole('menuitem', { name: action });
  const box = await item.boundingBox();
  expect(box).not.toBeNull();
  await item.page().mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(menu).toHaveCount(0);
}

async function tabAction(page: Page, title: string, action: string): Promise<void> {
  await pick(await tabMenu(page, title), action);
}

/**
 * Waits until no notification is left, the pointer kept off them: they sit over the navbar's right
 * end and antd pauses their closing while hovered, so a click aimed under one would wait for ever.
 */
async function noticesGone(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 15_000 });
}

/** Opens a page from the sider, its group first. */
async function openFromMenu(page: Page, group: string, item: string, options: { timeout?: number } = {}): Promise<void> {
  const link = sider(page).getByRole('link', { name: item, exact: true });
  if (!(await link.isVisible())) await sider(page).getByText(group, { exact: true }).click(options);
  await link.click(options);
}

test.describe('settings drawer', () => {
  test('every setting changes the page at once and survives a reload', async ({ page, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginThroughForm(page, ADMIN);

    await expect(page.getByText('欢迎使用')).toBeHidden();
    await page.getByTestId('settings-open').click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByText('页面配置')).toBeVisible();
    await expect(drawer(page).locator('.ant-alert')).toContainText('只保存在当前浏览器中');
    expect((await drawer(page).boundingBox())?.width).toBeCloseTo(300, 0);
    await shot(page, testInfo, 'drawer-light');

    // Theme colour: antd's primary colour (a primary button) follows the picker; the default reads at 4.5:1 as it is.
    const copyButton = drawer(page).getByRole('button', { name: '复制配置' });
    await expect(copyButton).toHaveCSS('background-color', 'rgb(22, 93, 255)');
    await expect(drawer(page).getByTestId('theme-color-adjusted')).toHaveCount(0);
    await drawer(page).locator('.ant-color-picker-trigger').click();
    const hex = page.locator('.ant-color-picker-hex-input input');
    await hex.fill('F53F3F');
    // #F53F3F is 3.7:1 on white: links and buttons take the 2 % step darker mix that reaches 4.5:1 on white
    // and on the page's #f5f5f5, #ce3535 (5.02:1 and 4.60:1), and the drawer says so.
    await expect(copyButton).toHaveCSS('background-color', 'rgb(206, 53, 53)');
    await expect(drawer(page).getByTestId('theme-color-adjusted')).toContainText('#ce3535');
    // The contrast note pushes the next section under the open picker, so the click-away lands on the drawer title.
    await drawer(page).getByText('页面配置', { exact: true }).click();
    await expect(hex).toBeHidden();

    // Navbar off: the header goes and the floating settings button shows.
    await setting(page, '导航栏').click();
    await expect(page.locator('.app-navbar')).toHaveCount(0);
    await expect(page.getByTestId('settings-float')).toBeVisible();

    // Menu off and on.
    await setting(page, '菜单栏').click();
    await expect(sider(page)).toHaveCount(0);
    await setting(page, '菜单栏').click();
    await expect(sider(page)).toBeVisible();

    // The close button hides the drawer; the floating button opens it again.
    await drawer(page)
      .locator('.app-settings-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect(drawer(page)).toBeHidden();
    await expect(page.locator('.ant-drawer-content-wrapper').filter({ has: drawer(page) })).toHaveCount(1); // still mounted
    await page.getByTestId('settings-float').click();
    await expect(drawer(page)).toBeVisible();
    await setting(page, '导航栏').click();
    await expect(page.locator('.app-navbar')).toBeVisible();
    await expect(page.getByTestId('settings-float')).toHaveCount(0);

    // Top menu: the menu moves into the navbar.
    await setting(page, '顶部菜单栏').click();
    await expect(page.locator('.app-navbar .ant-menu-horizontal')).toBeVisible();
    await expect(page.locator('.app-navbar .ant-menu-horizontal')).toContainText('商户管理');
    await expect(sider(page)).toHaveCount(0);
    await setting(page, '顶部菜单栏').click();
    await expect(page.locator('.app-navbar .ant-menu-horizontal')).toHaveCount(0);
    await expect(sider(page)).toBeVisible();

    // Tab bar and footer.
    await setting(page, '多页签').click();
    await expect(tabBar(page)).toHaveCount(0);
    await setting(page, '多页签').click();
    await expect(tabBar(page)).toBeVisible();
    await expect(page.locator('.app-footer')).toBeVisible();
    await setting(page, '底部').click();
    await expect(page.locator('.app-footer')).toHaveCount(0);

    // Colour-weak: 80% inversion on the page root, removed when off.
    await setting(page, '色弱模式').click();
    await expect.poll(() => rootFilter(page)).toBe('invert(80%)');
    await setting(page, '色弱模式').click();
    await expect.poll(() => rootFilter(page)).toBe('');

    // Menu width: the sider follows the number typed.
    await drawer(page).getByRole('spinbutton', { name: '菜单宽度 (px)' }).fill('300');
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(300);

    // Menu from server: fetched with a notice; the guard then refuses a route the menu lacks with not-found.
    await setting(page, '菜单来源于后台').click();
    await expect(page.locator('.ant-notification-notice').getByText('菜单加载成功')).toBeVisible();
    await expect(sider(page)).toContainText('财务管理');

    // Copy settings: the whole settings as JSON on the clipboard, and a message.
    await copyButton.click();
    await expect(page.getByText('已把当前配置（JSON）复制到剪贴板')).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toMatchObject({
      themeColor: '#f53f3f',
      menuWidth: 300,
      footer: false,
      menuFromServer: true,
      theme: 'light',
      globalSettings: true,
    });
    expect(copied.serverMenu.map((g: { name: string }) => g.name)).toEqual(['dashboard', 'operation', 'business', 'finance']);

    // Dark theme from the navbar: antd's dark palette and the body attribute.
    await drawer(page)
      .locator('.app-settings-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect(drawer(page)).toBeHidden();
    await noticesGone(page);
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => bodyTheme(page)).toBe('dark');
    await page.getByTestId('settings-open').click();
    await expect(drawer(page)).toBeVisible();
    // The drawer stays mounted, scrolled where it was left: show it from the top.
    await drawer(page)
      .locator('.ant-drawer-body')
      .evaluate((body) => body.scrollTo(0, 0));
    await shot(page, testInfo, 'drawer-dark');
    await drawer(page)
      .locator('.app-settings-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    // A reload keeps the choices (the drawer itself stays closed).
    await page.reload();
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(300);
    await expect.poll(() => bodyTheme(page)).toBe('dark');
    await expect(page.locator('.app-footer')).toHaveCount(0);
    await expect(drawer(page)).toBeHidden();

    // With the server menu on, a page the menu does not list is not-found (no hop to a permitted page).
    await page.goto('/shop/staff');
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await expect(page).toHaveURL(/\/shop\/staff$/);
    await expect(page.locator('.app-navbar')).toBeVisible();

    // The fresh page loaded the server menu again, with its notice over the navbar.
    await noticesGone(page);
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => bodyTheme(page)).toBeNull();
  });

  test('below 992 px the menu is a drawer opened from the navbar', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await loginThroughForm(page, ADMIN);
    await expect(sider(page)).toHaveCount(0);
    await page.getByTestId('mobile-menu').click();
    const menuDrawer = page.locator('.app-menu-drawer');
    await expect(menuDrawer).toBeVisible();
    await menuDrawer.getByText('商户管理', { exact: true }).click();
    await menuDrawer.getByRole('link', { name: '门店管理' }).click();
    await expect(page).toHaveURL(/\/business\/shop/);
    await expect(menuDrawer).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(sider(page)).toBeVisible();
    await expect(page.getByTestId('mobile-menu')).toHaveCount(0);
  });
});

test.describe('tab bar', () => {
  // Short, so the shop list scrolls.
  test.use({ viewport: { width: 1280, height: 560 } });

  test('keeps an open page with its filters and scroll, reloads it and closes tabs from the context menu', async ({ page }, testInfo) => {
    await loginThroughForm(page, ADMIN);
    await openFromMenu(page, '商户管理', '门店管理');
    const search = page.getByPlaceholder('搜索门店名称、地址或电话');
    await search.fill('美颜坊');
    await search.press('Enter');
    await expect(page).toHaveURL(/filters/);
    const filteredUrl = page.url();
    // Typed, not searched yet: only the kept page remembers this.
    await search.pressSequentially('·');
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(0);

    await tab(page, '工作台').click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(search).toBeHidden();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await tab(page, '门店管理').click();
    await expect(page).toHaveURL(filteredUrl);
    await expect(search).toHaveValue('美颜坊·');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

    // The menu's bare link brings the page back as it was too.
    await tab(page, '工作台').click();
    await openFromMenu(page, '商户管理', '门店管理');
    await expect(page).toHaveURL(filteredUrl);
    await expect(search).toHaveValue('美颜坊·');

    await openFromMenu(page, '运营管理', '活动管理');
    await openFromMenu(page, '运营管理', '项目管理');
    await expect(tabTitles(page)).toHaveText(['工作台', '门店管理', '活动管理', '项目管理']);
    await shot(page, testInfo, 'tab-bar-light', tabBar(page));

    // Reload through the context menu: via /redirect and back, the page mounts afresh from its URL.
    const shopMenu = await tabMenu(page, '门店管理');
    await expect(shopMenu.getByRole('menuitem', { name: '关闭左侧标签页' })).toHaveClass(/disabled/);
    await shot(page, testInfo, 'tab-bar-menu-light');
    await pick(shopMenu, '重新加载');
    await expect(page).toHaveURL(filteredUrl);
    await expect(search).toHaveValue('美颜坊');

    // Close right of 活动管理, then left of it, then the current one: Workplace stays.
    await tabAction(page, '活动管理', '关闭右侧标签页');
    await expect(tabTitles(page)).toHaveText(['工作台', '门店管理', '活动管理']);
    await tabAction(page, '活动管理', '关闭左侧标签页');
    await expect(tabTitles(page)).toHaveText(['工作台', '活动管理']);
    // The page on screen lost its tab: the tab the menu was opened on shows.
    await expect(page).toHaveURL(/\/operation\/events/);

    await openFromMenu(page, '财务管理', '业绩排行');
    await tabAction(page, '业绩排行', '关闭其它标签页');
    await expect(tabTitles(page)).toHaveText(['工作台', '业绩排行']);
    await tabAction(page, '业绩排行', '关闭当前标签页');
    await expect(tabTitles(page)).toHaveText(['工作台']);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);

    await openFromMenu(page, '运营管理', '活动管理');
    await openFromMenu(page, '商户管理', '门店管理');
    const workplaceMenu = await tabMenu(page, '工作台');
    await expect(workplaceMenu.getByRole('menuitem', { name: '关闭当前标签页' })).toHaveClass(/disabled/);
    await pick(workplaceMenu, '关闭全部标签页');
    await expect(tabTitles(page)).toHaveText(['工作台']);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);

    await openFromMenu(page, '运营管理', '活动管理');
    await openFromMenu(page, '商户管理', '门店管理');
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => bodyTheme(page)).toBe('dark');
    await shot(page, testInfo, 'tab-bar-dark', tabBar(page));
    await tabMenu(page, '活动管理');
    await shot(page, testInfo, 'tab-bar-menu-dark');
  });
});

test.describe('account', () => {
  test('an account with two shops switches shop from the navbar and sees the other shop’s staff', async ({ page }) => {
    await loginThroughForm(page, MANAGER_TWO_SHOPS);
    await openFromMenu(page, '本店管理', '员工管理');
    await expect(row(page, '周晓雯')).toHaveCount(1);
    await expect(row(page, '刘思涵')).toHaveCount(0);

    await (await accountMenuItem(page, '切换角色/门店')).click();
    await page.getByRole('radio', { name: '店长（美颜坊·朝阳大悦城店）' }).check();
    await page.getByRole('button', { name: /^切\s*换$/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(page.getByTestId('navbar-account')).toContainText('美颜坊·朝阳大悦城店');
    // The switch resets the tabs.
    await expect(tabTitles(page)).toHaveText(['工作台']);

    await openFromMenu(page, '本店管理', '员工管理');
    await expect(row(page, '刘思涵')).toHaveCount(1);
    await expect(row(page, '周晓雯')).toHaveCount(0);
  });

  test('changing the password ends the account’s other sessions with the session-expired dialog', async ({ page, browser, request }) => {
    const NEW_PASSWORD = 'Demo@2027x';
    await loginThroughForm(page, MANAGER_THIRD_SHOP);
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await loginThroughForm(otherPage, MANAGER_THIRD_SHOP);

      await (await accountMenuItem(page, '用户设置')).click();
      await page.getByLabel('原密码').fill(DEMO_PASSWORD);
      await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: '确认修改' }).click();
      await expect(page.getByText('密码已修改，其他已登录的客户端已退出登录')).toBeVisible();

      // The other browser's next call finds its session ended. The Workplace it shows may make that call on its own (a
      // refresh), and then the dialog covers the menu before it is clicked; otherwise opening a page makes the call.
      const expired = otherPage.getByRole('dialog', { name: '确认登出' });
      await openFromMenu(otherPage, '本店管理', '员工管理', { timeout: 10_000 }).catch(async (e) => {
        if (!(await expired.isVisible())) throw e;
      });
      await expect(expired).toBeVisible();
      await expect(expired).toContainText('您已被登出，可以取消以留在此页面，或重新登录');
      await expired.getByRole('button', { name: '重新登录' }).click();
      await expect(otherPage).toHaveURL(/\/login/);
    } finally {
      await other.close();
      // Later tests log in with the demo password.
      const token = await loginOverApi(request, MANAGER_THIRD_SHOP, NEW_PASSWORD);
      const res = await request.post(API.passwordModify, {
        headers: { authorization: `Bearer ${token}` },
        data: { oldPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD },
      });
      expect((await res.json()).code).toBe(0);
    }
  });
});

test.describe('message box', () => {
  test('clicking an unread message marks it read and the count drops', async ({ page }, testInfo) => {
    await loginThroughForm(page, ADMIN);
    const badge = page.locator('.ant-badge', { has: page.getByTestId('message-bell') }).locator('.ant-badge-count');
    await expect(badge).toBeVisible();
    const before = Number(await badge.getAttribute('title'));
    expect(before).toBeGreaterThan(0);

    await expect(page.getByText('欢迎使用')).toBeHidden();
    await page.getByTestId('message-bell').click();
    const box = page.locator('.message-box');
    await expect(box.locator('.message-item').first()).toBeVisible();
    await shot(page, testInfo, 'message-box-light');
    const unread = box.locator('.message-item-unread').first();
    const id = await unread.getAttribute('data-testid');
    await unread.click();
    // The message opens in its dialog (the box closes under it) and is read from then on.
    const detail = page.getByTestId('message-detail');
    await expect(detail).toBeVisible();
    await expect(badge).toHaveAttribute('title', String(before - 1));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect(detail).toBeHidden();
    await page.getByTestId('message-bell').click();
    await expect(box.getByTestId(id!)).not.toHaveClass(/message-item-unread/);

    await page.keyboard.press('Escape');
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => bodyTheme(page)).toBe('dark');
    await page.getByTestId('message-bell').click();
    await expect(box.locator('.message-item').first()).toBeVisible();
    await shot(page, testInfo, 'message-box-dark');
  });
});
