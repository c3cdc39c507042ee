import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http as route, HttpResponse } from 'msw';
import { message, Modal } from 'antd';
import { server } from '../support/server';
import { mockCaptchaFor, mockLogin } from '../../../src/mocks/handlers';
import { authProvider } from '../../../src/providers/authProvider';
import { api } from '../../../src/providers/http';
import { getToken, setToken } from '../../../src/providers/session';
import { getUser, setUser } from '../../../src/stores/currentUser';
import { getServerMenu, setServerMenu } from '../../../src/stores/serverMenu';
import { API } from '../../../contract/api';
import { menuFor } from '../../../contract/access';
import { ErrorCode } from '../../../contract/envelope';
import { DEMO_PASSWORD } from '../../../contract/demo';
import { DEFAULT_ROUTE, LOGIN_ROUTE } from '../../../contract/routes';

const STALE = 'stale-token-of-an-earlier-login-0001';

/** Paths of the calls the MSW server received, in order. */
let calls: string[];

beforeEach(() => {
  calls = [];
  server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

describe('login', () => {
  it('password login stores the token under "token" and greets with 欢迎使用', async () => {
    const result = await authProvider.login({ phone: '13800000001', password: DEMO_PASSWORD, remember: true });
    expect(result).toEqual({ success: true, redirectTo: DEFAULT_ROUTE, successNotification: { message: '欢迎使用' } });
    const token = localStorage.getItem('token');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // The stored token is a live session of that account.
    await expect(api.post(API.userInfo)).resolves.toMatchObject({ phone: '13800000001', role: 'admin' });
    expect(calls).toEqual([API.loginPassword, API.userInfo]);
  });

  it('goes to the redirect target when the guard passed one', async () => {
    const result = await authProvider.login({ phone: '13800000002', password: DEMO_PASSWORD, redirectTo: '/shop/staff?page=2' });
    expect(result.redirectTo).toBe('/shop/staff?page=2');
  });

  it('forgets the previous user and server menu', async () => {
    setUser({
      accountId: 3,
      name: '赵财务',
      remark: '',
      avatar: '',
      jobName: '',
      phone: '13800000003',
      role: 'financial-staff',
      shop: null,
      shopID: null,
    });
    setServerMenu(menuFor('financial-staff'));
    await authProvider.login({ phone: '13800000004', password: DEMO_PASSWORD });
    expect(getUser()).toBeUndefined();
    expect(getServerMenu()).toEqual([]);
    await expect(authProvider.getIdentity()).resolves.toMatchObject({ name: '陈店长', role: 'shop-manager', shop: '美颜坊·天河正佳店' });
  });

  it('captcha login: the code the server sent logs in', async () => {
    await api.post(API.getCaptcha, { phone: '13800000003' });
    const code = mockCaptchaFor('13800000003')!;
    expect(code).toMatch(/^\d{6}$/);
    const result = await authProvider.login({ phone: '13800000003', captcha: code });
    expect(result).toMatchObject({ success: true, successNotification: { message: '欢迎使用' } });
    await expect(authProvider.getIdentity()).resolves.toMatchObject({ role: 'financial-staff' });
    expect(calls).toEqual([API.getCaptcha, API.loginCaptcha, API.userInfo]);
  });

  it('a wrong password clears the token and resolves {success: false, error} for the form, without a toast', async () => {
    setToken(STALE);
    const toast = vi.spyOn(message, 'error');
    const result = await authProvider.login({ phone: '13800000001', password: 'wrong-password' });
    expect(result).toEqual({
      success: false,
      error: expect.objectContaining({ message: '手机号或密码错误', statusCode: 400, code: ErrorCode.INVALID_INPUT }),
    });
    expect(getToken()).toBeNull();
    // The form shows the reason inline; a toast would say it a second time.
    expect(toast).not.toHaveBeenCalled();
  });

  it('a wrong captcha clears the token and resolves with the reason', async () => {
    setToken(STALE);
    await api.post(API.getCaptcha, { phone: '13800000002' });
    const wrong = mockCaptchaFor('13800000002') === '000000' ? '111111' : '000000';
    await expect(authProvider.login({ phone: '13800000002', captcha: wrong })).resolves.toMatchObject({
      success: false,
      error: { message: '验证码错误或已失效，请重新获取', code: ErrorCode.INVALID_INPUT },
    });
    expect(getToken()).toBeNull();
  });

  it('invalid input comes back with the field errors of the contract schema', async () => {
    await expect(authProvider.login({ phone: '1380000', password: '' })).resolves.toMatchObject({
      success: false,
      error: { code: ErrorCode.INVALID_INPUT, errors: { phone: '手机号格式不正确，应为 11 位手机号', password: '请输入密码' } },
    });
  });

  it('a network failure also clears the token', async () => {
    server.use(route.post(`*${API.loginPassword}`, () => HttpResponse.error()));
    setToken(STALE);
    await expect(authProvider.login({ phone: '13800000001', password: DEMO_PASSWORD })).resolves.toMatchObject({
      success: false,
      error: { message: 'Request Error', statusCode: 0 },
    });
    expect(getToken()).toBeNull();
  });
});

describe('logout', () => {
  it('ends the session on the server and clears token, user and server menu', async () => {
    const token = mockLogin('13800000001');
    setToken(token);
    await authProvider.getIdentity();
    setServerMenu(menuFor('admin'));
    await expect(authProvider.logout()).resolves.toEqual({ success: true, redirectTo: LOGIN_ROUTE });
    expect(calls).toEqual([API.userInfo, API.logout]);
    expect(getToken()).toBeNull();
    expect(getUser()).toBeUndefined();
    expect(getServerMenu()).toEqual([]);
    setToken(token);
    await expect(api.post(API.userInfo)).rejects.toMatchObject({ code: ErrorCode.ILLEGAL_TOKEN });
  });

  it('clears local state without a toast or modal when the server call fails', async () => {
    const toast = vi.spyOn(message, 'error');
    const confirm = vi.spyOn(Modal, 'confirm');
    server.use(
      route.post(`*${API.logout}`, () =>
        HttpResponse.json({ code: ErrorCode.SESSION_ENDED, msg: '登录状态已失效', data: null }, { status: 401 }),
      ),
    );
    setToken(STALE);
    setUser({
      accountId: 2,
      name: '王店长',
      remark: '',
      avatar: '',
      jobName: '店长',
      phone: '13800000002',
      role: 'shop-manager',
      shop: '美颜坊·徐汇旗舰店',
      shopID: 1,
    });
    await expect(authProvider.logout()).resolves.toMatchObject({ success: true });
    expect(calls).toEqual([API.logout]);
    expect(getToken()).toBeNull();
    expect(getUser()).toBeUndefined();
    expect(toast).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('makes no server call when no token is stored', async () => {
    await expect(authProvider.logout()).resolves.toMatchObject({ success: true, redirectTo: LOGIN_ROUTE });
    expect(calls).toEqual([]);
  });
});

describe('check', () => {
  it('is authenticated exactly when a token is stored', async () => {
    await expect(authProvider.check()).resolves.toEqual({ authenticated: false, redirectTo: LOGIN_ROUTE });
    setToken(STALE);
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
  });
});

describe('getIdentity and getPermissions', () => {
  it('fetch user/info once, share one request between concurrent callers, then serve the cache', async () => {
    setToken(mockLogin('13800000002'));
    const [a, b] = await Promise.all([authProvider.getIdentity(), authProvider.getIdentity()]);
    expect(a).toEqual({
      accountId: 2,
      name: '王店长',
      remark: '',
      avatar: '',
      jobName: '店长',
      phone: '13800000002',
      role: 'shop-manager',
      shop: '美颜坊·徐汇旗舰店',
      shopID: 1,
    });
    expect(b).toBe(a);
    expect(getUser()).toBe(a);
    await authProvider.getIdentity();
    await authProvider.getPermissions();
    expect(calls).toEqual([API.userInfo]);
  });

  it('answer null without a token and make no call', async () => {
    await expect(authProvider.getIdentity()).resolves.toBeNull();
    await expect(authProvider.getPermissions()).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('reject when user/info fails, so the guard can force the logout; the next call tries again', async () => {
    setToken(STALE);
    await expect(authProvider.getIdentity()).rejects.toMatchObject({ code: ErrorCode.ILLEGAL_TOKEN });
    expect(getUser()).toBeUndefined();
    setToken(mockLogin('13800000003'));
    await expect(authProvider.getIdentity()).resolves.toMatchObject({ role: 'financial-staff' });
    expect(calls).toEqual([API.userInfo, API.userInfo]);
  });

  it.each([
    ['13800000001', 'admin'],
    ['13800000002', 'shop-manager'],
    ['13800000003', 'financial-staff'],
    ['13800000004', 'shop-manager'],
  ])('getPermissions of %s is its role %s', async (phone, role) => {
    setToken(mockLogin(phone));
    await expect(authProvider.getPermissions()).resolves.toBe(role);
  });
});

describe('onError', () => {
  it('asks refine for nothing more: the modal already handles session errors', async () => {
    await expect(authProvider.onError({ statusCode: 401, code: ErrorCode.SESSION_ENDED, message: 'x' })).resolves.toEqual({});
    await expect(authProvider.onError({ statusCode: 403, code: ErrorCode.FORBIDDEN, message: 'x' })).resolves.toEqual({});
  });
});
