import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { API } from '../../contract/api';
import { UPLOAD_PATH } from '../../contract/upload';
import type { Program } from '../../contract/program';
import { ADMIN, MANAGER_TWO_SHOPS, loginThroughForm } from './support/login';
import { screenshot, solidPng } from './support/files';
import { deleteRow, dialog, formItem, openDropdown, openList, row } from './support/ui';

// Tall enough for a list page of ten rows without scrolling, so each screenshot shows a whole list.
test.use({ viewport: { width: 1440, height: 1200 } });

/** A suffix for the names a test creates, so reruns on the same data never collide. */
const unique = () => String(Date.now()).slice(-6);
const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

/** Reads a resource over the API with the browser's session, to check what the form really stored. */
async function apiGet<T>(page: Page, request: APIRequestContext, path: string, params: Record<string, string>): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(`${API.resourceBase}/${path}`, { headers: { authorization: `Bearer ${token}` }, params });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data as T;
}

test.describe('admin: programs and banners', () => {
  test.beforeEach(async ({ page }) => {
    await loginThroughForm(page, ADMIN);
  });

  test('creates a program with images and details, then edits its VIP price', async ({ page, request }, testInfo) => {
    const name = `测试雾眉${unique()}`;
    await openList(page, '/operation/program');
    await screenshot(page, testInfo, 'program-list');

    await page.getByRole('button', { name: /新建项目/ }).click();
    const create = await dialog(page, '新建项目');
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await expect(formItem(create, '名称')).toContainText('请输入名称');
    await expect(formItem(create, '类型')).toContainText('请选择类型');
    await screenshot(page, testInfo, 'program-form-empty', create);

    await create.getByLabel('名称').fill(name);
    await expect(formItem(create, '名称')).not.toContainText('请输入名称');
    await create.getByLabel('类型').click();
    await openDropdown(page).getByTitle('纹眉').click();
    await create.getByLabel('标签').fill('热销');
    await create.getByLabel('价格', { exact: true }).fill('1280');
    await create.getByLabel('会员价').fill('980');

    const mainImage = formItem(create, '主图');
    await mainImage
      .locator('input[type=file]')
      .setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: solidPng(64, [22, 93, 255]) });
    await expect(mainImage.locator('.ant-upload-list-item-done')).toHaveCount(1);
    const detailImages = formItem(create, '详情图');
    await detailImages.locator('input[type=file]').setInputFiles([
      { name: 'detail-1.png', mimeType: 'image/png', buffer: solidPng(64, [245, 63, 63]) },
      { name: 'detail-2.png', mimeType: 'image/png', buffer: solidPng(64, [0, 180, 42]) },
    ]);
    await expect(detailImages.locator('.ant-upload-list-item-done')).toHaveCount(2);

    const addRow = create.getByRole('button', { name: /添加一行/ });
    const rows = create.getByTestId('detail-row');
    await addRow.click();
    await addRow.click();
    await expect(rows).toHaveCount(2);
    await rows.nth(0).getByLabel('参数名，例如：适合人群').fill('适合人群');
    await rows.nth(0).getByLabel('参数内容').fill('眉形稀疏、眉色不均');
    await rows.nth(1).getByLabel('参数名，例如：适合人群').fill('保持时间');
    await rows.nth(1).getByLabel('参数内容').fill('1 至 2 年');
    // The second row moves up: the order stored must be the order shown.
    await rows.nth(1).getByRole('button', { name: '上移' }).click();
    await expect(rows.nth(0).getByLabel('参数名，例如：适合人群')).toHaveValue('保持时间');
    await screenshot(page, testInfo, 'program-form-filled', create);

    await create.getByRole('button', { name: /保\s*存/ }).click();
    await expect(create).toBeHidden();
    const created = row(page, name);
    await expect(created).toContainText('纹眉');
    await expect(created).toContainText('¥1,280.00');
    await expect(created).toContainText('¥980.00');
    await expect(created.locator('img')).toHaveAttribute('src', new RegExp(`^${UPLOAD_PATH}/`));
    await screenshot(page, testInfo, 'program-list-created');

    const [stored] = await apiGet<Program[]>(page, request, 'programs', { q: name });
    expect(stored).toMatchObject({
      name,
      type: 1,
      tag: '热销',
      priceFen: 128000,
      vipPriceFen: 98000,
      details: [
        { key: '保持时间', value: '1 至 2 年' },
        { key: '适合人群', value: '眉形稀疏、眉色不均' },
      ],
    });
    expect(stored.mainImage).toMatch(new RegExp(`^${UPLOAD_PATH}/`));
    expect(stored.detailImages).toHaveLength(2);
    for (const url of [stored.mainImage, ...stored.detailImages]) {
      const image = await request.get(url);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }

    await created.getByRole('button', { name: '编辑' }).click();
    const edit = await dialog(page, '编辑项目');
    // The form loads the record after opening; typing before that would be overwritten.
    const vipPrice = edit.getByLabel('会员价');
    await expect(vipPrice).toHaveValue('980.00');
    await expect(formItem(edit, '详情图').locator('.ant-upload-list-item-done')).toHaveCount(2);
    await vipPrice.fill('880');
    await screenshot(page, testInfo, 'program-form-edit', edit);
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect(edit).toBeHidden();
    await expect(row(page, name)).toContainText('¥880.00');
    await expect(row(page, name)).not.toContainText('¥980.00');
    await expect(row(page, name)).toContainText('¥1,280.00');
    await screenshot(page, testInfo, 'program-list-edited');
  });

  test('refuses a nameless banner, creates one and deletes it through the confirm', async ({ page }, testInfo) => {
    const name = `测试活动${unique()}`;
    await openList(page, '/operation/events');
    // Banners come highest priority first unless sorted otherwise.
    // 优先级 is the fifth column below 1600 px (来源 and 跳转链接 show from there on).
    const priorities = (await page.locator('tr.ant-table-row td:nth-child(5)').allInnerTexts()).map(Number);
    expect(priorities.length).toBeGreaterThan(1);
    expect(priorities.every(Number.isInteger)).toBe(true);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    await screenshot(page, testInfo, 'banner-list');

    await page.getByRole('button', { name: /新建活动/ }).click();
    const create = await dialog(page, '新建活动');
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await expect(formItem(create, '名称')).toContainText('请输入名称');
    await screenshot(page, testInfo, 'banner-form-empty', create);

    await create.getByLabel('名称').fill(name);
    // Platform, type and source are choices; 图片 and 图片链接 say what each is for.
    for (const [label, value] of [
      ['平台', '小程序'],
      ['类型', '首页轮播'],
      ['来源', '运营部'],
    ]) {
      await create.getByLabel(label).click();
      await openDropdown(page).locator('.ant-select-item-option-content').getByText(value, { exact: true }).click();
    }
    await expect(formItem(create, '图片链接')).toContainText('图片存放在其他网站时');
    await screenshot(page, testInfo, 'banner-form-choices', create);
    await create.getByLabel('跳转链接').fill('/pages/program/list');
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await expect(create).toBeHidden();
    await expect(row(page, name)).toContainText('小程序');

    await deleteRow(page, name, () => screenshot(page, testInfo, 'banner-delete-confirm'));
    await expect(page.getByText(`活动「${name}」已删除`)).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
  });
});

test('a shop manager adds a staff member and a customer, finds the customer and reveals the phone', async ({ page }, testInfo) => {
  const run = unique();
  const staffName = `测试员工${run}`;
  const staffPhone = `137${randomDigits(8)}`;
  const customerName = `测试客户${run}`;
  const customerPhone = `139${randomDigits(8)}`;
  const lastFour = customerPhone.slice(-4);
  const masked = `${customerPhone.slice(0, 3)}****${lastFour}`;

  await loginThroughForm(page, MANAGER_TWO_SHOPS);
  await openList(page, '/shop/staff');
  await screenshot(page, testInfo, 'staff-list');

  await page.getByRole('button', { name: /新建员工/ }).click();
  const staffForm = await dialog(page, '新建员工');
  await staffForm.getByLabel('姓名').fill(staffName);
  await staffForm.getByLabel('手机号').fill(staffPhone);
  await staffForm.getByLabel('岗位').click();
  await openDropdown(page).getByTitle('纹绣师').click();
  await staffForm.getByLabel('级别').fill('高级');
  await staffForm.getByLabel('提成比例').fill('12.5');
  await screenshot(page, testInfo, 'staff-form', staffForm);
  await staffForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(staffForm).toBeHidden();
  const member = row(page, staffName);
  await expect(member).toContainText(`${staffPhone.slice(0, 3)}****${staffPhone.slice(-4)}`);
  await expect(member).not.toContainText(staffPhone);
  await expect(member).toContainText('纹绣师');
  await expect(member).toContainText('12.5%');
  await expect(member).toContainText('在职');
  await screenshot(page, testInfo, 'staff-list-added');

  await openList(page, '/shop/consumer');
  // VIP and the last visit (the latest paid order) are columns of their own.
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['会员', '最近到店']));
  const lastVisit = headers.findIndex((h) => h.trim() === '最近到店') + 1;
  await expect(
    page
      .locator(`tr.ant-table-row td:nth-child(${lastVisit})`)
      .filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ })
      .first(),
  ).toBeVisible();
  await screenshot(page, testInfo, 'customer-list');

  await page.getByRole('button', { name: /新建客户/ }).click();
  const customerForm = await dialog(page, '新建客户');
  await customerForm.getByLabel('姓名').fill(customerName);
  await customerForm.getByLabel('手机号').fill(customerPhone);
  await customerForm.getByRole('radio', { name: '女' }).check();
  await customerForm.getByLabel('标签').fill('敏感肌');
  await customerForm.getByLabel('标签').press('Enter');
  await customerForm.getByLabel('过敏与健康备注').fill('对利多卡因过敏');
  await screenshot(page, testInfo, 'customer-form', customerForm);
  await customerForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(customerForm).toBeHidden();
  await expect(row(page, customerName)).toContainText(masked);
  await expect(row(page, customerName)).toContainText('敏感肌');
  await expect(row(page, customerName)).toContainText('未到店消费');

  const searched = page.waitForResponse(
    (res) => new URL(res.url()).pathname.endsWith('/customers') && new URL(res.url()).searchParams.get('q') === lastFour,
  );
  await page.getByPlaceholder('姓名或手机号（可输后四位）').fill(lastFour);
  await page.getByPlaceholder('姓名或手机号（可输后四位）').press('Enter');
  expect((await searched).ok()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`q.*${lastFour}`));
  await expect(row(page, customerName)).toBeVisible();
  // Every customer found carries those four digits at the end of the phone.
  const phones = page.locator('tr.ant-table-row td:nth-child(2)');
  await expect(async () => {
    const shown = await phones.allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const phone of shown) expect(phone).toMatch(new RegExp(`^1\\d{2}\\*{4}${lastFour}$`));
  }).toPass();
  await screenshot(page, testInfo, 'customer-list-searched');

  await row(page, customerName).getByRole('link', { name: customerName }).click();
  await expect(page).toHaveURL(/\/shop\/consumer\/\d+$/);
  const profile = page.locator('.ant-descriptions');
  await expect(profile).toContainText(masked);
  await expect(profile).not.toContainText(customerPhone);
  await expect(profile).toContainText('对利多卡因过敏');
  await screenshot(page, testInfo, 'customer-detail');
  await profile.getByRole('button', { name: /显示完整手机号/ }).click();
  await expect(profile).toContainText(customerPhone);
  await expect(profile.getByRole('button', { name: /显示完整手机号/ })).toHaveCount(0);
  await screenshot(page, testInfo, 'customer-detail-revealed');
});
