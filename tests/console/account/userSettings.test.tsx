import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UserSettingsPage from '../../../src/pages/user/UserSettings';
import { sentBodies } from '../pages/support';
import { renderPiece } from './render';

const MANAGER = '13800000002';
const RULE = '新密码至少 8 位，且须同时包含字母和数字';

async function fill({ oldPassword, newPassword, confirm }: { oldPassword: string; newPassword: string; confirm: string }) {
  const user = userEvent.setup();
  await renderPiece(<UserSettingsPage />, { phone: MANAGER, path: '/user/settings' });
  await user.type(await screen.findByLabelText('原密码'), oldPassword);
  await user.type(screen.getByLabelText('新密码'), newPassword);
  await user.type(screen.getByLabelText('确认新密码'), confirm);
  await user.click(screen.getByRole('button', { name: '确认修改' }));
}

describe('user settings: change password', () => {
  it('refuses a confirmation that differs from the new password, without calling the server', async () => {
    const sent = sentBodies('POST', '/user/password/modify');
    await fill({ oldPassword: 'Demo@2026', newPassword: 'Beauty2027', confirm: 'Beauty2028' });
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('applies the server rule to the new password (at least 8, letters and digits)', async () => {
    await fill({ oldPassword: 'Demo@2026', newPassword: 'abcdefgh', confirm: 'abcdefgh' });
    expect(await screen.findByText(RULE)).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'ab12');
    expect(await screen.findByText(RULE)).toBeTruthy();
  });

  it('says when a field is empty and when the new password equals the old one', async () => {
    const user = userEvent.setup();
    await renderPiece(<UserSettingsPage />, { phone: MANAGER, path: '/user/settings' });
    await user.click(await screen.findByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();
    await user.type(screen.getByLabelText('原密码'), 'Demo@2026');
    await user.type(screen.getByLabelText('新密码'), 'Demo@2026');
    expect(await screen.findByText('新密码不能与原密码相同')).toBeTruthy();
  });

  it('shows the server refusal of a wrong old password on its field', async () => {
    await fill({ oldPassword: 'Wrong@2026', newPassword: 'Beauty2027', confirm: 'Beauty2027' });
    await waitFor(() =>
      expect(document.querySelector('#oldPassword_help, .ant-form-item-explain-error')?.textContent).toBe('原密码不正确'),
    );
  });

  it('changes the password and says the other sessions have ended', async () => {
    const sent = sentBodies('POST', '/user/password/modify');
    await fill({ oldPassword: 'Demo@2026', newPassword: 'Beauty2027', confirm: 'Beauty2027' });
    expect(await screen.findByText('密码已修改，其他已登录的客户端已退出登录')).toBeTruthy();
    expect(sent).toEqual([{ oldPassword: 'Demo@2026', newPassword: 'Beauty2027' }]);
    // The form is emptied for the next change.
    await waitFor(() => expect((screen.getByLabelText('原密码') as HTMLInputElement).value).toBe(''));
  });
});
