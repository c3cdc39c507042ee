import { describe, expect, it, vi } from 'vitest';
import { clearSession, clearToken, getToken, setToken } from '../../../src/providers/session';
import { getUser, setUser, subscribeUser } from '../../../src/stores/currentUser';
import { getServerMenu, setServerMenu, subscribeServerMenu } from '../../../src/stores/serverMenu';
import { menuFor } from '../../../contract/access';
import type { UserInfo } from '../../../contract/auth';

const MANAGER: UserInfo = {
  accountId: 2,
  name: '王店长',
  remark: '',
  avatar: '',
  jobName: '店长',
  phone: '13800000002',
  role: 'shop-manager',
  shop: '美颜坊·徐汇旗舰店',
  shopID: 1,
};

describe('token', () => {
  it('lives in localStorage under "token"', () => {
    expect(getToken()).toBeNull();
    setToken('tok-123');
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(getToken()).toBe('tok-123');
    clearToken();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('is read fresh each time, so another tab logging out is seen', () => {
    localStorage.setItem('token', 'from-another-tab');
    expect(getToken()).toBe('from-another-tab');
  });
});

describe('clearSession', () => {
  it('forgets token, user and server menu, telling the subscribers', () => {
    const menuSeen = vi.fn();
    const userSeen = vi.fn();
    subscribeServerMenu(menuSeen);
    subscribeUser(userSeen);
    setToken('tok-456');
    setUser(MANAGER);
    setServerMenu(menuFor('shop-manager'));
    expect(getServerMenu().map((g) => g.name)).toEqual(['dashboard', 'checkstand', 'appointment', 'finance', 'shop']);

    clearSession();
    expect(getToken()).toBeNull();
    expect(getUser()).toBeUndefined();
    expect(getServerMenu()).toEqual([]);
    expect(userSeen).toHaveBeenLastCalledWith(undefined);
    expect(menuSeen).toHaveBeenLastCalledWith([]);
  });
});
