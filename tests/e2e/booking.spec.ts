import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API } from '../../contract/api';
import type { Appointment } from '../../contract/appointment';
import { ADMIN, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { screenshot } from './support/files';
import { accountMenuItem, dialog, dragOnto } from './support/ui';

/** The manager's shop's bookings of today in `status`, earliest first, through the API. */
async function todays(request: APIRequestContext, token: string, status: string): Promise<Appointment[]> {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const from = new Date(`${day}T00:00:00+08:00`).toISOString();
  const to = new Date(Date.parse(from) + 86_400_000).toISOString();
  const res = await request.get(`${API.resourceBase}/appointments`, {
    headers: { authorization: `Bearer ${token}` },
    params: { status, from, to, _start: '0', _end: '50', _sort: 'startAt', _order: 'asc' },
  });
  return (await res.json()).data as Appointment[];
}

/** The after-sale page's entitlement rows. */
const entitlementRows = (page: Page) => page.locator('.ant-card').filter({ hasText: '补色权益' }).first().locator('tr.ant-table-row');

/** An available entitlement with a few days left, so the next days lie inside its window; answers the row and its customer. */
async function entitlementInsideWindow(page: Page): Promise<{ row: Locator; customer: string }> {
  const rows = entitlementRows(page);
  await expect(rows.first()).toBeVisible();
  const daysLeft = await rows.locator('td:nth-child(4)').allInnerTexts();
  const row = rows.nth(daysLeft.findIndex((d) => Number.parseInt(d, 10) >= 3));
  return { row, customer: (await row.locator('td').first().innerText()).split(' ')[0] };
}

test.describe('booking dialogs and the touch-up step', () => {
  test.beforeEach(async ({ page }) => {
    await loginThroughForm(page, MANAGER_TWO_SHOPS);
  });

  test('预约补色 shows its next step where the click happened, in a 757 px high window', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 757 });
    await page.goto('/appointment/after-sale');
    const rows = entitlementRows(page);
    await expect(rows.first()).toBeVisible();
    const last = rows.filter({ has: page.getByRole('button', { name: '预约补色' }) }).last();
    const customer = (await last.locator('td').first().innerText()).split(' ')[0];
    await last.getByRole('button', { name: '预约补色' }).click();
    const step = page.getByText(`为 ${customer} 预约`);
    await expect(step).toBeInViewport();
    await expect(page.getByRole('button', { name: '去日历选时段' })).toBeInViewport();
    await screenshot(page, testInfo, 'booking-touch-up-step');
    await page.getByRole('button', { name: '去日历选时段' }).click();
    await expect(page.getByTestId('board-day')).toBeInViewport();
  });

  test('the new-customer dialog keeps name and phone apart; a touch-up inside its window asks no override reason', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/appointment/new-customer');
    // A day weeks ahead has no bookings: a column for each artist only, not the 店长 (王丽) or the 前台 (赵婷).
    for (let i = 0; i < 25; i++) await page.getByRole('button', { name: '下一天' }).click();
    const headers = page.getByTestId('board-day').locator('.rbc-row-resource .rbc-header');
    await expect(headers).toHaveText(['未指定', '周晓雯', '孙佳怡', '李梦瑶']);
    await page.getByRole('button', { name: /新建预约/ }).click();
    let modal = await dialog(page, '新建预约');
    await expect(modal.getByRole('radio', { name: '新客户' })).toBeChecked();
    const name = (await modal.locator('input[id="customer_name"]').boundingBox())!;
    const phone = (await modal.locator('input[id="customer_phone"]').boundingBox())!;
    const apart = phone.y >= name.y + name.height || phone.x - (name.x + name.width) >= 8;
    expect(apart, `name ${JSON.stringify(name)} and phone ${JSON.stringify(phone)} touch`).toBe(true);
    await screenshot(page, testInfo, 'booking-new-customer-dialog', modal);
    await modal.getByRole('button', { name: /取\s*消/ }).click();
    await expect(modal).toBeHidden();

    await page.goto('/appointment/after-sale');
    const { row } = await entitlementInsideWindow(page);
    await row.getByRole('button', { name: '预约补色' }).click();
    // The board's button, not the rows' links.
    await page.locator('button.ant-btn-primary').filter({ hasText: '预约补色' }).click();
    modal = await dialog(page, '预约补色');
    // The time typed in: tomorrow at 19:00, inside the window.
    const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    const picker = modal.locator('#start');
    await picker.click();
    await picker.fill(`${tomorrow} 19:00`);
    await picker.press('Enter');
    await expect(modal.getByText('所选时间不在补色有效期内')).toHaveCount(0);
    await expect(modal.getByLabel('超期预约原因')).toHaveCount(0);
    await screenshot(page, testInfo, 'booking-touch-up-dialog', modal);
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await loginThroughForm(page, MANAGER_TWO_SHOPS);
  });

  test("the day opens on the artists with bookings; the cashier's cart and today's orders fit the screen", async ({ page }, testInfo) => {
    await page.goto('/appointment/new-customer');
    const day = page.getByTestId('board-day');
    await expect(day.locator('.rbc-event').first()).toBeVisible();
    // The first column after the time gutter holds bookings, and it is on screen.
    const firstColumn = day.locator('.rbc-day-slot').first();
    await expect(firstColumn.locator('.rbc-event').first()).toBeInViewport();
    await screenshot(page, testInfo, 'booking-day-390');

    await page.goto('/checkstand/cashier');
    const cart = page.locator('.ant-card').filter({ hasText: '购物车' }).first();
    await expect(cart.getByText('请从上方「服务项目」中选择')).toBeVisible();
    await cart.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'booking-cashier-empty-cart-390');
    await page.getByRole('button', { name: /加入 / }).first().click();
    const orders = page.locator('.ant-card').filter({ hasText: '今日订单' }).first();
    await expect(orders.locator('tr.ant-table-row').first()).toBeVisible();
    // Nothing sticks out of the window, and no column hides in a sideways scroll: each table fits its card.
    for (const card of [cart, orders]) {
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const hidden = await card
        .locator('.ant-table-content')
        .first()
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(hidden).toBeLessThanOrEqual(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await cart.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'booking-cashier-cart-390');
    await orders.scrollIntoViewIfNeeded();
    // The first order's amount is on screen, beside its actions.
    await expect(
      orders
        .locator('tr.ant-table-row')
        .first()
        .getByText(/¥[\d,]+\.\d{2}/),
    ).toBeInViewport();
    await screenshot(page, testInfo, 'booking-cashier-orders-390');
  });
});

test.describe('a visit completed before it is paid for', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('stays billable: Workplace lists it, its drawer offers 去结账, the cashier has it as 待结账', async ({
    page,
    request,
  }, testInfo) => {
    const token = await loginOverApi(request, MANAGER_TWO_SHOPS);
    const arrived = await todays(request, token, 'arrived');
    expect(arrived.length, 'an arrived booking today in the demo data').toBeGreaterThan(0);
    // The day's last arrived visit (the checkstand spec takes the first), served before paying.
    const visit = arrived[arrived.length - 1];
    const done = await request.post(`${API.resourceBase}/appointments/${visit.id}/complete`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect((await done.json()).code).toBe(0);

    await loginThroughForm(page, MANAGER_TWO_SHOPS);
    await page.goto('/dashboard/workplace');
    const unpaid = page.getByTestId('unpaid-visits');
    await expect(unpaid.getByText(visit.customerName)).toBeVisible();
    await screenshot(page, testInfo, 'booking-workplace-unpaid');

    await page.goto('/appointment/new-customer');
    await page.getByText('列表', { exact: true }).click();
    await page.getByPlaceholder('客户姓名或手机尾号四位').fill(visit.customerName);
    await page.getByPlaceholder('客户姓名或手机尾号四位').press('Enter');
    await page.locator('.ant-table-row').filter({ hasText: '已完成' }).filter({ hasText: visit.customerName }).first().click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByText('已完成，尚未结账')).toBeVisible();
    await expect(drawer.getByText('当前状态没有可执行的操作')).toHaveCount(0);
    await screenshot(page, testInfo, 'booking-drawer-checkout');
    await drawer.getByRole('button', { name: '去结账' }).click();

    await expect(page).toHaveURL(/\/checkstand\/cashier$/);
    await expect(page.getByRole('dialog', { name: '预约详情' })).toBeHidden();
    await expect(page.getByTestId('picked-customer').getByText(visit.customerName)).toBeVisible();
    const listed = page.getByRole('button', { name: `为 ${visit.customerName} 结账` });
    await expect(listed.locator('xpath=ancestor::li[contains(@class,"ant-list-item")]').getByText('待结账')).toBeVisible();
    await screenshot(page, testInfo, 'booking-cashier-unpaid');
  });
});

test.describe('one customer, two artists, one time', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the artist list holds only those who perform the program; a second overlapping booking asks first', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await loginThroughForm(page, MANAGER_TWO_SHOPS);
    await page.goto('/appointment/new-customer');
    for (let i = 0; i < 26; i++) await page.getByRole('button', { name: '下一天' }).click();
    const day = page.getByTestId('board-day');
    await expect(day.locator('.rbc-time-column').nth(1)).toBeVisible();
    const phone = `158${String(Date.now()).slice(-8)}`;
    const date = new Date(Date.now() + 8 * 3600_000 + 26 * 86_400_000).toISOString().slice(0, 10);

    const book = async (existing: boolean, artist: string, clock: string) => {
      await page.getByRole('button', { name: /新建预约/ }).click();
      const modal = await dialog(page, '新建预约');
      if (existing) {
        await modal.getByText('老客户', { exact: true }).click();
        await modal.locator('.ant-select').filter({ hasText: '输入姓名或手机尾号四位搜索' }).click();
        await page.keyboard.type(phone);
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '重叠新客' }).first().click();
      } else {
        await modal.locator('input[id="customer_name"]').fill('重叠新客');
        await modal.locator('input[id="customer_phone"]').fill(phone);
      }
      await modal.locator('#programId').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '雾眉' }).first().click();
      await modal.locator('.ant-select').filter({ hasText: '任意服务人员' }).click();
      const artists = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect(artists).toHaveText(['任意服务人员（暂不指定）', '周晓雯', '孙佳怡']);
      await artists.filter({ hasText: artist }).click();
      const start = modal.locator('#start');
      await start.click();
      await start.fill(`${date} ${clock}`);
      await start.press('Enter');
      await modal.getByRole('button', { name: /确\s*定/ }).click();
      return modal;
    };

    const first = await book(false, '周晓雯', '12:00');
    await expect(first).toBeHidden();
    const second = await book(true, '孙佳怡', '13:00');
    const ask = await dialog(page, '该客户这个时间已有预约');
    await expect(ask.getByText(/12:00–14:00 重叠新客 · 雾眉 · 周晓雯/)).toBeVisible();
    await screenshot(page, testInfo, 'booking-overlap-warning');
    await ask.getByRole('button', { name: '仍然预约' }).click();
    await expect(second).toBeHidden();
    await expect(day.locator('.rbc-event').filter({ hasText: '重叠新客' })).toHaveCount(2);

    // Dragged to 13:30 it still overlaps the 12:00 booking: asked first, and left where it was on 取消.
    const quarter = (column: number, n: number) => day.locator('.rbc-day-slot').nth(column).locator('.rbc-time-slot').nth(n);
    const later = day.locator('.rbc-day-slot').nth(2).locator('.rbc-event').filter({ hasText: '重叠新客' });
    await dragOnto(page, later, quarter(2, 14));
    const askMove = page.locator('.ant-modal-confirm').filter({ hasText: '该客户这个时间已有预约' });
    await expect(askMove.getByText(/12:00–14:00 雾眉 · 周晓雯/)).toBeVisible();
    await askMove.getByRole('button', { name: /取\s*消/ }).click();
    await expect(askMove).toBeHidden();
    await expect(later.locator('.rbc-event-label')).toHaveText('13:00–15:00');
    // At 14:00 it no longer overlaps: moved without a word.
    await dragOnto(page, later, quarter(2, 16));
    await expect(page.locator('.ant-message').getByText('已改到')).toBeVisible();
    await expect(later.locator('.rbc-event-label')).toHaveText('14:00–16:00');
  });
});

test.describe('words', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('切换角色/门店 in the account menu, and the greeting at 03:37 is not 晚上好', async ({ page }, testInfo) => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await page.clock.setFixedTime(new Date(`${today}T03:37:00+08:00`));
    await loginThroughForm(page, MANAGER_TWO_SHOPS);
    await page.goto('/dashboard/workplace');
    await expect(page.getByRole('heading', { name: '王店长，夜深了，注意休息' })).toBeVisible();
    await expect(page.getByText('晚上好')).toHaveCount(0);
    await expect(await accountMenuItem(page, '切换角色/门店')).toBeVisible();
    await screenshot(page, testInfo, 'booking-words-greeting-menu');
  });

  test("a municipality's district reads 北京市 / 朝阳区", async ({ page }, testInfo) => {
    await loginThroughForm(page, ADMIN);
    await page.goto('/business/shop');
    await expect(page.getByText('北京市 / 朝阳区').first()).toBeVisible();
    await expect(page.getByText(/市辖区/)).toHaveCount(0);
    await screenshot(page, testInfo, 'booking-words-regions');
  });
});
