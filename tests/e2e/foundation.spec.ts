import { test, expect } from '@playwright/test';
import { API } from '../../contract/api';
import {
  ADMIN,
  DEMO_PASSWORD,
  FINANCE,
  MANAGER_THIRD_SHOP,
  MANAGER_TWO_SHOPS,
  loginOverApi,
  loginThroughForm,
  readSiderMenu,
} from './support/login';
import { accountMenuItem, deleteRow, dialog, openList, row } from './support/ui';

/** The role matrix of docs/routes.md, written out as the person at each desk should see it. */
const EXPECTED_MENUS: Record<string, Record<string, string[]>> = {
  [ADMIN]: {
    仪表盘: ['工作台'],
    运营管理: ['活动管理', '项目管理', '卡项管理', '知情同意书'],
    商户管理: ['门店管理', '账号管理'],
    财务管理: ['业绩排行', '业绩审核', '售后审核', '会员卡资金', '日结对账', '色料批号追溯'],
  },
  [MANAGER_TWO_SHOPS]: {
    仪表盘: ['工作台'],
    收银中心: ['收银', '售后'],
    预约管理: ['新客预约', '售后预约'],
    财务管理: ['收支明细', '日结对账'],
    本店管理: ['员工管理', '客户管理'],
  },
  [FINANCE]: {
    仪表盘: ['工作台'],
    财务管理: ['业绩审核', '售后审核', '会员卡资金', '日结对账', '色料批号追溯'],
  },
};
EXPECTED_MENUS[MANAGER_THIRD_SHOP] = EXPECTED_MENUS[MANAGER_TWO_SHOPS];

test.describe('login and menus', () => {
  for (const [phone, expected] of Object.entries(EXPECTED_MENUS)) {
    test(`${phone} logs in through the form and sees exactly its menu`, async ({ page }) => {
      await loginThroughForm(page, phone);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      expect(await readSiderMenu(page)).toEqual(expected);
    });
  }

  test('the login form names empty fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('手机号不能为空')).toBeVisible();
    await expect(page.getByText('密码不能为空')).toBeVisible();
  });

  test('a wrong password is refused without saying which field was wrong', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').fill(FINANCE);
    await page.getByPlaceholder('请输入密码').fill('Wrong@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.locator('.login-box').getByRole('alert')).toHaveText('手机号或密码错误');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('guard', () => {
  test('a page opened before login comes back after login', async ({ page }) => {
    await page.goto('/business/shop');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByPlaceholder('请输入手机号').fill(ADMIN);
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/\/business\/shop$/);
  });

  test('a forbidden URL lands on the first permitted page', async ({ page }) => {
    await loginThroughForm(page, FINANCE);
    await page.goto('/business/shop');
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await page.goto('/shop/consumer');
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  });

  test('an unknown URL shows not-found', async ({ page }) => {
    await loginThroughForm(page, ADMIN);
    await page.goto('/no/such/page');
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  });

  test('the root goes to login, and a logged-in user on /login goes to Workplace', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await loginThroughForm(page, ADMIN);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  });

  test('logout returns to login and the token is dead', async ({ page, request }) => {
    await loginThroughForm(page, ADMIN);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await (await accountMenuItem(page, '退出登录')).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const res = await request.post(API.userInfo, { headers: { authorization: `Bearer ${token}` } });
    expect((await res.json()).code).toBe(50008);
  });
});

test.describe('a session ended from another client', () => {
  const NEW_PASSWORD = 'Changed2026x';
  let changed = false;

  // Put the demo password back even when the test failed half-way, so other specs can log in.
  test.afterEach(async ({ request }) => {
    if (!changed) return;
    const token = await loginOverApi(request, MANAGER_THIRD_SHOP, NEW_PASSWORD);
    const res = await request.post(API.passwordModify, {
      headers: { authorization: `Bearer ${token}` },
      data: { oldPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD },
    });
    expect((await res.json()).code).toBe(0);
    changed = false;
  });

  test('a password changed elsewhere brings up exactly one session-expired modal', async ({ page, request }) => {
    // The layout's start-up calls (user info, the bell's unread count, the Workplace's figures) must be
    // answered before the session ends; otherwise one of them, not the click below, would raise the modal.
    const bellAnswered = page.waitForResponse((res) => res.url().includes('/messages/unread-count'));
    const workplaceAnswered = page.waitForResponse((res) => res.url().includes('/v1/graphql'));
    await loginThroughForm(page, MANAGER_THIRD_SHOP);
    expect((await (await bellAnswered).json()).code).toBe(0);
    expect((await workplaceAnswered).status()).toBe(200);

    const other = await loginOverApi(request, MANAGER_THIRD_SHOP);
    const change = await request.post(API.passwordModify, {
      headers: { authorization: `Bearer ${other}` },
      data: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect((await change.json()).code).toBe(0);
    changed = true;

    // Any call of the first browser now answers 50012.
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('本店管理').click();
    const staffAnswered = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/staff'));
    await sider.getByRole('link', { name: '员工管理' }).click();
    expect((await (await staffAnswered).json()).code).toBe(50012);
    const modal = page.locator('.ant-modal').filter({ hasText: '确认登出' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('您已被登出，可以取消以留在此页面，或重新登录')).toBeVisible();

    // The modal says it all: no toast under it, and a second call failing while it is open (the bell
    // asks again when the window regains focus) brings neither a toast nor a second modal.
    const toasts = page.locator('.ant-message-notice');
    await expect(toasts).toHaveCount(0);
    const bellFailed = page.waitForResponse((res) => res.url().includes('/messages/unread-count'));
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    expect((await (await bellFailed).json()).code).toBe(50012);
    await expect(toasts).toHaveCount(0);
    await expect(modal).toHaveCount(1);

    // docs/console.md: 重新登录 ends the session and reloads the page, which then asks for a login.
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: /重新登录/ }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/login\?redirect=%2Fshop%2Fstaff/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test('an admin creates, edits and deletes a shop', async ({ page }) => {
  await loginThroughForm(page, ADMIN);
  await openList(page, '/business/shop');
  const name = `测试门店${Date.now() % 100000}`;
  await page.getByRole('button', { name: /新建门店/ }).click();
  const create = await dialog(page, '新建门店');
  await create.getByLabel('门店名称').fill(name);
  await create.getByLabel('所在地区').click();
  await page.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '杭州市' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '西湖区' }).click();
  await create.getByLabel('详细地址').fill('文三路 100 号');
  await create.getByLabel('联系电话').fill('0571-88886666');
  // Typed times are taken by the picker on Enter (antd's TimePicker asks for a confirmation).
  await create.getByPlaceholder('开始营业').fill('10:00');
  await page.keyboard.press('Enter');
  await create.getByPlaceholder('结束营业').fill('20:30');
  await page.keyboard.press('Enter');
  await create.getByRole('button', { name: /保\s*存/ }).click();
  await expect(create).toBeHidden();
  await expect(row(page, name)).toContainText('浙江省 / 杭州市 / 西湖区');
  await expect(row(page, name)).toContainText('10:00 - 20:30');

  await row(page, name).getByRole('button', { name: '编辑' }).click();
  const edit = await dialog(page, '编辑门店');
  // The edit form loads the record after opening; typing before that would be overwritten.
  await expect(edit.getByLabel('详细地址')).toHaveValue('文三路 100 号');
  await edit.getByLabel('详细地址').fill('文三路 200 号');
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, name)).toContainText('文三路 200 号');

  await deleteRow(page, name);
  await expect(page.getByText('门店已删除')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});
