import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { API } from '../../contract/api';
import type { Appointment } from '../../contract/appointment';
import type { CardPlan } from '../../contract/cardPlan';
import type { Program } from '../../contract/program';
import { ADMIN, FINANCE, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { dialog, openDropdown, row } from './support/ui';
import { screenshot } from './support/files';

async function write<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`${API.resourceBase}/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data as T;
}

async function read<T>(request: APIRequestContext, token: string, path: string, params: Record<string, string> = {}): Promise<T> {
  const res = await request.get(`${API.resourceBase}/${path}`, { headers: { authorization: `Bearer ${token}` }, params });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data as T;
}

/** Today's arrived bookings of the manager's shop (the demo data decides who arrived). */
async function arrivedToday(request: APIRequestContext, token: string): Promise<Appointment[]> {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const from = new Date(`${day}T00:00:00+08:00`).toISOString();
  const to = new Date(Date.parse(from) + 86_400_000).toISOString();
  return read<Appointment[]>(request, token, 'appointments', {
    status: 'arrived',
    from,
    to,
    _start: '0',
    _end: '50',
    _sort: 'startAt',
    _order: 'asc',
  });
}

/** The receipt in its dialog (a copy for the printer sits outside it). */
const receiptOf = (page: Page) => page.getByRole('dialog', { name: '小票' }).getByTestId('receipt');

const cart = (page: Page) => page.locator('.ant-card').filter({ hasText: '购物车' });

/** The cart's artists: one member when the booking brought none. */
async function ensureArtist(page: Page): Promise<void> {
  if (await page.getByTestId('share-sum').isVisible()) return;
  await cart(page).getByRole('combobox', { name: '选择服务人员' }).click();
  await openDropdown(page).locator('.ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
}

/** The customer picked by name in the cashier's search (this shop's customers). */
async function pickCustomer(page: Page, name: string): Promise<void> {
  const search = page.getByRole('combobox', { name: '姓名、手机号或尾号四位' });
  await search.fill(name);
  await openDropdown(page).locator('.ant-select-item-option', { hasText: name }).first().click();
  await expect(page.getByTestId('picked-customer')).toContainText(name);
}

async function checkoutAndOpenPay(page: Page) {
  await cart(page).getByRole('button', { name: /结算/ }).click();
  return dialog(page, '收款');
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a manager sells a stored-value card and a package, pays a service with the card plus cash and redeems a session; the receipts, the 会员卡 tab and the finance page show it', async ({
  page,
  request,
}, testInfo) => {
  const admin = await loginOverApi(request, ADMIN);
  const token = await loginOverApi(request, MANAGER_TWO_SHOPS);
  const [visit] = await arrivedToday(request, token);
  expect(visit, 'an arrived booking today in the demo data').toBeDefined();
  const [program] = await read<Program[]>(request, token, 'programs', { status: 'on', _start: '0', _end: '1' });
  const tag = Date.now().toString(36).slice(-4);
  const stored = await write<CardPlan>(request, admin, 'card-plans', {
    name: `充 1000 送 100 ${tag}`,
    kind: 'stored-value',
    priceFen: 100_000,
    bonusFen: 10_000,
  });
  const pkg = await write<CardPlan>(request, admin, 'card-plans', {
    name: `${program.name} 3 次 ${tag}`,
    kind: 'package',
    priceFen: 300_000,
    programId: program.id,
    sessions: 3,
    validDays: 365,
  });
  await loginThroughForm(page, MANAGER_TWO_SHOPS);
  await page.goto('/checkstand/cashier');

  // 1. The visit's service and two cards, paid in cash (cards are bought with money only).
  await page
    .getByRole('button', { name: `为 ${visit.customerName} 结账` })
    .first()
    .click();
  await expect(page.getByTestId('picked-customer')).toContainText(visit.customerName);
  await page.locator('.ant-segmented-item-label', { hasText: '卡项' }).click();
  await page.getByRole('button', { name: `加入 ${stored.name}` }).click();
  await page.getByRole('button', { name: `加入 ${pkg.name}` }).click();
  await expect(row(page, stored.name)).toContainText('售卡');
  await ensureArtist(page);
  await screenshot(page, testInfo, 'member-cards-cart-1440');
  let pay = await checkoutAndOpenPay(page);
  await expect(pay.getByRole('button', { name: /储值卡/ })).toHaveCount(0);
  await pay.getByRole('button', { name: '现金', exact: true }).click();
  await expect(pay.getByTestId('remainder')).toContainText('已收齐');
  await pay.getByRole('button', { name: '确认收款' }).click();
  let receipt = receiptOf(page);
  await expect(receipt).toContainText(stored.name);
  await expect(receipt).toContainText(pkg.name);
  await page
    .getByRole('dialog', { name: '小票' })
    .getByRole('button', { name: /关\s*闭/ })
    .click();

  // 2. The same customer: the balance and the package show at the counter; a session is redeemed (¥0.00) and
  //    another program paid ¥100 from the stored value and the rest in cash.
  await pickCustomer(page, visit.customerName);
  await expect(page.getByTestId('customer-cards')).toContainText('¥1,100.00');
  await page.getByRole('button', { name: `核销一次 ${pkg.name}` }).click();
  await expect(row(page, '次卡抵扣')).toContainText(program.name);
  await page.locator('.ant-segmented-item-label', { hasText: '全部' }).click();
  await page.locator('.checkstand-program').first().click();
  await ensureArtist(page);
  pay = await checkoutAndOpenPay(page);
  await pay.getByRole('button', { name: /储值卡/ }).click();
  await pay.getByLabel('第 1 笔金额').fill('100');
  await expect(pay.getByTestId('stored-value-split')).toContainText('扣后余额 ¥1,000.00');
  await pay.getByRole('button', { name: '现金', exact: true }).click();
  await expect(pay.getByTestId('remainder')).toContainText('已收齐');
  await screenshot(page, testInfo, 'member-cards-pay-1440');
  await pay.getByRole('button', { name: '确认收款' }).click();
  receipt = receiptOf(page);
  await expect(receipt).toContainText('储值卡');
  await expect(receipt).toContainText('余额 ¥1,000.00');
  await expect(receipt).toContainText('次卡抵扣 · 剩余 2 次');
  await screenshot(page, testInfo, 'member-cards-receipt-1440');
  await page
    .getByRole('dialog', { name: '小票' })
    .getByRole('button', { name: /关\s*闭/ })
    .click();

  // 3. The customer's 会员卡 tab.
  await page.goto(`/shop/consumer/${visit.customerId}`);
  await page.getByRole('tab', { name: '会员卡' }).click();
  await expect(page.getByText('余额 ¥1,000.00（本金', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('剩余 2 / 3 次').first()).toBeVisible();
  await screenshot(page, testInfo, 'member-cards-customer-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, 'member-cards-customer-390');
});

test('finance reads the member money: liability, figures and settlement, drilling down to the transactions, at 1440 and 390 px', async ({
  page,
}, testInfo) => {
  await loginThroughForm(page, FINANCE);
  const to = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() + 8 * 3600_000 - 90 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/finance/cards?from=${from}&to=${to}`);
  const summary = page.getByTestId('card-summary');
  await expect(summary.getByText('预收负债').first()).toBeVisible();
  await expect(summary.getByTestId('card-figures')).toBeVisible();
  await screenshot(page, testInfo, 'member-cards-finance-1440');

  const consumption = summary.locator('[data-testid^="consumption-"]').first();
  await consumption.click();
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page).toHaveURL(/kind/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/finance/cards?from=${from}&to=${to}`);
  await expect(page.getByTestId('card-figures').locator('.ant-card').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, 'member-cards-finance-390');
});
