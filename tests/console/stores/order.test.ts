import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  NO_ORDER,
  ORDER_KEY,
  getCurrentOrderId,
  resetCurrentOrderId,
  setCurrentOrderId,
  useCurrentOrderId,
} from '../../../src/stores/order';
import { clearUser, setUser } from '../../../src/stores/currentUser';
import { emitRoleSwitched } from '../../../src/components/account/roleSwitchEvents';
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

beforeEach(() => resetCurrentOrderId());

describe('current order store', () => {
  it('starts at 0 (no order), takes an id and resets to 0', () => {
    expect(NO_ORDER).toBe(0);
    expect(getCurrentOrderId()).toBe(0);
    setCurrentOrderId(42);
    expect(getCurrentOrderId()).toBe(42);
    resetCurrentOrderId();
    expect(getCurrentOrderId()).toBe(0);
  });

  it('re-renders useCurrentOrderId on a change', () => {
    const { result } = renderHook(() => useCurrentOrderId());
    expect(result.current).toBe(0);
    act(() => setCurrentOrderId(7));
    expect(result.current).toBe(7);
  });

  it('forgets the order on logout and on a role switch (it belongs to the shop)', () => {
    setUser(MANAGER);
    setCurrentOrderId(7);
    clearUser();
    expect(getCurrentOrderId()).toBe(0);
    setUser(MANAGER);
    setCurrentOrderId(8);
    emitRoleSwitched(MANAGER);
    expect(getCurrentOrderId()).toBe(0);
  });

  it('keeps the order in progress across a reload of the tab, and forgets it once reset', async () => {
    setCurrentOrderId(12);
    expect(sessionStorage.getItem(ORDER_KEY)).toBe('12');
    vi.resetModules();
    const reloaded = await import('../../../src/stores/order');
    expect(reloaded.getCurrentOrderId()).toBe(12);
    reloaded.resetCurrentOrderId();
    expect(sessionStorage.getItem(ORDER_KEY)).toBeNull();
    vi.resetModules();
    expect((await import('../../../src/stores/order')).getCurrentOrderId()).toBe(NO_ORDER);
  });

  it('ignores a stored value that is not an order id', async () => {
    sessionStorage.setItem(ORDER_KEY, 'abc');
    vi.resetModules();
    expect((await import('../../../src/stores/order')).getCurrentOrderId()).toBe(NO_ORDER);
  });
});
