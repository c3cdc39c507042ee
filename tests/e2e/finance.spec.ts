import { copyFile, mkdir } from 'node:fs/promises';
import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { API } from '../../contract/api';
import { IDEMPOTENCY_HEADER } from '../../contract/order';
import { FINANCE, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { screenshot } from './support/files';
import { dialog, openDropdown } from './support/ui';

test.use({ viewport: { width: 1440, height: 900 } });

/** Where the finance pages' screenshots go for a person to look at. */
const SHOTS = '/work/shots/finance-console';

async function shoot(page: Page, testInfo: Parameters<typeof screenshot>[1], name: string) {
  // From the page's title down, however far a search has scrolled it.
  await page.evaluate(() => document.querySelectorAll('*').forEach((e) => e.scrollTop > 0 && e.scrollTo({ top: 0 })));
  await screenshot(page, testInfo, name);
  await mkdir(SHOTS, { recursive: true });
  await copyFile(testInfo.outputPath(`${name}.png`), `${SHOTS}/${name}.png`);
}

/** "¥12,345.67" or "-¥5.00" as fen. */
const fenOf = (text: string) => {
  const m = /(-?)¥([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no amount in ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2].replaceAll(',', '')) * 100 + Number(m[3]));
};

/** A GET of the API as a second client of the same role, answering data and the list total. */
async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<{ data: T; total: number }> {
  const res = await request.get(`${API.resourceBase}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return { data: body.data as T, total: Number(res.headers()['x-total-count'] ?? 0) };
}

const rows = (page: Page) => page.locator('tr.ant-table-row');

test.describe('financial staff: performance and after-sale review', () => {
  test.beforeEach(async ({ page }) => loginThroughForm(page, FINANCE));

  test('batch-approves a page of records, rejects one with a reason, and exports the filtered review', async ({
    page,
    request,
  }, testInfo) => {
    const token = await loginOverApi(request, FINANCE);
    await page.goto('/finance/review');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId('sum-amount')).toContainText('¥');
    await shoot(page, testInfo, 'finance-review');

    // A whole page picked and approved in one step.
    const before = await apiGet<unknown[]>(request, token, 'performance-records?status=pending&_start=0&_end=1');
    const onPage = await rows(page).count();
    await page.locator('thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: `批量通过（已选 ${onPage} 条）` }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: `确认通过 ${onPage} 条业绩，合计 ¥` });
    await expect(confirm).toBeVisible();
    await shoot(page, testInfo, 'finance-review-batch-confirm');
    await confirm.getByRole('button', { name: /通\s*过/ }).click();
    await expect(page.getByText(`已通过 ${onPage} 条，跳过 0 条`)).toBeVisible();
    await expect
      .poll(async () => (await apiGet<unknown[]>(request, token, 'performance-records?status=pending&_start=0&_end=1')).total)
      .toBe(before.total - onPage);
    // The sums above follow: the count card shows what is still pending.
    await expect(page.getByTestId('sum-count')).toContainText(String(before.total - onPage));

    // One rejected with a reason: required first, then recorded.
    const first = rows(page).first();
    const orderNo = (await first.locator('td').nth(2).innerText()).trim();
    await first.getByRole('button', { name: /驳\s*回/ }).click();
    const reject = page.locator('.ant-modal').filter({ hasText: '驳回业绩' });
    await reject.getByRole('button', { name: /确\s*定/ }).click();
    await expect(reject.getByText('请输入驳回原因')).toBeVisible();
    await reject.getByLabel('驳回原因').fill('服务人员登记有误，请门店更正后重新提交');
    await reject.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText(new RegExp(`已驳回 ${orderNo} .+ 的业绩`))).toBeVisible();
    const rejected = await apiGet<{ orderNo: string; rejectReason: string }[]>(
      request,
      token,
      `performance-records?status=rejected&q=${orderNo}&_sort=reviewedAt&_order=desc&_start=0&_end=1`,
    );
    expect(rejected.data[0]).toMatchObject({ orderNo, rejectReason: '服务人员登记有误，请门店更正后重新提交' });

    // The review filtered to one shop, exported and opened.
    await page.locator('.ant-select').filter({ hasText: '全部门店' }).click();
    await openDropdown(page).getByText('美颜坊·朝阳大悦城店').click();
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page).toHaveURL(/shopId/);
    await expect(rows(page).first()).toBeVisible();
    const shops = await apiGet<{ id: number; name: string }[]>(request, token, 'shops?_start=0&_end=10');
    const shopId = shops.data.find((s) => s.name === '美颜坊·朝阳大悦城店')!.id;
    const expected = await apiGet<unknown[]>(request, token, `performance-records?status=pending&shopId=${shopId}&_start=0&_end=1`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    // The file name names the filter: the shop, no period, the state.
    const fileName = '业绩记录_美颜坊·朝阳大悦城店_全部日期_待审核.xlsx';
    expect(download.suggestedFilename()).toBe(fileName);
    const file = testInfo.outputPath('review.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['订单号', '门店', '员工', '业绩金额（元）', '提成（元）', '状态']));
    expect(sheet.rowCount - 1).toBe(expected.total);
    const shopColumn = header.indexOf('门店') + 1;
    const statusColumn = header.indexOf('状态') + 1;
    for (let r = 2; r <= sheet.rowCount; r++) {
      expect(sheet.getRow(r).getCell(shopColumn).value).toBe('美颜坊·朝阳大悦城店');
      expect(sheet.getRow(r).getCell(statusColumn).value).toBe('待审核');
    }
    await expect(page.getByText(`已导出「${fileName}」`)).toBeVisible();
  });

  test('approves a refund and the order is refunded', async ({ page, request }, testInfo) => {
    const token = await loginOverApi(request, FINANCE);
    await page.goto('/finance/after-sales');
    await expect(rows(page).first()).toBeVisible();
    await page.locator('.ant-select').filter({ hasText: '全部类型' }).click();
    await openDropdown(page).getByText('退款', { exact: true }).click();
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page).toHaveURL(/type/);
    await expect(rows(page).first()).toContainText('退款');
    await shoot(page, testInfo, 'finance-after-sales');

    await rows(page).first().getByRole('button', { name: '审核' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByText('收款')).toBeVisible();
    await expect(drawer.getByText('该订单的其他退款申请')).toBeVisible();
    await shoot(page, testInfo, 'finance-after-sale-drawer');
    const orderNo = (await drawer.locator('.ant-descriptions-item-content').nth(1).innerText()).trim();
    const orders = await apiGet<{ id: number; paidFen: number; refundedFen: number }[]>(
      request,
      token,
      `orders?q=${orderNo}&_start=0&_end=1`,
    );
    const order = orders.data[0];
    // The warning names the amount approving pays back.
    const amount = fenOf(await drawer.locator('.ant-alert').filter({ hasText: '通过后将立即退款' }).innerText());

    await drawer.getByLabel('审核备注').fill('已与客户电话确认');
    await drawer.getByRole('button', { name: /通\s*过/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText(`已通过订单 ${orderNo} 的售后申请`)).toBeVisible();

    const after = await apiGet<{ refundedFen: number; status: string }>(request, token, `orders/${order.id}`);
    expect(after.data.refundedFen).toBe(order.refundedFen + amount);
    expect(after.data.status).toBe(after.data.refundedFen === order.paidFen ? 'refunded' : 'partially-refunded');
    // The drawer shows the decision and the order's new state.
    await expect(drawer.getByText('已与客户电话确认')).toBeVisible();
    await expect(
      drawer.locator('.ant-tag').getByText(after.data.status === 'refunded' ? '已退款' : '部分退款', { exact: true }),
    ).toBeVisible();
    const ledger = await apiGet<{ amountFen: number; category: string }[]>(
      request,
      token,
      `ledger?orderId=${order.id}&category=refund&_sort=id&_order=desc&_start=0&_end=1`,
    );
    expect(ledger.data[0]).toMatchObject({ amountFen: -amount, category: 'refund' });
  });
});

test.describe('financial staff on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the review, after-sales and ledger lists show each row as a card, the amount beside its buttons', async ({ page }, testInfo) => {
    await loginThroughForm(page, FINANCE);
    await page.goto('/finance/review');
    const card = page.getByTestId('list-card').first();
    await expect(card).toBeVisible();
    for (const label of ['订单号', '员工', '业绩金额', '状态']) await expect(card.locator('dt', { hasText: label })).toBeVisible();
    await expect(card.locator('dd').filter({ hasText: '¥' }).first()).toBeVisible();
    await expect(card.getByRole('button', { name: /通\s*过/ })).toBeVisible();
    // Nothing pinned over the card: the amount and 通过 are both in the window.
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'finance-review-phone');
    await mkdir(SHOTS, { recursive: true });
    await copyFile(testInfo.outputPath('finance-review-phone.png'), `${SHOTS}/finance-review-phone.png`);

    await page.goto('/finance/after-sales');
    await expect(page.getByTestId('list-card').first().locator('dt', { hasText: '退款金额' })).toBeVisible();
  });
});

test.describe('shop manager: income and expense', () => {
  test('a refund is listed as its own kind, and rows without a button say why', async ({ page, request }, testInfo) => {
    // A refund of this shop approved today, as finance would.
    const manager = await loginOverApi(request, MANAGER_TWO_SHOPS);
    const finance = await loginOverApi(request, FINANCE);
    const { data: paid } = await apiGet<{ id: number }[]>(request, manager, 'orders?status=paid&_start=0&_end=1');
    const asked = await request.post(`${API.resourceBase}/after-sales`, {
      headers: { authorization: `Bearer ${manager}`, [IDEMPOTENCY_HEADER]: `e2e-refund-${Date.now()}` },
      data: { orderId: paid[0].id, type: 'refund', amountFen: 100, reason: '客户要求退一元', images: [] },
    });
    const requestBody = await asked.json();
    expect(requestBody.code, requestBody.msg).toBe(0);
    const approved = await request.post(`${API.resourceBase}/after-sales/${requestBody.data.id}/approve`, {
      headers: { authorization: `Bearer ${finance}` },
      data: { note: '' },
    });
    expect((await approved.json()).code).toBe(0);

    await loginThroughForm(page, MANAGER_TWO_SHOPS);
    await page.goto('/finance/income');
    await page.locator('.ant-select').filter({ hasText: '全部类别' }).click();
    await openDropdown(page).getByText('退款', { exact: true }).click();
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const refund = rows(page).filter({ hasText: '-¥1.00' }).first();
    await expect(refund.locator('.ant-tag', { hasText: '退款' })).toBeVisible();
    await expect(refund.locator('.ant-tag', { hasText: '收入' })).toHaveCount(0);
    await expect(refund).toContainText('退款随售后审核入账，不可冲正');
    await shoot(page, testInfo, 'finance-income-refund-kind');
  });

  test('adds an expense, reverses it, and sees the period sums change', async ({ page }, testInfo) => {
    await loginThroughForm(page, MANAGER_TWO_SHOPS);
    await page.goto('/finance/income');
    await expect(rows(page).first()).toBeVisible();
    const expense = page.getByTestId('sum-expense');
    const net = page.getByTestId('sum-net');
    await expect(expense).toContainText('¥');
    await expect(page.getByRole('application')).toBeVisible();
    await shoot(page, testInfo, 'finance-income');
    const expenseBefore = fenOf(await expense.innerText());
    const netBefore = fenOf(await net.innerText());

    const note = `E2E 房租 ${Date.now()}`;
    await page.getByRole('button', { name: /记一笔/ }).click();
    const form = await dialog(page, '记一笔');
    await form.getByLabel('类别').click();
    await openDropdown(page).getByText('房租', { exact: true }).click();
    await form.getByLabel('金额').fill('1234.56');
    await form.getByLabel('备注').fill(note);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('tr.ant-table-row', { hasText: note })).toBeVisible();
    await expect.poll(async () => fenOf(await expense.innerText())).toBe(expenseBefore + 123456);
    expect(fenOf(await net.innerText())).toBe(netBefore - 123456);

    const entry = page.locator('tr.ant-table-row', { hasText: note });
    await entry.getByRole('button', { name: /冲\s*正/ }).click();
    const reverse = page.locator('.ant-modal').filter({ hasText: '冲正账目' });
    await reverse.getByLabel('冲正原因').fill('金额录错，重新录入');
    await reverse.getByRole('button', { name: /确\s*定/ }).click();
    await expect(entry.getByText(/已被 #\d+ 冲正/)).toBeVisible();
    await expect(page.locator('tr.ant-table-row', { hasText: '金额录错，重新录入' })).toContainText('-¥1,234.56');
    await expect(entry.getByRole('button', { name: /冲\s*正/ })).toHaveCount(0);
    await expect.poll(async () => fenOf(await expense.innerText())).toBe(expenseBefore);
    expect(fenOf(await net.innerText())).toBe(netBefore);
    await shoot(page, testInfo, 'finance-income-reversed');
  });
});
