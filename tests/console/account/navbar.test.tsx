import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../../src/App';
import { LOCALE_KEY } from '../../../src/locales';
import { sentBodies } from '../pages/support';
import { renderPiece } from './render';

const MANAGER = '13800000002';

/** The whole console (routes, guard, layout) at `path`. */
function openConsole(path: string, phone = MANAGER) {
  return renderPiece(<AppRoutes />, { phone, path });
}

/** The navbar, once the layout has rendered. */
async function navbar() {
  const account = await screen.findByTestId('navbar-account');
  return within(account.closest('.app-navbar') as HTMLElement);
}

async function accountMenuItem(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await (await navbar()).findByTestId('navbar-account'));
  return screen.findByRole('menuitem', { name: new RegExp(name) });
}

describe('navbar account pieces', () => {
  it('switches to the other shop from the account menu and lands on Workplace under the new shop', async () => {
    const user = userEvent.setup();
    const view = await openConsole('/shop/staff');
    expect(await (await navbar()).findByText('店长 · 美颜坊·徐汇旗舰店')).toBeTruthy();
    await user.click(await accountMenuItem(user, '切换角色/门店'));
    await user.click(await screen.findByRole('radio', { name: '店长（美颜坊·朝阳大悦城店）' }));
    await user.click(screen.getByRole('button', { name: /^切\s*换$/ }));
    await waitFor(() => expect(view.location()).toBe('/dashboard/workplace'));
    expect(await (await navbar()).findByText('店长 · 美颜坊·朝阳大悦城店')).toBeTruthy();
  });

  it('opens the user center and saves the profile; the navbar shows the new name', async () => {
    const user = userEvent.setup();
    const patched = sentBodies('PATCH', '/profile');
    const view = await openConsole('/dashboard/workplace');
    await user.click(await accountMenuItem(user, '个人中心'));
    await waitFor(() => expect(view.location()).toBe('/user/center'));
    const phone = (await screen.findByDisplayValue('13800000002')) as HTMLInputElement;
    expect(phone.readOnly).toBe(true);
    const name = screen.getByLabelText('姓名');
    await user.clear(name);
    await user.type(name, '王美丽');
    await user.type(screen.getByLabelText('备注'), '周一轮休');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('个人信息已保存')).toBeTruthy();
    expect((await navbar()).getByText('王美丽')).toBeTruthy();
    expect(patched).toEqual([{ name: '王美丽', avatar: '', jobName: '店长', remark: '周一轮休' }]);
  });

  it('refuses an empty name in the user center with the contract message', async () => {
    const user = userEvent.setup();
    await openConsole('/user/center');
    await user.clear(await screen.findByLabelText('姓名'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
  });

  it('opens user settings from the account menu', async () => {
    const user = userEvent.setup();
    const view = await openConsole('/dashboard/workplace');
    await user.click(await accountMenuItem(user, '用户设置'));
    await waitFor(() => expect(view.location()).toBe('/user/settings'));
    expect(await screen.findByLabelText('确认新密码')).toBeTruthy();
  });

  it('logs out from the account menu', async () => {
    const user = userEvent.setup();
    const view = await openConsole('/dashboard/workplace');
    await user.click(await accountMenuItem(user, '退出登录'));
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers only Chinese in the language switch and says so when chosen', async () => {
    const user = userEvent.setup();
    await openConsole('/dashboard/workplace');
    await user.click(await (await navbar()).findByTestId('locale-switch'));
    const dropdown = await waitFor(() => document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)') as HTMLElement);
    const items = within(dropdown).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['中文']);
    await user.click(items[0]);
    expect(await screen.findByText('语言已切换为中文')).toBeTruthy();
    expect(localStorage.getItem(LOCALE_KEY)).toBe('zh-CN');
  });
});
