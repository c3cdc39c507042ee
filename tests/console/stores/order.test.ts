import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { NO_ORDER, getCurrentOrderId, resetCurrentOrderId, setCurrentOrderId, useCurrentOrderId } from '../../../src/stores/order';
import { clearUser, setUser } from '../../../src/stores/currentUser';
import { emitRoleSwitched } from '../../../src/components/account/roleSwitchEvents';
import type { UserInfo } from '../../../contract/auth';

const MANAGER: UserInfo = { accountId: 2, name: '王店长', remark: '', avatar: '', jobName: '店长', phone: '13800000002', role: 'shop-manager', shop: '美颜坊·徐汇旗舰店', shopID: 1 };

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
});
