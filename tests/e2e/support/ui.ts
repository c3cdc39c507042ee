import { expect, type Locator, type Page } from '@playwright/test';

/** The modal of a create or edit form, by its title, once antd's zoom-in has finished. */
export async function dialog(page: Page, title: string): Promise<Locator> {
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible();
  await expect(modal).not.toHaveClass(/ant-zoom/);
  return modal;
}

/**
 * Waits until no popup (menu, popover, tooltip, toast, dialog) is still moving in or out: antd's motion
 * classes (…-appear, …-appear-start, …-appear-active and the same for enter and leave) are all gone.
 * A badge's count may still be rolling.
 */
export async function popupsSettled(page: Page): Promise<void> {
  await expect(page.locator(':is([class*="-appear"], [class*="-enter"], [class*="-leave"]):not(.ant-scroll-number)')).toHaveCount(0);
}

/**
 * Opens the navbar's account menu and answers one of its items once the menu has stopped moving: a
 * click on an item still sliding in landed where the item had been and did nothing (a flaky run on a
 * loaded machine).
 */
export async function accountMenuItem(page: Page, name: string): Promise<Locator> {
  await page.getByTestId('navbar-account').click();
  await popupsSettled(page);
  return page.getByRole('menuitem', { name });
}

/** A list page once its first page of rows is shown and the table state is in the address. */
export async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/[?&]currentPage=1/);
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
}

/** The open dropdown of a Select (the list pages keep other, closed ones mounted). */
export const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** A form item of a modal by the start of its label, e.g. "主图". */
export const formItem = (modal: Locator, label: string) => modal.locator('.ant-form-item').filter({ hasText: new RegExp(`^${label}`) });

/** A table row holding `text`. */
export const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

/** The row's delete link confirmed through "确定是否删除?" (docs/console.md); `whileAsked` runs before the answer. */
export async function deleteRow(page: Page, text: string, whileAsked?: () => Promise<void>): Promise<void> {
  await row(page, text).getByRole('button', { name: '删除' }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '确定是否删除?' });
  await expect(confirm).toBeVisible();
  await whileAsked?.();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
}

/**
 * Drags a booking by its middle so its top lands on `slot`'s top, as a hand would: press, move in
 * steps (react-big-calendar starts a drag only after the pointer has moved), release.
 */
export async function dragOnto(page: Page, event: Locator, slot: Locator): Promise<void> {
  await event.scrollIntoViewIfNeeded();
  const from = (await event.boundingBox())!;
  const grab = { x: from.x + from.width / 2, y: from.y + Math.min(from.height / 2, 30) };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x, grab.y + 8, { steps: 4 });
  const to = (await slot.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + (grab.y - from.y), { steps: 12 });
  await page.mouse.up();
}
