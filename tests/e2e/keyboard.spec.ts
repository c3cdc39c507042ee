/**
 * The daily jobs done with the keyboard alone: Tab to a control (its focus drawn), Enter, Space, arrows and
 * typing; no pointer. The cashier takes a payment, a manager books a new customer, finance approves a
 * performance record.
 */
import { test, expect } from '@playwright/test';
import { API } from '../../contract/api';
import { FINANCE, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { tabTo } from './support/keyboard';
import { dialog } from './support/ui';

test.use({ viewport: { width: 1440, height: 900 } });

test('the cashier takes a payment with the keyboard alone', async ({ page }) => {
  await loginThroughForm(page, MANAGER_TWO_SHOPS);
  await page.goto('/checkstand/cashier');

  await tabTo(page, page.getByRole('button', { name: /^加入 / }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('combobox', { name: '选择服务人员' }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-sum')).toContainText('100%');
  await tabTo(page, page.getByRole('button', { name: /结\s*算/ }));
  await page.keyboard.press('Enter');

  const pay = await dialog(page, '收款');
  await tabTo(page, pay.getByRole('button', { name: /^现\s*金$/ }));
  await page.keyboard.press('Enter');
  await expect(pay.getByTestId('remainder')).toContainText('已收齐');
  await tabTo(page, pay.getByRole('button', { name: '确认收款' }));
  await page.keyboard.press('Enter');

  const receipt = await dialog(page, '小票');
  await expect(receipt.getByTestId('receipt')).toContainText('现金');
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
});

test('a manager books a new customer with the keyboard alone', async ({ page, request }) => {
  await loginThroughForm(page, MANAGER_TWO_SHOPS);
  await page.goto('/appointment/new-customer');
  // Far enough ahead that the day is free; a quarter hour of the morning that differs between runs.
  const day = new Date(Date.now() + 8 * 3600_000 + 47 * 86_400_000).toISOString().slice(0, 10);
  const time = `${day} 1${Date.now() % 4}:${['00', '15', '30', '45'][Math.floor(Date.now() / 1000) % 4]}`;
  const phone = `139${String(Date.now()).slice(-8)}`;

  await tabTo(page, page.getByRole('button', { name: /新建预约/ }));
  await page.keyboard.press('Enter');
  const modal = await dialog(page, '新建预约');
  await tabTo(page, modal.getByRole('textbox', { name: '姓名' }));
  await page.keyboard.type('键盘客户');
  await tabTo(page, modal.getByRole('textbox', { name: '手机号' }));
  await page.keyboard.type(phone);
  await tabTo(page, modal.getByRole('combobox', { name: '服务项目' }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, modal.getByRole('textbox', { name: '开始时间' }));
  await page.keyboard.type(time);
  await page.keyboard.press('Enter');
  await tabTo(page, modal.getByRole('button', { name: /确\s*定/ }));
  await page.keyboard.press('Enter');

  // The board moves to the booked day and shows it; focus is back on 新建预约.
  await expect(page.locator('.rbc-event', { hasText: '键盘客户' })).toContainText(time.slice(11));
  await expect(page.getByRole('button', { name: /新建预约/ })).toBeFocused();
  const token = await loginOverApi(request, MANAGER_TWO_SHOPS);
  const res = await request.get(`${API.resourceBase}/appointments`, {
    headers: { authorization: `Bearer ${token}` },
    params: { q: phone.slice(-4), _start: '0', _end: '50' },
  });
  const body = await res.json();
  expect(body.data.some((a: { customerName: string }) => a.customerName === '键盘客户')).toBe(true);
});

test('finance approves a performance record with the keyboard alone', async ({ page }) => {
  await loginThroughForm(page, FINANCE);
  await page.goto('/finance/review');
  const first = page.locator('tr.ant-table-row').first();
  await expect(first).toBeVisible();
  const orderNo = (await first.locator('td').nth(2).innerText()).trim();

  const approve = first.getByRole('button', { name: /通\s*过/ });
  await tabTo(page, approve);
  await page.keyboard.press('Enter');
  // The confirmation takes the focus to its own 通过; Escape closes it and gives the focus back.
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: orderNo });
  const confirmButton = confirm.getByRole('button', { name: /通\s*过/ });
  await expect(confirmButton).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(approve).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirmButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`已通过 ${orderNo} .+ 的业绩`))).toBeVisible();
});
