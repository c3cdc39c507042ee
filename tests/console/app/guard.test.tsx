import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http as route, HttpResponse } from 'msw';
import { server } from '../support/server';
import { API } from '../../../contract/api';
import { getToken, setToken } from '../../../src/providers/session';
import { getUser } from '../../../src/stores/currentUser';
import { loginUrl, redirectTarget } from '../../../src/layout/guard/loginCheck';
import { loginAs, preloadPages, renderApp } from './renderApp';

beforeAll(preloadPages, 120_000);

describe('route guard', () => {
  it('sends a visitor without a token to /login, keeping the target path and query as redirect', async () => {
    const app = renderApp('/business/shop?status=open');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fbusiness%2Fshop%3Fstatus%3Dopen'));
    expect(await screen.findByRole('button', { name: '登 录' })).toBeTruthy();
  });

  it('sends / to /login', async () => {
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByPlaceholderText('请输入手机号')).toBeTruthy();
  });

  it('fetches the user info when the role is unknown, then shows the page', async () => {
    loginAs('13800000002');
    const app = renderApp('/dashboard/workplace');
    // Whatever the hour: 夜深了 after midnight, 早上好 … 晚上好 through the day.
    expect(await screen.findByText(/^王店长，(夜深了|早上好|中午好|下午好|晚上好)/)).toBeTruthy();
    expect(app.location()).toBe('/dashboard/workplace');
    expect(getUser()).toMatchObject({ name: '王店长', role: 'shop-manager', shop: '美颜坊·徐汇旗舰店' });
  });

  it('forwards a logged-in user at /login to the redirect target', async () => {
    loginAs('13800000002');
    const app = renderApp('/login?redirect=%2Fshop%2Fstaff%3Fpage%3D2');
    await waitFor(() => expect(app.location()).toBe('/shop/staff?page=2'));
  });

  it('forwards a logged-in user at /login without redirect, and at /, to Workplace', async () => {
    loginAs('13800000003');
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/dashboard/workplace'));
    expect(await screen.findByText(/赵财务，/)).toBeTruthy();
  });

  it('sends a forbidden route to the first route the role may open, and says why', async () => {
    loginAs('13800000002');
    const app = renderApp('/business/shop');
    await waitFor(() => expect(app.location()).toBe('/dashboard/workplace'));
    expect(await screen.findByText(/王店长，/)).toBeTruthy();
    expect(await screen.findByText('当前角色不能打开「门店管理」，已转到「工作台」')).toBeTruthy();
  });

  it('shows the not-found page for an unknown path, inside the layout', async () => {
    loginAs('13800000001');
    const app = renderApp('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(app.location()).toBe('/no/such/page');
    // The navbar is there: the page is inside the default layout.
    expect(screen.getByText('林管理')).toBeTruthy();
  });

  it('logs out and goes to login with redirect when the user info call fails', async () => {
    setToken('a-token-the-server-does-not-know-000000');
    const app = renderApp('/finance/review?day=2026-11-01');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Ffinance%2Freview%3Fday%3D2026-11-01'));
    expect(getToken()).toBeNull();
    expect(getUser()).toBeUndefined();
    // The guard handles a failed user-info call itself: no session-expired dialog on top.
    expect(document.querySelector('.ant-modal')).toBeNull();
  });

  it('logs out too when the user info call fails on /login, and shows the form', async () => {
    setToken('a-token-the-server-does-not-know-000000');
    server.use(
      route.post(`*${API.userInfo}`, () => HttpResponse.json({ code: 50000, msg: '服务器内部错误', data: null }, { status: 500 })),
    );
    const app = renderApp('/login?redirect=%2Fdashboard%2Fworkplace');
    expect(await screen.findByPlaceholderText('请输入手机号')).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(app.location()).toBe('/login?redirect=%2Fdashboard%2Fworkplace');
  });

  it('/redirect/<path> replaces itself with the path and keeps the query', async () => {
    loginAs('13800000001');
    const app = renderApp('/redirect/dashboard/workplace?tab=1');
    await waitFor(() => expect(app.location()).toBe('/dashboard/workplace?tab=1'));
  });

  it('builds login links and follows only paths inside the console', () => {
    expect(loginUrl('/shop/staff?page=2')).toBe('/login?redirect=%2Fshop%2Fstaff%3Fpage%3D2');
    expect(redirectTarget('?redirect=%2Fshop%2Fstaff')).toBe('/shop/staff');
    expect(redirectTarget('')).toBe('/dashboard/workplace');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard/workplace');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/dashboard/workplace');
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/dashboard/workplace');
  });
});
