import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginAs, preloadPages, renderApp } from './renderApp';

beforeAll(preloadPages, 120_000);

/** docs/routes.md, in the titles the sider shows. */
const MENUS = {
  admin: {
    phone: '13800000001',
    groups: ['仪表盘', '运营管理', '商户管理', '财务管理'],
    pages: [
      '工作台',
      '活动管理',
      '项目管理',
      '卡项管理',
      '知情同意书',
      '门店管理',
      '账号管理',
      '业绩排行',
      '业绩审核',
      '售后审核',
      '会员卡资金',
      '日结对账',
      '色料批号追溯',
    ],
  },
  'shop-manager': {
    phone: '13800000002',
    groups: ['仪表盘', '收银中心', '预约管理', '财务管理', '本店管理'],
    pages: ['工作台', '收银', '售后', '新客预约', '售后预约', '收支明细', '日结对账', '员工管理', '客户管理'],
  },
  'financial-staff': {
    phone: '13800000003',
    groups: ['仪表盘', '财务管理'],
    pages: ['工作台', '业绩审核', '售后审核', '会员卡资金', '日结对账', '色料批号追溯'],
  },
};

const sider = () => document.querySelector('.app-sider') as HTMLElement;
const texts = (selector: string) => [...sider().querySelectorAll(selector)].map((e) => e.textContent);

describe('sider menu', () => {
  for (const [role, menu] of Object.entries(MENUS)) {
    it(`shows ${role} exactly its groups and pages`, async () => {
      const user = userEvent.setup();
      loginAs(menu.phone);
      renderApp('/dashboard/workplace');
      await waitFor(() => expect(sider()).toBeTruthy());
      expect(texts('.ant-menu-submenu-title')).toEqual(menu.groups);
      // Open every group that is still closed, then read the pages.
      for (const title of sider().querySelectorAll<HTMLElement>(
        '.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
      )) {
        await user.click(title);
      }
      await waitFor(() => expect(texts('.ant-menu-item')).toEqual(menu.pages));
    });
  }

  it('opens the group of the current page and marks the page', async () => {
    loginAs('13800000001');
    renderApp('/business/shop');
    await waitFor(() => expect(sider().querySelector('.ant-menu-item-selected')?.textContent).toBe('门店管理'));
    expect(sider().querySelector('.ant-menu-submenu-open > .ant-menu-submenu-title')?.textContent).toBe('商户管理');
  });

  it('navigates when a page is clicked', async () => {
    const user = userEvent.setup();
    loginAs('13800000003');
    const app = renderApp('/dashboard/workplace');
    await waitFor(() => expect(sider()).toBeTruthy());
    await user.click(screen.getByText('财务管理'));
    await user.click(await screen.findByRole('link', { name: '业绩审核' }));
    await waitFor(() => expect(app.location()).toBe('/finance/review'));
  });
});

describe('navbar', () => {
  it('shows the account name, role and shop, and logs out to /login', async () => {
    const user = userEvent.setup();
    loginAs('13800000002');
    const app = renderApp('/dashboard/workplace');
    const account = await screen.findByTestId('navbar-account');
    expect(account.textContent).toContain('王店长');
    expect(account.textContent).toContain('店长 · 美颜坊·徐汇旗舰店');
    await user.click(account);
    await user.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(app.location()).toMatch(/^\/login/));
    expect(await screen.findByPlaceholderText('请输入手机号')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
