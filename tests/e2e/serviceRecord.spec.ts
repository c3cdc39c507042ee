import { test, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { API } from '../../contract/api';
import { HEALTH_QUESTIONS } from '../../contract/healthQuestionnaire';
import type { Appointment } from '../../contract/appointment';
import type { Program } from '../../contract/program';
import type { Shop } from '../../contract/shop';
import { ADMIN, MANAGER_TWO_SHOPS, loginOverApi, loginThroughForm } from './support/login';
import { screenshot, solidPng } from './support/files';

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
const SHANGHAI_MS = 8 * 60 * MINUTE;
/** Hours that take a visit at any time of the day: the latest closing time a shop can have. */
const ALL_DAY = { openTime: '00:00', closeTime: '23:59' };
const VISIT_MINUTES = 15;
const ALL_DAY_LAST_START = 23 * 60 + 59 - VISIT_MINUTES;

/** The shop's own hours while it is open all day, and the admin who puts them back. */
let ownHours: { shopId: number; hours: Pick<Shop, 'openTime' | 'closeTime'>; admin: { authorization: string } } | undefined;

async function setHours(
  request: APIRequestContext,
  admin: { authorization: string },
  shopId: number,
  hours: Pick<Shop, 'openTime' | 'closeTime'>,
) {
  const res = await request.patch(`${API.resourceBase}/shops/${shopId}`, { headers: admin, data: hours });
  expect((await res.json()).code).toBe(0);
}

/*
 * Each walk-through books a visit for now, so the manager's first shop is open all day while it runs;
 * its own hours are put back after it, passed or failed. Playwright runs one test at a time
 * (playwright.config.ts), so no other test books in that shop meanwhile.
 */
test.beforeEach(async ({ request }) => {
  const manager = { authorization: `Bearer ${await loginOverApi(request, MANAGER_TWO_SHOPS)}` };
  const admin = { authorization: `Bearer ${await loginOverApi(request, ADMIN)}` };
  const [shop] = (await (await request.get(`${API.resourceBase}/shops`, { headers: manager })).json()).data as Shop[];
  ownHours = { shopId: shop.id, hours: { openTime: shop.openTime, closeTime: shop.closeTime }, admin };
  await setHours(request, admin, shop.id, ALL_DAY);
});

test.afterEach(async ({ request }) => {
  if (ownHours) await setHours(request, ownHours.admin, ownHours.shopId, ownHours.hours);
  ownHours = undefined;
});

/**
 * When a 15-minute visit booked now starts: this minute, or in the day's last quarter hour the latest
 * start that still ends by closing. In the day's last two minutes that start is past the walk-in grace,
 * or the arrival would fall on the next day, so the visit waits for midnight.
 */
async function visitStart(testInfo: TestInfo): Promise<number> {
  const clock = (Date.now() + SHANGHAI_MS) % DAY_MS;
  if (clock >= DAY_MS - 2 * MINUTE) {
    const wait = DAY_MS - clock + 1_000;
    test.setTimeout(testInfo.timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const now = Date.now();
  const midnight = now - ((now + SHANGHAI_MS) % DAY_MS);
  return Math.min(Math.floor(now / MINUTE) * MINUTE, midnight + ALL_DAY_LAST_START * MINUTE);
}

/** A brow visit of the manager's first shop, for a new customer, walked to arrived now. */
async function arrivedBrowVisit(request: APIRequestContext, testInfo: TestInfo, phoneTail: number): Promise<Appointment> {
  const token = await loginOverApi(request, MANAGER_TWO_SHOPS);
  const headers = { authorization: `Bearer ${token}` };
  const programs = (await (await request.get(`${API.resourceBase}/programs`, { headers, params: { type: '1', status: 'on' } })).json())
    .data as Program[];
  const booked = await request.post(`${API.resourceBase}/appointments`, {
    headers,
    data: {
      customer: { name: `档案客户${phoneTail % 100}`, phone: `139${String(phoneTail).padStart(8, '0')}` },
      programId: programs[0].id,
      staffId: null,
      startAt: new Date(await visitStart(testInfo)).toISOString(),
      durationMinutes: VISIT_MINUTES,
    },
  });
  const body = await booked.json();
  expect(body.code, body.msg).toBe(0);
  for (const action of ['confirm', 'arrive']) {
    const step = await request.post(`${API.resourceBase}/appointments/${body.data.id}/${action}`, { headers, data: {} });
    expect((await step.json()).code).toBe(0);
  }
  return body.data as Appointment;
}

/** A few strokes on the signature pad, as a finger would draw them. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

/** A section of the customer's detail: its tab, or on a phone (below 768 px) its option in the section select. */
async function openSection(page: Page, phone: boolean, name: string): Promise<void> {
  if (!phone) return page.getByRole('tab', { name }).click();
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: '客户详情分区' }) }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
}

async function walkThrough(page: Page, request: APIRequestContext, testInfo: TestInfo, size: string) {
  const visit = await arrivedBrowVisit(request, testInfo, Date.now() % 100_000_000);
  await loginThroughForm(page, MANAGER_TWO_SHOPS);
  const phone = size === '390';
  await page.goto(`/shop/consumer/${visit.customerId}`);
  await expect(page.getByText(visit.customerName).first()).toBeVisible();
  await screenshot(page, testInfo, `customer-detail-${size}`);
  await openSection(page, phone, '到店记录');
  await page.locator('tr.ant-table-row', { hasText: visit.programName }).click();
  await page.getByTestId('open-service-record').click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: '服务档案：' });
  // Marking the arrival opened the record: it is there straight away, nothing to create.
  await expect(drawer.getByTestId('record-missing')).toContainText('未填写健康问询');
  await expect(drawer.getByRole('button', { name: '建立服务档案' })).toHaveCount(0);

  // The questionnaire: no to everything.
  for (const q of HEALTH_QUESTIONS) await drawer.getByLabel(q.question, { exact: true }).getByText('否', { exact: true }).click();
  await drawer.getByRole('button', { name: '保存问询' }).click();
  await expect(drawer.getByTestId('record-missing')).not.toContainText('未填写健康问询');

  // The consent: signed on the screen, photos ticked.
  await sign(page);
  await drawer.getByRole('checkbox', { name: /同意拍摄并保存术前术后照片/ }).check();
  await drawer.getByRole('button', { name: '确认签署' }).click();
  await expect(drawer.getByTestId('record-complete')).toBeVisible();
  await expect(drawer.getByRole('img', { name: /的签名$/ })).toBeVisible();

  // A pigment batch.
  await drawer.getByRole('button', { name: '添加色料或耗材' }).click();
  const expires = new Date(Date.now() + 8 * 3600_000 + 200 * 86_400_000).toISOString().slice(0, 10);
  for (const [label, value] of [
    ['品牌 1', '色乳坊'],
    ['色号 1', '深咖 03'],
    ['批号 1', 'E2E-BATCH-01'],
    ['有效期至 1', expires],
    ['用量 1', '0.2 ml'],
  ])
    await drawer.getByLabel(label, { exact: true }).fill(value);
  await drawer.getByRole('button', { name: '保存色料' }).click();
  await expect(drawer.getByLabel('批号 1', { exact: true })).toHaveValue('E2E-BATCH-01');

  // Before and after photos, through the camera input.
  await drawer
    .getByTestId('photo-input')
    .setInputFiles({ name: 'before.png', mimeType: 'image/png', buffer: solidPng(96, [222, 184, 160]) });
  await expect(drawer.getByRole('img', { name: /的术前照片/ })).toBeVisible();
  await drawer.locator('.ant-segmented-item', { hasText: '术后' }).click();
  await drawer.getByTestId('photo-input').setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: solidPng(96, [120, 72, 50]) });
  await expect(drawer.getByRole('img', { name: /的术后照片/ })).toBeVisible();
  await screenshot(page, testInfo, `service-record-${size}`);

  // Complete the visit from the booking drawer.
  await drawer.locator('.ant-drawer-close').click();
  const booking = page.locator('.ant-drawer-content').filter({ hasText: '预约详情' });
  await booking.getByRole('button', { name: /^完\s?成$/ }).click();
  await expect(booking.getByTestId('appointment-status')).toHaveText('已完成');
  await booking.locator('.ant-drawer-close').click();

  // The timeline on the customer's detail.
  await openSection(page, phone, '服务档案');
  const timeline = page.getByTestId('record-timeline');
  await expect(timeline).toContainText(visit.programName);
  await expect(timeline).toContainText('E2E-BATCH-01');
  await expect(timeline.getByRole('img', { name: /的术后照片/ })).toBeVisible();
  await screenshot(page, testInfo, `service-record-timeline-${size}`);
}

test.describe('service record on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test('questionnaire, signature, batch and photos, then the visit completed and on the timeline', async ({ page, request }, testInfo) => {
    await walkThrough(page, request, testInfo, '1024');
  });
});

test.describe('service record on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the same at 390 px', async ({ page, request }, testInfo) => {
    await walkThrough(page, request, testInfo, '390');
  });
});
