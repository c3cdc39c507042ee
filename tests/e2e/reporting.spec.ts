import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, FINANCE, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { GRAPHQL_PATH } from '../../contract/report';
import { formatFen } from '../../contract/money';
import { presetPeriod } from '../../src/components/report/period';
import { screenshot } from './support/files';

const SHOTS = '/work/shots/reporting';

/** The same report over the API, to check the screen against. */
async function report(request: APIRequestContext, phone: string, query: string, variables: Record<string, unknown> = {}) {
  const token = await loginOverApi(request, phone);
  const res = await request.post(GRAPHQL_PATH, {
    data: { operationName: null, query, variables },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function figure(page: Page, testId: string) {
  return (await page.getByTestId(testId).locator('.ant-statistic-content').innerText()).replace(/\s/g, '');
}

test("admin opens last month's ranking and drills into a shop", async ({ page, request }, testInfo) => {
  await loginThroughForm(page, ADMIN);
  await page.goto('/finance/total');
  await expect(page.getByTestId('shop-ranking')).toBeVisible();
  await page.getByTestId('period-presets').getByText('上月').click();
  const { from, to } = presetPeriod('lastMonth');
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  const data = await report(
    request,
    ADMIN,
    'query($from: Date!, $to: Date!) { shopRanking(from: $from, to: $to) { shopId revenueFen } staffRanking(from: $from, to: $to) { staffId } }',
    { from, to },
  );
  const rows = page.getByTestId('shop-ranking').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(data.shopRanking.length);
  const first = data.shopRanking[0];
  await expect(page.getByTestId(`shop-revenue-${first.shopId}`)).toHaveText(formatFen(first.revenueFen));
  // One bar row per shop (demo data may have no takings last month, so the bars can be empty).
  await expect(page.getByTestId('shop-bars').locator('.recharts-yAxis .recharts-cartesian-axis-tick')).toHaveCount(data.shopRanking.length);
  await page.screenshot({ path: `${SHOTS}/ranking-last-month.png`, fullPage: true });
  // The shop figure says it is net of the refunds beside it.
  await expect(page.getByTestId('shop-ranking').getByRole('columnheader', { name: '净营业额' })).toBeVisible();
  await expect(page.getByText('门店净营业额排行')).toBeVisible();
  await screenshot(page, testInfo, 'ranking-net-revenue');
  await page.getByTestId(`shop-revenue-${first.shopId}`).click();
  // The review lands filtered by the shop and the period (every state), and keeps them in its URL.
  await expect(page).toHaveURL(/\/finance\/review\?.*filters/);
  const url = decodeURIComponent(page.url());
  expect(url).toContain(`[field]=shopId&filters[0][operator]=eq&filters[0][value]=${first.shopId}`);
  expect(url).toContain(`[value]=${from}`);
  expect(url).not.toContain('pending');
  const shops = await report(request, ADMIN, '{ shopRanking(from: "2026-01-01", to: "2026-01-02") { shopId shopName } }');
  const shopName = shops.shopRanking.find((s: { shopId: number }) => s.shopId === first.shopId).shopName;
  await expect(page.locator('.ant-select-selection-item', { hasText: shopName })).toBeVisible();
  // The ranking stays open in its tab (hidden): only what is visible is the review's.
  await expect(page.locator('input[placeholder="开始日期"]:visible')).toHaveValue(from);
  await expect(page.locator('input[placeholder="结束日期"]:visible')).toHaveValue(to);
  await expect(page.locator('tr.ant-table-row:visible').first()).toBeVisible();
  await screenshot(page, testInfo, 'ranking-drill-down-review');
  // A reload keeps the filters.
  await page.reload();
  await expect(page.locator('.ant-select-selection-item', { hasText: shopName })).toBeVisible();
});

const WORKPLACES = [
  {
    who: 'shop-manager',
    phone: MANAGER_TWO_SHOPS,
    query: '{ workplace { shop { todayAppointmentCount today { revenueFen } afterSaleWaitingCount newCustomersThisMonth } } }',
    figures: (d: { workplace: { shop: Record<string, number & { revenueFen: number }> } }) => ({
      'figure-appointments': String(d.workplace.shop.todayAppointmentCount),
      'figure-takings': formatFen(d.workplace.shop.today.revenueFen),
      'figure-after-sales': String(d.workplace.shop.afterSaleWaitingCount),
      'figure-new-customers': String(d.workplace.shop.newCustomersThisMonth),
    }),
  },
  {
    who: 'admin',
    phone: ADMIN,
    query: '{ workplace { chain { today { revenueFen } month { revenueFen } liveProgramCount liveBannerCount } } }',
    figures: (d: { workplace: { chain: Record<string, number & { revenueFen: number }> } }) => ({
      'figure-today': formatFen(d.workplace.chain.today.revenueFen),
      'figure-month': formatFen(d.workplace.chain.month.revenueFen),
      'figure-programs': String(d.workplace.chain.liveProgramCount),
      'figure-banners': String(d.workplace.chain.liveBannerCount),
    }),
  },
  {
    who: 'financial-staff',
    phone: FINANCE,
    query: '{ workplace { finance { pendingPerformanceCount pendingAfterSaleCount reviewedPerformanceCount reviewedAfterSaleCount } } }',
    figures: (d: { workplace: { finance: Record<string, number> } }) => ({
      'figure-pending-records': String(d.workplace.finance.pendingPerformanceCount),
      'figure-pending-after-sales': String(d.workplace.finance.pendingAfterSaleCount),
      'figure-reviewed-records': String(d.workplace.finance.reviewedPerformanceCount),
      'figure-reviewed-after-sales': String(d.workplace.finance.reviewedAfterSaleCount),
    }),
  },
] as const;

for (const w of WORKPLACES) {
  test(`the ${w.who} Workplace shows its figures and the trend`, async ({ page, request }) => {
    await loginThroughForm(page, w.phone);
    await expect(page.getByTestId('trend-chart').locator('.recharts-area')).toBeAttached();
    const expected = (w.figures as (d: unknown) => Record<string, string>)(await report(request, w.phone, w.query));
    for (const [testId, text] of Object.entries(expected)) expect(await figure(page, testId), testId).toBe(text.replace(/\s/g, ''));
    await page.screenshot({ path: `${SHOTS}/workplace-${w.who}.png`, fullPage: true });
  });
}
