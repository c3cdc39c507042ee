import type { Locator, Page } from '@playwright/test';
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

/**
 * The dialogs the accessibility scan opens: the booking, the booking's details, the cashier's payment,
 * an after-sale request, the approvals and hand entries of finance, a shop-day's close, the admin's
 * create forms and the settings drawer every role has.
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
  { roles: ['shop-manager'], path: '/checkstand/after-sale', title: '申请售后', trigger: button(/申请售后/) },
  { roles: ['financial-staff'], path: '/finance/after-sales', title: '售后详情', trigger: button('审核') },
  { roles: ['financial-staff'], path: '/finance/review', title: '驳回业绩', trigger: button(/驳\s*回/) },
  { roles: ['shop-manager'], path: '/finance/income', title: '记一笔', trigger: button(/记一笔/) },
  { roles: ['shop-manager'], path: '/finance/close', title: /^日结 \d{4}-\d{2}-\d{2}$/, trigger: button(/今日日结/) },
  { roles: ['admin'], path: '/operation/program', title: '新建项目', trigger: button(/新建项目/) },
  { roles: ['admin'], path: '/operation/cards', title: '新建卡项', trigger: button(/新建卡项/) },
  { roles: ['admin'], path: '/business/shop', title: '新建门店', trigger: button(/新建门店/) },
  { roles: ALL, path: '/dashboard/workplace', title: '页面配置', trigger: async (page) => page.getByTestId('settings-open') },
];
