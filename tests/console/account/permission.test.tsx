import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Permission } from '../../../src/components/permission';
import { clearUser, setUser } from '../../../src/stores/currentUser';
import type { UserInfo } from '../../../contract/auth';
import type { RoleOrAny } from '../../../contract/roles';

const manager: UserInfo = {
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

function renderButton(roles: RoleOrAny[]) {
  return render(
    <Permission roles={roles}>
      <button type="button">新建</button>
    </Permission>,
  );
}

const shown = () => screen.queryByRole('button', { name: '新建' }) !== null;

describe('<Permission> (docs/console.md role directive)', () => {
  it('throws "need roles" when roles is not an array', () => {
    setUser(manager);
    // React reports the render error before rethrowing it; keep the expected noise out of the log.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderButton('shop-manager' as unknown as RoleOrAny[])).toThrow('need roles');
    expect(() => renderButton(undefined as unknown as RoleOrAny[])).toThrow('need roles');
    vi.restoreAllMocks();
  });

  it('renders nothing when a non-empty list lacks the current role', () => {
    setUser(manager);
    renderButton(['admin', 'financial-staff']);
    expect(shown()).toBe(false);
  });

  it('renders the children when the list holds the current role', () => {
    setUser(manager);
    renderButton(['admin', 'shop-manager']);
    expect(shown()).toBe(true);
  });

  it('renders the children for an empty list', () => {
    setUser(manager);
    renderButton([]);
    expect(shown()).toBe(true);
  });

  it('renders the children for "*" (any role)', () => {
    setUser(manager);
    renderButton(['*']);
    expect(shown()).toBe(true);
  });

  it('hides role-specific children while no user is known, and follows a role switch', () => {
    clearUser();
    renderButton(['shop-manager']);
    expect(shown()).toBe(false);
    act(() => setUser(manager));
    expect(shown()).toBe(true);
    act(() => setUser({ ...manager, role: 'financial-staff', shop: null, shopID: null }));
    expect(shown()).toBe(false);
  });
});
