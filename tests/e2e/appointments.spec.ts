import { test, expect } from '@playwright/test';
import { MANAGER_TWO_SHOPS, loginThroughForm } from './support/login';
import { screenshot } from './support/files';

test.use({ viewport: { width: 1440, height: 1100 } });

test.describe('shop manager: the booking board', () => {
  test.beforeEach(async ({ page }) => {
    await loginThroughForm(page, MANAGER_TWO_SHOPS);
  });

  test('shows the day per artist, the week and the list, and a booking’s drawer', async ({ page }, testInfo) => {
    await page.goto('/appointment/new-customer');
    const day = page.getByTestId('board-day');
    await expect(day.locator('.rbc-event').first()).toBeVisible();
    await expect(day.locator('.rbc-header').filter({ hasText: '周晓雯' }).first()).toBeVisible();
    await screenshot(page, testInfo, 'appointments-day');

    await page.getByText('周', { exact: true }).click();
    await expect(page.getByTestId('board-week').locator('.rbc-event').first()).toBeVisible();
    await screenshot(page, testInfo, 'appointments-week');

    await page.getByText('列表', { exact: true }).click();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await screenshot(page, testInfo, 'appointments-list');

    await page.locator('.ant-table-row').first().click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByText('操作记录')).toBeVisible();
    await screenshot(page, testInfo, 'appointments-drawer');
  });

  test('books a new customer by clicking a free slot, then confirms, marks arrival and completes', async ({ page }) => {
    await page.goto('/appointment/new-customer');
    // Three weeks ahead is past the demo data: the whole day is free.
    for (let i = 0; i < 21; i++) await page.getByRole('button', { name: '下一天' }).click();
    const day = page.getByTestId('board-day');
    await expect(day.locator('.rbc-time-column').nth(1)).toBeVisible();
    const column = day.locator('.rbc-day-slot').nth(1);
    const slot = column.locator('.rbc-time-slot').nth(8);
    const box = (await slot.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const dialog = page.locator('.ant-modal-content');
    await expect(dialog.getByText('新建预约')).toBeVisible();
    await dialog.getByText('新客户', { exact: true }).click();
    const phone = `159${String(Date.now()).slice(-8)}`;
    await dialog.locator('input[id="customer_name"]').fill('点选新客');
    await dialog.locator('input[id="customer_phone"]').fill(phone);
    await dialog.locator('#programId').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '雾眉' }).first().click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const booked = day.locator('.rbc-event').filter({ hasText: '点选新客' });
    await expect(booked).toBeVisible();

    await booked.click();
    const drawer = page.locator('.ant-drawer-content');
    for (const [action, status] of [
      ['确认', '已确认'],
      ['到店', '已到店'],
      ['完成', '已完成'],
    ] as const) {
      await drawer.getByRole('button', { name: new RegExp(`^${action.split('').join('\\s*')}$`) }).click();
      await expect(drawer.getByTestId('appointment-status')).toHaveText(status);
    }
  });
});
