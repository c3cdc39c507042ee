import { describe, expect, it, vi } from 'vitest';
import { clearUser, getUser, setUser, subscribeUser } from '../../../src/stores/currentUser';
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

describe('user store', () => {
  it('holds the user, and no user means the role is unknown', () => {
    expect(getUser()).toBeUndefined();
    setUser(MANAGER);
    expect(getUser()).toBe(MANAGER);
    clearUser();
    expect(getUser()).toBeUndefined();
  });

  it('tells subscribers of every change until they unsubscribe', () => {
    const seen = vi.fn();
    const unsubscribe = subscribeUser(seen);
    setUser(MANAGER);
    clearUser();
    unsubscribe();
    setUser(MANAGER);
    expect(seen.mock.calls).toEqual([[MANAGER], [undefined]]);
  });
});
