import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { API } from '../../../contract/api';

export const DEMO_PASSWORD = 'Demo@2026';
export const ADMIN = '13800000001';
export const MANAGER_TWO_SHOPS = '13800000002';
export const FINANCE = '13800000003';
export const MANAGER_THIRD_SHOP = '13800000004';

/** Logs in through the form, as a person would, and waits for the Workplace. */
export async function loginThroughForm(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/workplace/);
}

/** Logs in over the API (a second client) and answers the token. */
export async function loginOverApi(request: APIRequestContext, phone: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post(API.loginPassword, { data: { phone, password } });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data.token;
}

/**
 * The sider's groups, each with its pages, read from the screen after opening every group; `within` is
 * where the menu is (the drawer of a narrow window).
 */
export async function readSiderMenu(page: Page, within = page.locator('.ant-layout-sider')): Promise<Record<string, string[]>> {
  const groups = within.locator('.ant-menu-submenu');
  await expect(groups.first()).toBeVisible();
  const menu: Record<string, string[]> = {};
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    const title = group.locator('> .ant-menu-submenu-title');
    if ((await group.getAttribute('class'))?.includes('ant-menu-submenu-open') !== true) await title.click();
    const items = group.locator('.ant-menu-item');
    await expect(items.first()).toBeVisible();
    menu[(await title.innerText()).trim()] = (await items.allInnerTexts()).map((s) => s.trim());
  }
  return menu;
}
