import { expect, test, type Locator, type Page, type Request, type Response, type TestInfo } from '@playwright/test';
import { API } from '../../contract/api';
import type { DeleteBlock } from '../../contract/deleteBlock';
import type { Message } from '../../contract/message';
import { ADMIN, DEMO_PASSWORD, MANAGER_THIRD_SHOP, loginThroughForm, readSiderMenu } from './support/login';
import { screenshot } from './support/files';
import { openList, popupsSettled } from './support/ui';

/**
 * The list pages each role opens, and other pages with tables (the cashier's cart beside today's
 * orders), checked for a column hidden under the fixed 操作 column.
 */
const LISTS = [
  {
    phone: ADMIN,
    paths: ['/business/account', '/business/shop', '/operation/events', '/operation/program', '/finance/review', '/finance/after-sales'],
    pages: [],
  },
  {
    phone: MANAGER_THIRD_SHOP,
    paths: ['/shop/staff', '/shop/consumer', '/finance/income', '/checkstand/after-sale'],
    pages: ['/checkstand/cashier'],
  },
];

/** How far each table of the page scrolls sideways (0 when every column is in view). */
const tableOverflows = (page: Page) =>
  page.locator('.ant-table-content, .ant-table-body').evaluateAll((tables) => tables.map((e) => e.scrollWidth - e.clientWidth));

test.describe('console polish', () => {
  test('a session ended elsewhere: one 确认登出 dialog, no toast under it, no endless spinner', async ({ page }) => {
    await loginThroughForm(page, MANAGER_THIRD_SHOP);
    await openList(page, '/shop/staff');
    const lists: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/customers')) lists.push(r.url());
    });
    // The session ends elsewhere: its token is logged out by another client.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.request.post(API.logout, { headers: { Authorization: `Bearer ${token}` } });
    // Then the page loads a list.
    const listAnswered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/customers'));
    await page.evaluate(() => {
      history.pushState({}, '', '/shop/consumer');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await listAnswered;
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toHaveCount(1);
    await expect(dialog).toContainText('确认登出');
    // The list's query has settled once its spinner stops: a retry would keep it spinning.
    await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
    await expect(dialog).toHaveCount(1);
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    expect(lists).toHaveLength(1);
  });

  test('detail tabs are named after the record, an unknown path is 页面不存在, and tabs survive a refresh', async ({ page }) => {
    await loginThroughForm(page, MANAGER_THIRD_SHOP);
    await openList(page, '/shop/consumer');
    // The first two rows of the list as it is sorted on screen (newest first), by name.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await page.request.get(`${API.resourceBase}/customers?_start=0&_end=2&_sort=createdAt&_order=desc`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const names = ((await res.json()).data as { name: string }[]).map((c) => c.name);
    expect(names).toHaveLength(2);
    const tabs = page.getByTestId('tab-bar').locator('.ant-tabs-tab');
    for (const [i, name] of names.entries()) {
      await openList(page, '/shop/consumer');
      await page.locator('tr.ant-table-row').nth(i).getByRole('link', { name: '详情' }).click();
      await expect(tabs.filter({ hasText: name })).toHaveCount(1);
      await expect(page.locator('.app-breadcrumb')).toContainText(`本店管理/客户管理/${name}`);
    }
    await expect(tabs.filter({ hasText: '客户详情' })).toHaveCount(0);

    await page.goto('/no/such/page');
    await expect(tabs.filter({ hasText: '页面不存在' })).toHaveCount(1);
    await expect(tabs.filter({ hasText: '404' })).toHaveCount(0);

    await page.reload();
    for (const name of [...names, '客户管理', '页面不存在']) await expect(tabs.filter({ hasText: name })).toHaveCount(1);
  });

  for (const width of [1280, 1440]) {
    test(`no list clips a column under the fixed 操作 column at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const { phone, paths, pages } of LISTS) {
        await loginThroughForm(page, phone);
        for (const path of paths) {
          await openList(page, path);
          for (const overflow of await tableOverflows(page)) expect(overflow, path).toBeLessThanOrEqual(1);
        }
        for (const path of pages) {
          await page.goto(path);
          await expect(page.locator('.ant-table').last()).toBeVisible();
          for (const overflow of await tableOverflows(page)) expect(overflow, path).toBeLessThanOrEqual(1);
        }
        await page.evaluate(() => localStorage.removeItem('token'));
      }
    });
  }
});

/**
 * The polished pages as they look now, at a desktop's and a phone's width: each picture is
 * test-results/…/polish-<item>-<width>.png (and e2e-shots/), taken once what it shows is asserted.
 */
const WINDOW_SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** A phone (and any window below 992 px): the menu is a drawer and the navbar shows the avatar alone. */
const isNarrow = (page: Page) => page.viewportSize()!.width < 992;

/** The picture, with the pointer in the window's corner (nothing looks hovered) unless what is shown needs it where it is. */
async function look(page: Page, testInfo: TestInfo, item: string, { keepPointer = false } = {}): Promise<void> {
  if (!keepPointer) await page.mouse.move(1, 1);
  await popupsSettled(page);
  await screenshot(page, testInfo, `polish-${item}-${page.viewportSize()!.width}`);
}

/** Asserts that `inner` lies within `outer` (the window when none) from left to right, so no side of it is cut off. */
async function expectWithin(inner: Locator, outer?: Locator): Promise<void> {
  const a = (await inner.boundingBox())!;
  const b = outer ? (await outer.boundingBox())! : { x: 0, y: 0, ...inner.page().viewportSize()! };
  expect(a.x, 'left edge').toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width, 'right edge').toBeLessThanOrEqual(b.x + b.width + 0.5);
}

/** The data of the next successful answer to a GET whose path ends with `pathEnd` (and whose query has `query`). */
async function nextAnswer<T>(page: Page, pathEnd: string, query: Record<string, string> = {}): Promise<T> {
  const res = await page.waitForResponse((r: Response) => {
    const url = new URL(r.url());
    return (
      r.request().method() === 'GET' &&
      url.pathname.endsWith(pathEnd) &&
      Object.entries(query).every(([k, v]) => url.searchParams.get(k) === v)
    );
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data as T;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

async function currentUser(page: Page): Promise<{ accountId: number; name: string }> {
  const res = await page.request.post(API.userInfo, { headers: { Authorization: `Bearer ${await token(page)}` } });
  return (await res.json()).data;
}

/** A page's data is on screen: no spinner, no skeleton. */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/** A second client of the admin, on another computer than the test's browser. */
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const NEW_LOGIN = '账号在新的客户端登录';

/** A phone no account has: a failed login that locks no demo account out. */
const NO_ACCOUNT = '13900000009';

for (const size of WINDOW_SIZES) {
  test.describe(`console polish as seen at ${size.width} px`, () => {
    // Charts draw at once (recharts honours prefers-reduced-motion), so no picture catches one half drawn.
    test.use({ viewport: size, reducedMotion: 'reduce' });

    test('the login page: the brand, 记住手机号, a failure said once', async ({ page }, testInfo) => {
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
      });
      await page.goto('/login');
      // The brand shows once: on the banner of a desktop, above the form on a phone.
      const brand = page.locator('.login-banner-brand, .login-brand-compact').filter({ visible: true });
      await expect(brand).toHaveCount(1);
      await expect(brand).toHaveText('美业连锁管理后台');
      await expect.poll(() => brand.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectWithin(brand);
      await look(page, testInfo, 'login-brand');

      // The box keeps the phone only, on both tabs, and says so.
      await page.getByRole('tab', { name: '验证码登录' }).click();
      const remember = page.getByRole('checkbox', { name: '记住手机号' });
      await remember.check();
      await expect(page.getByText('记住密码')).toHaveCount(0);
      await look(page, testInfo, 'remember-phone');
      await page.getByRole('tab', { name: '密码登录' }).click();
      await expect(page.getByRole('checkbox', { name: '记住手机号' })).toBeChecked();

      // A refused login: the inline alert alone, and refine's contract kept (no unhandled rejection).
      await page.getByPlaceholder('请输入手机号').fill(NO_ACCOUNT);
      await page.getByPlaceholder('请输入密码').fill('Wrong@2026');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await expect(page.locator('.login-box').getByRole('alert')).toHaveText('手机号或密码错误');
      await expect(page.getByText('手机号或密码错误')).toHaveCount(1);
      await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
      expect(warnings.filter((w) => w.includes('refine'))).toEqual([]);
      await look(page, testInfo, 'login-failure');
    });

    test('as the admin: Workplace, the navbar, messages, a forbidden page, words, pictures and lists', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await loginThroughForm(page, ADMIN);
      const me = await currentUser(page);
      // Two more logins from one other computer while the browser's session is open.
      for (let i = 0; i < 2; i++) {
        const res = await page.request.post(API.loginPassword, {
          headers: { 'user-agent': WINDOWS_CHROME },
          data: { phone: ADMIN, password: DEMO_PASSWORD },
        });
        expect((await res.json()).code).toBe(0);
      }

      // Workplace: the avatar stays round however narrow the window.
      const avatar = page.locator('.workplace-hello .ant-avatar');
      await expect(avatar).toBeVisible();
      await loaded(page);
      const { width, height } = (await avatar.boundingBox())!;
      expect([width, height]).toEqual([64, 64]);
      await expect(page.locator('.app-content')).not.toContainText(/广告|轮播图|新增|店铺/);
      await look(page, testInfo, 'workplace-avatar');

      // Who is logged in, and where: beside the avatar on a desktop, at the head of its menu on a phone.
      await page.getByTestId('navbar-account').click();
      const who = isNarrow(page) ? page.getByTestId('account-menu-who') : page.locator('.app-account-text');
      await expect(who).toBeVisible();
      await expect(who).toContainText(me.name);
      await expect(who).toContainText('管理员 · 全部门店');
      await expectWithin(who);
      const accountMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      await expect(accountMenu.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
      await expectWithin(accountMenu);
      await look(page, testInfo, 'navbar-identity', { keepPointer: true });
      // A click outside closes it, as it opened.
      await page.locator('.app-content').click({ position: { x: 1, y: 1 } });
      await expect(accountMenu).toHaveCount(0);

      // The message box stays in the window: its tabs and buttons are whole.
      await page.getByTestId('message-bell').click();
      const box = page.locator('.message-box');
      await expect(box.locator('.message-item').first()).toBeVisible();
      await expectWithin(box);
      for (const part of [
        ...(await box.getByRole('tab').all()),
        box.getByRole('button', { name: /清\s*空/ }),
        box.getByRole('button', { name: '查看更多' }),
      ]) {
        await expect(part).toBeVisible();
        await expectWithin(part, box);
      }
      await expect(box.getByRole('tab', { name: /^消息\(\d+\)$/ })).toBeVisible();
      await look(page, testInfo, 'message-popover');

      // A message opens with its content and a way to the record it is about.
      const todosAnswered = nextAnswer<Message[]>(page, '/messages', { type: 'todo' });
      await box.getByRole('tab', { name: /^待办/ }).click();
      const todos = await todosAnswered;
      const todo = todos.find((m) => m.link !== '');
      expect(todo, 'a todo about a record').toBeDefined();
      await box.getByTestId(`message-${todo!.id}`).click();
      const detail = page.getByRole('dialog', { name: todo!.title });
      await expect(detail.getByTestId('message-detail')).toContainText(todo!.content);
      const follow = detail.getByRole('button', { name: '去处理' });
      await expect(follow).toBeVisible();
      await expectWithin(detail);
      await look(page, testInfo, 'message-opened');
      await follow.click();
      await expect(detail).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(todo!.link);

      // Three logins from two computers: one unread message per computer, the latest time in it.
      await page.goto(`/messages?type=message&status=0`);
      const logins = page.locator('.message-item', { hasText: NEW_LOGIN });
      await expect(logins.first()).toBeVisible();
      await loaded(page);
      const clients = await logins.locator('.message-item-sub').allInnerTexts();
      expect(new Set(clients).size, clients.join(' | ')).toBe(clients.length);
      expect(clients.filter((c) => c.startsWith('Chrome 126 / Windows'))).toHaveLength(1);
      // The text keeps the row's width, its 标为已读 under it on a phone rather than squeezing it.
      const first = logins.first();
      expect((await first.locator('.message-item-content').boundingBox())!.width).toBeGreaterThan((await first.boundingBox())!.width / 2);
      await look(page, testInfo, 'login-messages');

      // A page of another role: back to the first permitted page, saying why.
      await page.goto('/shop/staff');
      await expect(page).toHaveURL(/\/dashboard\/workplace$/);
      const why = page.locator('.ant-message-notice');
      await expect(why).toHaveText('当前角色不能打开「员工管理」，已转到「工作台」');
      await expectWithin(why);
      await look(page, testInfo, 'forbidden-redirect');

      // One word per thing: 活动 in the menu and on the button, 新建 for making one.
      await openList(page, '/operation/events');
      await expect(page.getByRole('button', { name: '新建活动' })).toBeVisible();
      let menu = page.locator('.ant-layout-sider');
      if (isNarrow(page)) {
        await page.getByTestId('mobile-menu').click();
        menu = page.locator('.app-menu-drawer');
      }
      expect(await readSiderMenu(page, menu)).toEqual({
        仪表盘: ['工作台'],
        运营管理: ['活动管理', '项目管理', '卡项管理', '知情同意书'],
        商户管理: ['门店管理', '账号管理'],
        财务管理: ['业绩排行', '业绩审核', '售后审核', '会员卡资金', '日结对账', '色料批号追溯'],
      });
      await expect(page.locator('body')).not.toContainText(/广告|轮播图|新增|店铺/);
      await look(page, testInfo, 'menu-words');
      if (isNarrow(page)) {
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
      }

      // Programs show their pictures; 删除 says why history keeps a row, or names the row it deletes.
      const listed = nextAnswer<{ id: number; name: string }[]>(page, '/programs');
      const blocked = nextAnswer<DeleteBlock[]>(page, '/programs/delete-blocks');
      await openList(page, '/operation/program');
      const [programs, blocks] = await Promise.all([listed, blocked]);
      const pictures = page.locator('tr.ant-table-row img');
      await expect(pictures).toHaveCount(programs.length);
      for (const img of await pictures.all())
        await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth)).toBeGreaterThan(0);
      const sources = await pictures.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
      expect(sources.filter((src) => src.startsWith('/demo/')).length).toBeGreaterThan(0);
      await look(page, testInfo, 'demo-images');

      const kept = blocks[0];
      expect(kept, 'a program with history').toBeDefined();
      const keptDelete = page.locator(`tr[data-row-key="${kept.id}"]`).getByRole('button', { name: `删除：${kept.reason}` });
      await expect(keptDelete).toBeDisabled();
      await keptDelete.hover();
      await expect(page.getByRole('tooltip')).toHaveText(kept.reason);
      await expectWithin(page.getByRole('tooltip'));
      await look(page, testInfo, 'delete-blocked', { keepPointer: true });
      await page.mouse.move(1, size.height - 1);
      await expect(page.getByRole('tooltip')).toHaveCount(0);

      const free = programs.find((p) => !blocks.some((b) => b.id === p.id));
      expect(free, 'a program nothing refers to').toBeDefined();
      await page.locator(`tr[data-row-key="${free!.id}"]`).getByRole('button', { name: '删除', exact: true }).click();
      const confirm = page.locator('.ant-popconfirm');
      await expect(confirm).toContainText('确定是否删除?');
      await expect(confirm).toContainText(`将删除「${free!.name}」`);
      await expectWithin(confirm);
      await look(page, testInfo, 'delete-confirm');
      await confirm.getByRole('button', { name: /取\s*消/ }).click();
      await expect(confirm).toBeHidden();

      // Accounts: at the table's right end, 创建时间 stands beside the fixed 操作 column, not under it.
      await openList(page, '/business/account');
      const table = page.locator('.ant-table-content');
      await table.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      const created = (await page.getByRole('columnheader', { name: '创建时间' }).boundingBox())!;
      const actions = (await page.getByRole('columnheader', { name: '操作' }).boundingBox())!;
      expect(created.x + created.width).toBeLessThanOrEqual(actions.x + 1);
      if (!isNarrow(page)) for (const overflow of await tableOverflows(page)) expect(overflow).toBeLessThanOrEqual(1);
      await look(page, testInfo, 'accounts-list');

      // The admin's own row offers no 停用 or 重置密码 (the server refuses them there); other rows do.
      await table.evaluate((e) => e.scrollTo({ left: 0 }));
      const own = page.locator(`tr[data-row-key="${me.accountId}"]`);
      await expect(own).toContainText(me.name);
      await expect(own.getByRole('button', { name: '编辑' })).toBeVisible();
      await expect(own.getByRole('button', { name: /停用|重置密码/ })).toHaveCount(0);
      await expect(
        page
          .locator(`tr.ant-table-row:not([data-row-key="${me.accountId}"])`)
          .first()
          .getByRole('button', { name: /重置密码/ }),
      ).toBeVisible();
      await look(page, testInfo, 'own-account-row');
    });

    test('as a shop manager: customer details named in tabs and breadcrumb, kept tabs, not-found, and a session ended elsewhere', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await loginThroughForm(page, MANAGER_THIRD_SHOP);
      const listed = nextAnswer<{ id: number; name: string; phone: string }[]>(page, '/customers');
      await openList(page, '/shop/consumer');
      const customers = (await listed).slice(0, 2);
      expect(customers).toHaveLength(2);
      await expect(page.getByRole('button', { name: '新建客户' })).toBeVisible();

      const tabBar = page.getByTestId('tab-bar');
      const tabs = tabBar.locator('.ant-tabs-tab');
      for (const c of customers) {
        if (c !== customers[0]) await tabs.filter({ hasText: '客户管理' }).click();
        await page.locator(`tr[data-row-key="${c.id}"]`).getByRole('link', { name: c.name }).click();
        await expect(tabs.filter({ hasText: c.name })).toHaveCount(1);
      }
      const shown = customers[1];

      // Two details, two tabs, each named after its customer.
      await expect(tabs.filter({ hasText: '客户详情' })).toHaveCount(0);
      await expect(tabBar.locator('.ant-tabs-tab-active')).toHaveText(shown.name);
      await look(page, testInfo, 'tab-names');

      // The detail on a phone: labels above values, the phone on one line, its button inside the card.
      const card = page.locator('.ant-card').filter({ has: page.locator('.ant-descriptions') });
      const masked = card.getByText(shown.phone, { exact: true });
      await expect(masked).toBeVisible();
      expect((await masked.boundingBox())!.height, 'one line').toBeLessThan(30);
      const reveal = card.getByRole('button', { name: '显示完整手机号' });
      await expectWithin(reveal, card);
      await look(page, testInfo, 'customer-detail');
      await reveal.click();
      const full = card.getByText(/^1\d{10}$/);
      await expect(full).toBeVisible();
      expect((await full.boundingBox())!.height, 'one line').toBeLessThan(30);
      await expectWithin(full, card);

      const breadcrumb = page.locator('.app-breadcrumb');
      await expect(breadcrumb).toContainText(`本店管理/客户管理/${shown.name}`);
      await expect(breadcrumb.getByRole('link', { name: '客户管理' })).toBeVisible();
      await look(page, testInfo, 'customer-breadcrumb');

      // A refresh keeps the open tabs.
      await page.reload();
      for (const name of ['工作台', '客户管理', ...customers.map((c) => c.name)])
        await expect(tabs.filter({ hasText: name })).toHaveCount(1);
      await expect(page.getByText(shown.phone, { exact: true })).toBeVisible();
      await look(page, testInfo, 'tabs-kept');

      await page.goto('/no/such/page');
      await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
      await expect(tabBar.locator('.ant-tabs-tab-active')).toHaveText('页面不存在');
      await expect(tabs.filter({ hasText: '404' })).toHaveCount(0);
      await look(page, testInfo, 'not-found-tab');

      // The session ends elsewhere, then the page loads a list: the one dialog, nothing under it, no spinner.
      await page.request.post(API.logout, { headers: { Authorization: `Bearer ${await token(page)}` } });
      const isStaffList = (r: Request) => new URL(r.url()).pathname.endsWith('/staff');
      const asked: string[] = [];
      page.on('request', (r) => {
        if (isStaffList(r)) asked.push(r.url());
      });
      const refused = page.waitForResponse((r) => isStaffList(r.request()));
      await page.evaluate(() => {
        history.pushState({}, '', '/shop/staff');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      expect((await (await refused).json()).code).toBe(50008);
      const ended = page.getByRole('dialog', { name: '确认登出' });
      await expect(ended).toBeVisible();
      await expect(page.locator('.ant-table')).toBeVisible();
      await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
      await expect(page.locator('.ant-modal-confirm')).toHaveCount(1);
      await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
      expect(asked).toHaveLength(1);
      await expectWithin(ended);
      await look(page, testInfo, 'session-end');
    });
  });
}
