import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clearServerMenu, getServerMenu, setServerMenu, subscribeServerMenu, useServerMenu } from '../../../src/stores/serverMenu';
import { emitRoleSwitched } from '../../../src/components/account/roleSwitchEvents';
import { menuFor } from '../../../contract/access';
import type { UserInfo } from '../../../contract/auth';

const FINANCE: UserInfo = {
  accountId: 3,
  name: '赵财务',
  remark: '',
  avatar: '',
  jobName: '财务',
  phone: '13800000003',
  role: 'financial-staff',
  shop: null,
  shopID: null,
};

describe('server menu store', () => {
  it('is empty until fetched, and tells its subscribers (useServerMenu re-renders)', () => {
    expect(getServerMenu()).toEqual([]);
    const seen = vi.fn();
    const unsubscribe = subscribeServerMenu(seen);
    const { result } = renderHook(() => useServerMenu());
    act(() => setServerMenu(menuFor('admin')));
    expect(result.current).toEqual(menuFor('admin'));
    act(() => clearServerMenu());
    expect(result.current).toEqual([]);
    unsubscribe();
    expect(seen.mock.calls).toEqual([[menuFor('admin')], [[]]]);
  });

  it('is emptied by a role switch, so the guard fetches the new role’s menu', () => {
    setServerMenu(menuFor('admin'));
    emitRoleSwitched(FINANCE);
    expect(getServerMenu()).toEqual([]);
  });
});
