import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { API } from '../../contract/api';
import type { Appointment } from '../../contract/appointment';
import { lineName, type Order } from '../../contract/order';
import type { Shop } from '../../contract/shop';
import { MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { dialog, openDropdown, row } from './support/ui';
import { screenshot } from './support/files';

const SHOTS = '/work/shots/checkstand-console';
// Transitions finished: a button just enabled is drawn enabled, not halfway.
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: 'disabled' });

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'patch',
  path: string,
  opts: { params?: Record<string, string>; data?: unknown } = {},
): Promise<T> {
  const res = await request[method](`${API.resourceBase}/${path}`, { headers: { authorization: `Bearer ${token}` }, ...opts });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data as T;
}

/** Today's first arrived booking of the manager's shop, its customer made VIP (the demo data decides who arrived). */
async function arrivedVipAppointment(request: APIRequestContext, token: string): Promise<Appointment> {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const from = new Date(`${day}T00:00:00+08:00`).toISOString();
  const to = new Date(Date.parse(from) + 86_400_000).toISOString();
  const rows = await call<Appointment[]>(request, token, 'get', 'appointments', {
    params: { status: 'arrived', from, to, _start: '0', _end: '50', _sort: 'startAt', _order: 'asc' },
  });
  expect(rows.length, 'an arrived booking today in the demo data').toBeGreaterThan(0);
  const a = rows[0];
  await call(request, token, 'patch', `customers/${a.customerId}`, { data: { vip: true } });
  return a;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a manager checks out an arrived VIP customer, pays once with WeChat Pay and cash, prints the receipt and requests a partial refund', async ({
  page,
  request,
}, testInfo) => {
  const token = await loginOverApi(request, MANAGER_TWO_SHOPS);
  const appointment = await arrivedVipAppointment(request, token);
  await loginThroughForm(page, MANAGER_TWO_SHOPS);
  await page.goto('/checkstand/cashier');

  await page
    .getByRole('button', { name: `为 ${appointment.customerName} 结账` })
    .first()
    .click();
  await expect(page.getByTestId('picked-customer')).toContainText(appointment.customerName);
  await expect(page.getByTestId('picked-customer')).toContainText('会员价');
  const cart = page.locator('.ant-card').filter({ hasText: '购物车' });
  await expect(row(page, appointment.programName).first()).toContainText('会员价');

  // A second program, with a line discount of 10 yuan.
  const second = page.locator('.checkstand-program').filter({ hasNotText: appointment.programName }).first();
  const secondName = (await second.locator('.checkstand-program-name').innerText()).trim();
  await second.click();
  await cart.getByLabel(`${secondName} 项目优惠`).fill('10');

  // Two artists, shares split evenly.
  const staffSelect = cart.getByRole('combobox', { name: '选择服务人员' });
  const wanted = appointment.staffId === null ? 2 : 1;
  for (let i = 0; i < wanted; i++) {
    await staffSelect.click();
    await openDropdown(page).locator('.ant-select-item-option:not(.ant-select-item-option-selected)').first().click();
  }
  await cart.getByRole('button', { name: /平均分配/ }).click();
  await expect(openDropdown(page)).toHaveCount(0);
  await expect(page.getByTestId('share-sum')).toContainText('100%');
  await shot(page, 'cashier');

  await cart.getByRole('button', { name: /结算/ }).click();
  const pay = await dialog(page, '收款');
  await pay.getByRole('button', { name: /^微\s*信$/ }).click();
  await pay.getByLabel('第 1 笔金额').fill('100');
  await expect(pay.getByTestId('remainder')).toContainText('还需收');
  await pay.getByRole('button', { name: /^现\s*金$/ }).click();
  await expect(pay.getByTestId('remainder')).toContainText('已收齐');
  await expect(pay.getByRole('button', { name: '确认收款' })).toBeEnabled();
  await shot(page, 'pay-dialog');
  await pay.getByRole('button', { name: '确认收款' }).dblclick();

  const receiptDialog = await dialog(page, '小票');
  const receipt = receiptDialog.getByTestId('receipt');
  await expect(receipt).toContainText('微信');
  await expect(receipt).toContainText('现金');
  await expect(receipt).toContainText(appointment.customerName);
  const orderNo = (await receipt.locator('.receipt-row').first().locator('span').last().innerText()).trim();
  // The shop's address and phone head it; each VIP line shows its list price, and the saving is summed.
  const [shop] = await call<Shop[]>(request, token, 'get', 'shops', { params: { name: (await receipt.locator('h3').innerText()).trim() } });
  await expect(receipt.getByTestId('receipt-shop')).toContainText(shop.address);
  await expect(receipt.getByTestId('receipt-shop')).toContainText(`电话：${shop.phone}`);
  await expect(receipt.locator('.receipt-line-detail').first()).toContainText(/原价 ¥[\d,]+\.\d{2} · ¥[\d,]+\.\d{2} 会员价/);
  await expect(receipt.locator('.receipt-row', { hasText: '会员优惠' })).toContainText('¥');
  await shot(page, 'receipt');
  await screenshot(page, testInfo, 'checkstand-receipt', receiptDialog);

  // One payment of the order: WeChat Pay 100 yuan and the rest in cash, adding up to the payable.
  const [order] = await call<Order[]>(request, token, 'get', 'orders', { params: { q: orderNo } });
  expect(order.status).toBe('paid');
  expect(order.customerVip).toBe(true);
  expect(order.lines).toHaveLength(2);
  expect(order.lines.find((l) => lineName(l) === secondName)?.discountFen).toBe(1000);
  expect(order.staffShares.map((s) => s.shareBp)).toEqual([5000, 5000]);
  expect(order.payments.map((p) => p.method)).toEqual(['wechat', 'cash']);
  expect(order.payments[0].amountFen).toBe(10_000);
  expect(order.paidFen).toBe(order.payableFen);

  // Printing shows the receipt alone, on the 80 mm roll.
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByTestId('receipt-print');
  await expect(printed).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  const width = await printed.getByTestId('receipt').evaluate((el) => el.getBoundingClientRect().width);
  expect(Math.abs(width - (72 / 25.4) * 96)).toBeLessThan(2);
  await page.emulateMedia({ media: 'screen' });
  await receiptDialog.getByRole('button', { name: /关\s*闭/ }).click();

  // Today's orders re-open the receipt.
  await row(page, orderNo)
    .getByRole('button', { name: /小\s*票/ })
    .click();
  await expect((await dialog(page, '小票')).getByTestId('receipt')).toContainText(orderNo);
  await page.keyboard.press('Escape');

  // A partial refund of 50 yuan.
  await page.goto('/checkstand/after-sale');
  await page.getByRole('button', { name: /申请售后/ }).click();
  const form = await dialog(page, '申请售后');
  await form.getByRole('searchbox').fill(orderNo);
  await form.getByRole('searchbox').press('Enter');
  await form.getByRole('combobox', { name: '订单号' }).click();
  await openDropdown(page).getByText(orderNo).click();
  await expect(form.getByTestId('refundable')).toHaveText(/¥[\d,]+\.\d\d/);
  await form.getByRole('spinbutton', { name: '退款金额' }).fill('50');
  await form.getByRole('textbox', { name: '原因' }).fill('客户对唇色不满意，部分退款');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(row(page, '客户对唇色不满意，部分退款')).toContainText('¥50.00');
  await expect(row(page, '客户对唇色不满意，部分退款')).toContainText('待审核');
  await shot(page, 'after-sale-list', true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/checkstand/cashier');
  await expect(page.getByText('今日到店预约')).toBeVisible();
  await expect(page.locator('.checkstand-program').first()).toBeVisible();
  await shot(page, 'cashier-mobile', true);
});
