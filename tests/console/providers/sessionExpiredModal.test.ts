import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as route, HttpResponse } from 'msw';
import { server } from '../support/server';
import { mockLogin } from '../../../src/mocks/handlers';
import { setSessionExpiredLogout, showSessionExpiredModal } from '../../../src/providers/sessionExpiredModal';
import { authProvider } from '../../../src/providers/authProvider';
import { api } from '../../../src/providers/http';
import { getToken, setToken } from '../../../src/providers/session';
import { getUser, setUser } from '../../../src/stores/currentUser';
import { getServerMenu, setServerMenu } from '../../../src/stores/serverMenu';
import { API } from '../../../contract/api';
import { menuFor } from '../../../contract/access';
import { ErrorCode } from '../../../contract/envelope';
import type { UserInfo } from '../../../contract/auth';

const ADMIN: UserInfo = {
  accountId: 1,
  name: '林管理',
  remark: '',
  avatar: '',
  jobName: '运营总监',
  phone: '13800000001',
  role: 'admin',
  shop: null,
  shopID: null,
};

let reload: ReturnType<typeof vi.fn<() => void>>;
let logoutCalls: string[];

beforeEach(() => {
  setSessionExpiredLogout(() => authProvider.logout());
  reload = vi.fn<() => void>();
  // happy-dom's location.reload would navigate the test window.
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  logoutCalls = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith(API.logout)) logoutCalls.push(request.headers.get('authorization') ?? '');
  });
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

const dialogs = () => document.querySelectorAll('.ant-modal');
/** The visible title of the open confirm dialogs (antd also renders a hidden one for aria). */
const titles = () => Array.from(document.querySelectorAll('.ant-modal-confirm-title'), (e) => e.textContent);

describe('showSessionExpiredModal', () => {
  it('shows the Chinese texts of docs/console.md', async () => {
    showSessionExpiredModal();
    await waitFor(() => expect(titles()).toEqual(['确认登出']));
    expect(screen.getByText('您已被登出，可以取消以留在此页面，或重新登录')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  });

  it('opens at most one dialog however often it is called', async () => {
    showSessionExpiredModal();
    showSessionExpiredModal();
    await waitFor(() => expect(titles()).toEqual(['确认登出']));
    showSessionExpiredModal();
    // A second dialog would render on antd's next tick.
    await new Promise((r) => setTimeout(r, 50));
    expect(dialogs()).toHaveLength(1);
    expect(titles()).toEqual(['确认登出']);
  });

  it('重新登录 logs out on the server, clears token, user and server menu, then reloads', async () => {
    const token = mockLogin('13800000001');
    setToken(token);
    setUser(ADMIN);
    setServerMenu(menuFor('admin'));
    showSessionExpiredModal();
    await userEvent.click(await screen.findByRole('button', { name: '重新登录' }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(logoutCalls).toEqual([`Bearer ${token}`]);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getUser()).toBeUndefined();
    expect(getServerMenu()).toEqual([]);
    // The server really ended that session: its token is dead now.
    setToken(token);
    await expect(api.post(API.userInfo)).rejects.toMatchObject({ code: ErrorCode.ILLEGAL_TOKEN });
  });

  it('重新登录 still clears local state and reloads when the logout call fails', async () => {
    server.use(route.post(`*${API.logout}`, () => HttpResponse.error()));
    setToken(mockLogin('13800000002'));
    showSessionExpiredModal();
    await userEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(logoutCalls).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('取消 keeps the session and lets a later session error open the dialog again', async () => {
    setToken('a-token-that-stays-in-place-0001');
    showSessionExpiredModal();
    await userEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(reload).not.toHaveBeenCalled();
    expect(logoutCalls).toHaveLength(0);
    expect(getToken()).toBe('a-token-that-stays-in-place-0001');

    showSessionExpiredModal();
    await waitFor(() => expect(titles()).toEqual(['确认登出']));
  });
});
