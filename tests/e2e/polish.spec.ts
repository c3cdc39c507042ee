import { expect, test, type Page } from '@playwright/test';
import { API } from '../../contract/api';
import { ADMIN, MANAGER_THIRD_SHOP, loginThroughForm } from './support/login';
import { openList } from './support/ui';

/**
 * The list pages each role opens, and other pages with tables (the cashier's cart beside today's
 * orders), checked for a column hidden under the fixed 操作 column.
 */
const LISTS = [
  { phone: ADMIN, paths: ['/business/account', '/business/shop', '/operation/events', '/operation/program', '/finance/review', '/finance/after-sales'], pages: [] },
  { phone: MANAGER_THIRD_SHOP, paths: ['/shop/staff', '/shop/consumer', '/finance/income', '/checkstand/after-sale'], pages: ['/checkstand/cashier'] },
];

/** How far each table of the page scrolls sideways (0 when every column is in view). */
const tableOverflows = (page: Page) => page.locator('.ant-table-content, .ant-table-body').evaluateAll((tables) => tables.map((e) => e.scrollWidth - e.clientWidth));

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
    await page.evaluate(() => {
      history.pushState({}, '', '/shop/consumer');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toHaveCount(1);
    await expect(dialog).toContainText('确认登出');
    await page.waitForTimeout(2500);
    await expect(dialog).toHaveCount(1);
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
    expect(lists).toHaveLength(1);
  });

  test('detail tabs are named after the record, an unknown path is 页面不存在, and tabs survive a refresh', async ({ page }) => {
    await loginThroughForm(page, MANAGER_THIRD_SHOP);
    await openList(page, '/shop/consumer');
    // The first two rows of the list as it is sorted on screen (newest first), by name.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await page.request.get(`${API.resourceBase}/customers?_start=0&_end=2&_sort=createdAt&_order=desc`, { headers: { Authorization: `Bearer ${token}` } });
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
