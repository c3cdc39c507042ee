import { test, expect, type Locator, type Page } from '@playwright/test';
import { MANAGER_TWO_SHOPS, loginThroughForm } from './support/login';
import { screenshot } from './support/files';
import { dialog, dragOnto } from './support/ui';

test.use({ viewport: { width: 1440, height: 1100 } });

/** The day board `days` ahead of today: weeks ahead are past the demo data, so the whole day is free. */
async function dayAhead(page: Page, days: number): Promise<Locator> {
  for (let i = 0; i < days; i++) await page.getByRole('button', { name: '下一天' }).click();
  const day = page.getByTestId('board-day');
  await expect(day.locator('.rbc-time-column').nth(1)).toBeVisible();
  return day;
}

/** The n-th quarter hour (from opening, 10:00 in the manager's shop) of a column of the day board: 0 unassigned, then one per artist. */
function slotOf(day: Locator, column: number, quarter: number): Locator {
  return day.locator('.rbc-day-slot').nth(column).locator('.rbc-time-slot').nth(quarter);
}

async function centreOf(target: Locator): Promise<{ x: number; y: number }> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Clicks a free slot and books a new customer named `name` for 雾眉 there; answers the booking on the board. */
async function bookNewCustomer(page: Page, day: Locator, slot: Locator, name: string, phone: string): Promise<Locator> {
  const at = await centreOf(slot);
  await page.mouse.click(at.x, at.y);
  const modal = await dialog(page, '新建预约');
  await modal.getByText('新客户', { exact: true }).click();
  await modal.locator('input[id="customer_name"]').fill(name);
  await modal.locator('input[id="customer_phone"]').fill(phone);
  await modal.locator('#programId').click();
  // The open dropdown only: an earlier dialog's list may still sit hidden in the page.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '雾眉' }).first().click();
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(modal).toBeHidden();
  const booked = day.locator('.rbc-event').filter({ hasText: name });
  await expect(booked).toBeVisible();
  return booked;
}

const phoneFor = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}`;

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

  test('books a new customer by clicking a free slot, confirms it, and may not mark it arrived weeks ahead', async ({ page }, testInfo) => {
    await page.goto('/appointment/new-customer');
    const day = await dayAhead(page, 21);
    const booked = await bookNewCustomer(page, day, slotOf(day, 1, 8), '点选新客', phoneFor('159'));

    await booked.click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByRole('button', { name: /^确\s*认$/ }).click();
    await expect(drawer.getByTestId('appointment-status')).toHaveText('已确认');
    // Weeks ahead: 到店 first asks, then the server refuses another day than the booking's own.
    await drawer.getByRole('button', { name: /^到\s*店$/ }).click();
    const ask = await dialog(page, '确认客人已到店？');
    await screenshot(page, testInfo, 'appointments-arrive-early');
    await ask.getByRole('button', { name: '确认到店' }).click();
    await expect(
      page
        .locator('.ant-message, .ant-notification')
        .getByText(/只能在预约当天标记到店/)
        .first(),
    ).toBeVisible();
    await expect(drawer.getByTestId('appointment-status')).toHaveText('已确认');
  });

  test('drags a booking onto a busy artist (refused with the reason, it goes back), then to a free time, where it stays', async ({
    page,
  }) => {
    await page.goto('/appointment/new-customer');
    const day = await dayAhead(page, 23);
    // 12:00 with the first artist, and the second artist busy at the same time.
    const moved = await bookNewCustomer(page, day, slotOf(day, 1, 8), '拖动新客', phoneFor('158'));
    await bookNewCustomer(page, day, slotOf(day, 2, 8), '占位新客', phoneFor('157'));
    await expect(moved.locator('.rbc-event-label')).toHaveText('12:00–14:00');

    await dragOnto(page, moved, slotOf(day, 2, 8));
    // The server's refusal names the booking it ran into.
    await expect(page.locator('.ant-message').getByText('已有预约（占位新客）')).toBeVisible();
    const firstArtist = day.locator('.rbc-day-slot').nth(1);
    await expect(firstArtist.locator('.rbc-event').filter({ hasText: '拖动新客' })).toBeVisible();
    await expect(day.locator('.rbc-day-slot').nth(2).locator('.rbc-event').filter({ hasText: '拖动新客' })).toHaveCount(0);
    await expect(moved.locator('.rbc-event-label')).toHaveText('12:00–14:00');

    // 16:00 with the same artist is free.
    await dragOnto(page, moved, slotOf(day, 1, 24));
    await expect(page.locator('.ant-message').getByText('已改到')).toBeVisible();
    await expect(moved.locator('.rbc-event-label')).toHaveText('16:00–18:00');

    await page.reload();
    const again = await dayAhead(page, 23);
    const stayed = again.locator('.rbc-day-slot').nth(1).locator('.rbc-event').filter({ hasText: '拖动新客' });
    await expect(stayed.locator('.rbc-event-label')).toHaveText('16:00–18:00');
    await stayed.click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByText(/时间 .*12:00–14:00 → .*16:00–18:00/)).toBeVisible();
  });

  test('books a touch-up from an entitlement inside its window, and one outside it with the override reason', async ({
    page,
  }, testInfo) => {
    await page.goto('/appointment/after-sale');
    const entitlements = page.locator('.ant-card').filter({ hasText: '补色权益' }).first().locator('tr.ant-table-row');
    await expect(entitlements.first()).toBeVisible();
    // An available entitlement with a few days left, so tomorrow lies inside its window.
    const daysLeft = await entitlements.locator('td:nth-child(4)').allInnerTexts();
    const inside = entitlements.nth(daysLeft.findIndex((d) => Number.parseInt(d, 10) >= 3));
    const customer = (await inside.locator('td').first().innerText()).split(' ')[0];
    await inside.getByRole('button', { name: '预约补色' }).click();
    await expect(page.getByText(`为 ${customer} 预约`)).toBeVisible();

    // Tomorrow is full of the demo's bookings; the unassigned column ("any artist") has room at 19:00.
    const day = await dayAhead(page, 1);
    const at = await centreOf(slotOf(day, 0, 36));
    await page.mouse.click(at.x, at.y);
    let modal = await dialog(page, '预约补色');
    await expect(modal.getByText(customer)).toBeVisible();
    await expect(modal.getByText('所选时间不在补色有效期内')).toHaveCount(0);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal).toBeHidden();
    const touchUp = day.locator('.rbc-event').filter({ hasText: customer }).filter({ hasText: '19:00' });
    await expect(touchUp).toBeVisible();
    await touchUp.click();
    const drawer = page.getByRole('dialog', { name: '预约详情' });
    await expect(drawer.getByText('售后补色')).toBeVisible();
    await expect(drawer.getByTestId('appointment-status')).toHaveText('已预约');
    await screenshot(page, testInfo, 'appointments-touch-up-drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Another entitlement, booked 70 days ahead: past every 60-day window, so a reason is required and kept.
    const other = entitlements.filter({ has: page.getByRole('button', { name: '预约补色' }) }).first();
    const otherCustomer = (await other.locator('td').first().innerText()).split(' ')[0];
    await other.getByRole('button', { name: '预约补色' }).click();
    await expect(page.getByText(`为 ${otherCustomer} 预约`)).toBeVisible();
    // The board's date: the entitlement list above has no date picker.
    const picker = page.locator('.ant-picker input').first();
    await picker.click();
    await picker.fill(new Date(Date.now() + 8 * 3600_000 + 70 * 86_400_000).toISOString().slice(0, 10));
    await picker.press('Enter');
    const far = page.getByTestId('board-day');
    const farSlot = await centreOf(slotOf(far, 0, 8));
    await page.mouse.click(farSlot.x, farSlot.y);
    modal = await dialog(page, '预约补色');
    await expect(modal.getByText('所选时间不在补色有效期内')).toBeVisible();
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal.locator('.ant-form-item-explain-error')).toBeVisible();
    await modal.getByLabel('超期预约原因').fill('客户出差错过补色期，店长同意');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal).toBeHidden();
    const late = far.locator('.rbc-event').filter({ hasText: otherCustomer });
    await expect(late).toBeVisible();
    await late.click();
    await expect(drawer.getByText('客户出差错过补色期，店长同意').first()).toBeVisible();
  });
});
