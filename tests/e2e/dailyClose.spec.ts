import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import { API } from '../../contract/api';
import type { DailyClose } from '../../contract/dailyClose';
import { FINANCE, MANAGER_THIRD_SHOP, loginOverApi, loginThroughForm } from './support/login';
import { screenshot } from './support/files';
import { dialog, row } from './support/ui';

test.use({ viewport: { width: 1440, height: 900 } });

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** "1234.50" as the money inputs take yuan. */
const yuan = (fen: number) => (fen / 100).toFixed(2);

async function apiCall<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const res = await request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data as T;
}

/**
 * The manager's day as the server computes it: what the drawer should hold. Late in a demo day the
 * cash refunded can exceed the cash taken, and a drawer cannot be counted below zero: the manager
 * then puts cash in first (a hand income in cash, up to ¥500 in the drawer), as a shop would.
 */
async function managerDay(request: APIRequestContext): Promise<DailyClose> {
  const token = await loginOverApi(request, MANAGER_THIRD_SHOP);
  const { shopID } = await apiCall<{ shopID: number }>(request, token, 'POST', API.userInfo);
  const path = `${API.resourceBase}/daily-closes/${shopID}/${today()}`;
  const day = await apiCall<DailyClose>(request, token, 'GET', path);
  if (day.expectedCashFen > 0) return day;
  await apiCall(request, token, 'POST', `${API.resourceBase}/ledger`, {
    type: 'income',
    category: 'other',
    amountFen: 50_000 - day.expectedCashFen,
    method: 'cash',
    occurredOn: today(),
    note: '补足钱箱现金',
  });
  return apiCall<DailyClose>(request, token, 'GET', path);
}

async function openToday(page: Page) {
  await page.goto('/finance/close');
  await page.getByRole('button', { name: '今日日结' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByText('应有现金')).toBeVisible();
  return drawer;
}

async function submitCount(page: Page, drawer: ReturnType<Page['locator']>, countedFen: number, reason: string | null) {
  await drawer.getByLabel('实点现金').fill(yuan(countedFen));
  if (reason !== null) await drawer.getByLabel('差异原因').fill(reason);
  await drawer.getByLabel('留存备用金').fill(yuan(Math.min(countedFen, 20_000)));
  await drawer.getByRole('button', { name: '提交日结' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(`${today()} 日结已提交`)).toBeVisible();
}

test('the manager closes a day ¥10 over with a reason, finance returns it, the manager submits it again, finance confirms', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const day = await managerDay(request);
  expect(day.status).toBe('open');

  await loginThroughForm(page, MANAGER_THIRD_SHOP);
  let drawer = await openToday(page);
  // The cash taken opens the orders and hand entries it sums.
  await drawer.getByRole('button', { name: /^现金收入 / }).click();
  const drill = drawer.locator('.close-drill');
  await expect(drill.getByRole('heading', { name: '现金收入' })).toBeVisible();
  await expect(drill.locator('tbody tr.ant-table-row').first()).toContainText(/订单收款|收支记账/);
  await screenshot(page, testInfo, 'daily-close-drill-1440');
  // Over by ¥10 and no reason: the server names the field; then with a reason it goes through.
  await drawer.getByLabel('实点现金').fill(yuan(day.expectedCashFen + 1_000));
  await expect(drawer.getByText('长款 ¥10.00')).toBeVisible();
  await screenshot(page, testInfo, 'daily-close-count-1440');
  await submitCount(page, drawer, day.expectedCashFen + 1_000, '客人多付未找零');
  await expect(drawer.getByText('待确认')).toBeVisible();

  const financePage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loginThroughForm(financePage, FINANCE);
  await financePage.goto('/finance/close');
  const submitted = row(financePage, day.shopName).filter({ hasText: today() });
  await expect(submitted).toContainText('待确认');
  await expect(submitted).toContainText('长款 ¥10.00');
  await screenshot(financePage, testInfo, 'daily-close-list-1440');
  await submitted.getByRole('button', { name: /查看/ }).click();
  const financeDrawer = financePage.locator('.ant-drawer-content');
  await financeDrawer.getByRole('button', { name: /退\s*回/ }).click();
  const returning = await dialog(financePage, `退回 ${day.shopName} ${today()} 的日结`);
  await returning.getByLabel('退回原因').fill('请重新清点现金');
  await returning.getByRole('button', { name: /确\s*定/ }).click();
  await expect(financePage.getByText(`${today()} 日结已退回`)).toBeVisible();

  drawer = await openToday(page);
  await expect(drawer.getByText('财务已退回：请重新清点现金')).toBeVisible();
  await submitCount(page, drawer, day.expectedCashFen, null);

  await financePage.reload();
  const again = row(financePage, day.shopName).filter({ hasText: today() });
  await expect(again).toContainText('待确认');
  await expect(again).toContainText('无差异');
  await again.getByRole('checkbox').check();
  await financePage.getByRole('button', { name: '批量确认（1）' }).click();
  await expect(financePage.getByText('确认所选 1 个日结？')).toBeVisible();
  await financePage.getByRole('button', { name: /确\s*定/ }).click();
  await expect(again).toContainText('已确认');

  // A phone: the list as cards, each with its day's amount and state.
  await financePage.setViewportSize({ width: 390, height: 844 });
  await financePage.reload();
  const card = financePage.locator('.ant-table-row', { hasText: today() }).filter({ hasText: day.shopName });
  await expect(card).toContainText('已确认');
  await expect(card).toContainText('¥');
  await screenshot(financePage, testInfo, 'daily-close-list-390');
  await financePage.close();
});
