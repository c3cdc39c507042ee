import { test, expect } from '@playwright/test';
import { API } from '../../contract/api';
import { ADMIN, DEMO_PASSWORD, FINANCE, MANAGER_THIRD_SHOP, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm, readSiderMenu } from './support/login';

/** The role matrix of SPEC.md section 6, written out as the person at each desk should see it. */
const EXPECTED_MENUS: Record<string, Record<string, string[]>> = {
  [ADMIN]: {
    仪表盘: ['工作台'],
    运营管理: ['活动管理', '项目管理'],
    商户管理: ['门店管理', '账号管理'],
    财务管理: ['业绩排行', '业绩审核', '售后审核'],
  },
  [MANAGER_TWO_SHOPS]: {
    仪表盘: ['工作台'],
    收银中心: ['收银', '售后'],
    预约管理: ['新客预约', '售后预约'],
    财务管理: ['收支明细'],
    店铺管理: ['员工管理', '客户管理'],
  },
  [FINANCE]: {
    仪表盘: ['工作台'],
    财务管理: ['业绩审核', '售后审核'],
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
    await expect(page.getByText('手机号或密码错误')).toBeVisible();
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
    await page.getByTestId('navbar-account').hover();
    await page.getByText('退出登录').click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const res = await request.post(API.userInfo, { headers: { authorization: `Bearer ${token}` } });
    expect((await res.json()).code).toBe(50008);
  });
});

test('a password changed from another client brings up the session-expired modal', async ({ page, request }) => {
  await loginThroughForm(page, MANAGER_THIRD_SHOP);
  const other = await loginOverApi(request, MANAGER_THIRD_SHOP);
  const NEW = 'Changed2026x';
  const change = await request.post(API.passwordModify, { headers: { authorization: `Bearer ${other}` }, data: { oldPassword: DEMO_PASSWORD, newPassword: NEW } });
  expect((await change.json()).code).toBe(0);
  try {
    // Any call of the first browser now answers 50012.
    await page.getByRole('link', { name: '员工管理' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '确认登出' });
    await expect(modal).toBeVisible();
    await expect(modal).toHaveCount(1);
    await expect(modal.getByText('您已被登出，可以取消以留在此页面，或重新登录')).toBeVisible();
    await modal.getByRole('button', { name: /重新登录/ }).click();
    await expect(page).toHaveURL(/\/login/);
  } finally {
    await request.post(API.passwordModify, { headers: { authorization: `Bearer ${other}` }, data: { oldPassword: NEW, newPassword: DEMO_PASSWORD } });
  }
});

test('an admin creates, edits and deletes a shop', async ({ page }) => {
  await loginThroughForm(page, ADMIN);
  await page.goto('/business/shop');
  const name = `测试门店${Date.now() % 100000}`;
  await page.getByRole('button', { name: /新建门店/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新建门店' });
  await dialog.getByLabel('门店名称').fill(name);
  await dialog.getByLabel('所在地区').click();
  await page.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '杭州市' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '西湖区' }).click();
  await dialog.getByLabel('详细地址').fill('文三路 100 号');
  await dialog.getByLabel('联系电话').fill('0571-88886666');
  await dialog.getByPlaceholder('开始时间').or(dialog.getByPlaceholder('营业开始时间')).first().fill('10:00');
  await dialog.getByPlaceholder('结束时间').or(dialog.getByPlaceholder('营业结束时间')).first().fill('20:30');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  const row = page.locator('tr', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('浙江省 / 杭州市 / 西湖区');

  await row.getByText('编辑').click();
  const edit = page.locator('.ant-modal').filter({ hasText: '编辑门店' });
  await edit.getByLabel('详细地址').fill('文三路 200 号');
  await edit.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(page.locator('tr', { hasText: name })).toContainText('文三路 200 号');

  await page.locator('tr', { hasText: name }).getByText('删除').click();
  await expect(page.getByText('确定是否删除?')).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|是|OK/ }).click();
  await expect(page.locator('tr', { hasText: name })).toHaveCount(0);
});
