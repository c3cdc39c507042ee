import { expect, type Locator, type Page } from '@playwright/test';
import { dialog, popupsSettled } from './ui';
import type { Role } from '../../../contract/roles';

/** A dialog or drawer of a daily job: where it opens, the control that opens it and its title. */
export interface DailyDialog {
  roles: readonly Role[];
  path: string;
  /** Its accessible name; a pattern where it names the day or the record. */
  title: string | RegExp;
  trigger: (page: Page) => Promise<Locator>;
  /** Where focus goes when it closes, if the control that opened it is gone by then. */
  focusAfter?: (page: Page) => Locator;
}

const button = (name: string | RegExp) => async (page: Page) => page.getByRole('button', { name }).first();
const ALL: readonly Role[] = ['admin', 'shop-manager', 'financial-staff'];

/** The first of today's orders at the cashier. */
const firstOrder = (page: Page) => page.locator('.ant-card').filter({ hasText: '今日订单' }).locator('tr.ant-table-row').first();

/**
 * Opens the drawer of the first booking on the day board a day (`step`: '上一天' or '下一天') from today whose state
 * is one of `states`, and answers the drawer's button named `name`.
 */
const bookingButton = (step: '上一天' | '下一天', states: string[], name: RegExp) => async (page: Page) => {
  // The board keeps its day between visits: counted from today.
  await page.getByRole('button', { name: /^今\s*天$/ }).click();
  await page.getByRole('button', { name: step }).click();
  await page
    .getByTestId('board-day')
    .locator(states.map((s) => `.rbc-event.appointment-${s}`).join(', '))
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: '预约详情' });
  await popupsSettled(page);
  return drawer.getByRole('button', { name });
};

/**
 * The dialogs the accessibility scan opens: the booking, the booking's details with its cancellation,
 * early arrival and service record, the cashier's payment, cancellation and receipt, an after-sale
 * request, the approvals and hand entries of finance with an order's details, a shop-day's close, the
 * admin's create forms and the settings drawer every role has.
 */
export const DAILY_DIALOGS: readonly DailyDialog[] = [
  { roles: ['shop-manager'], path: '/appointment/new-customer', title: '新建预约', trigger: button(/新建预约/) },
  {
    roles: ['shop-manager'],
    path: '/appointment/new-customer',
    title: '预约详情',
    trigger: async (page) => page.locator('.rbc-event').first(),
  },
  {
    roles: ['shop-manager'],
    path: '/checkstand/cashier',
    title: '收款',
    trigger: async (page) => {
      await page
        .getByRole('button', { name: /^加入 / })
        .first()
        .click();
      await page.getByRole('combobox', { name: '选择服务人员' }).click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
      await page.keyboard.press('Escape');
      return page.getByRole('button', { name: /结\s*算/ });
    },
    // 结算 makes the order and leaves with the cart; the order's own 收款 button takes its place.
    focusAfter: (page) => page.getByRole('button', { name: /^收款/ }),
  },
  // The order 结算 made above, still unpaid: its cancellation is asked for (and not confirmed).
  {
    roles: ['shop-manager'],
    path: '/checkstand/cashier',
    title: /^取消订单 /,
    trigger: async (page) => firstOrder(page).getByRole('button', { name: '取消订单' }),
  },
  // The same order paid in cash; its receipt opened again from the list.
  {
    roles: ['shop-manager'],
    path: '/checkstand/cashier',
    title: '小票',
    trigger: async (page) => {
      await firstOrder(page).getByRole('button', { name: '继续收款' }).click();
      await page.getByRole('button', { name: /^收款/ }).click();
      const pay = page.getByRole('dialog', { name: '收款' });
      await pay.getByRole('button', { name: /^现\s*金$/ }).click();
      await pay.getByRole('button', { name: '确认收款' }).click();
      const receipt = await dialog(page, '小票');
      await page.keyboard.press('Escape');
      await expect(receipt).toBeHidden();
      return firstOrder(page).getByRole('button', { name: '小票' });
    },
  },
  {
    roles: ['shop-manager'],
    path: '/appointment/new-customer',
    title: '取消预约',
    trigger: bookingButton('下一天', ['booked', 'confirmed'], /^取消预约$/),
  },
  {
    roles: ['shop-manager'],
    path: '/appointment/new-customer',
    title: '确认客人已到店？',
    trigger: bookingButton('下一天', ['confirmed'], /^到\s*店$/),
  },
  {
    roles: ['shop-manager'],
    path: '/appointment/new-customer',
    title: /^服务档案：/,
    trigger: bookingButton('上一天', ['arrived', 'completed'], /^服务档案$/),
  },
  { roles: ['shop-manager'], path: '/checkstand/after-sale', title: '申请售后', trigger: button(/申请售后/) },
  { roles: ['financial-staff'], path: '/finance/after-sales', title: '售后详情', trigger: button('审核') },
  { roles: ['financial-staff'], path: '/finance/review', title: '驳回业绩', trigger: button(/驳\s*回/) },
  { roles: ['shop-manager'], path: '/finance/income', title: '记一笔', trigger: button(/记一笔/) },
  {
    roles: ['shop-manager'],
    path: '/finance/income',
    title: '订单',
    trigger: async (page) => page.locator('tr.ant-table-row').getByRole('button').first(),
  },
  { roles: ['shop-manager'], path: '/finance/close', title: /^日结 \d{4}-\d{2}-\d{2}$/, trigger: button(/今日日结/) },
  { roles: ['admin'], path: '/operation/program', title: '新建项目', trigger: button(/新建项目/) },
  { roles: ['admin'], path: '/operation/cards', title: '新建卡项', trigger: button(/新建卡项/) },
  { roles: ['admin'], path: '/business/shop', title: '新建门店', trigger: button(/新建门店/) },
  { roles: ['admin'], path: '/business/account', title: '新建账号', trigger: button(/新建账号/) },
  { roles: ALL, path: '/dashboard/workplace', title: '页面配置', trigger: async (page) => page.getByTestId('settings-open') },
];
