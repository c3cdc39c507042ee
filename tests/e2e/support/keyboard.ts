import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through a page, and checks that the
 * focus is drawn (an outline or a ring). Fails when `target` cannot be reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, max = 400): Promise<void> {
  const wanted = target.first();
  await expect(wanted).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await wanted.evaluate((el) => el === document.activeElement)) {
      // antd draws focus as an outline (buttons, links) or a ring of box-shadow (inputs, selects, pickers), after a short transition.
      await expect
        .poll(
          () =>
            wanted.evaluate((el) => {
              // A Select's or a DatePicker's input sits inside the box that draws the focus.
              const box = el.closest('.ant-picker') ?? el.closest('.ant-select')?.querySelector('.ant-select-selector') ?? el;
              const style = getComputedStyle(box);
              const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
              return outline || /0px 0px 0px [1-9]/.test(style.boxShadow);
            }),
          { message: 'the focused control shows its focus' },
        )
        .toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${max} presses of Tab: ${wanted}`);
}
