import { describe, expect, it } from 'vitest';
import {
  inServerMenu,
  outsideServerMenu,
  permissionCheck,
  type CheckedRoute,
  type PermissionState,
} from '../../../../src/layout/guard/permissionCheck';
import { menuFor } from '../../../../contract/access';
import { findRouteByName, type RouteName } from '../../../../contract/routes';
import type { Role } from '../../../../contract/roles';

const route = (name: RouteName) => findRouteByName(name)!;
const plain = (role: Role | undefined): PermissionState => ({ role, menuFromServer: false, serverMenu: [], menuLoading: false });
const fromServer = (role: Role, extra: Partial<PermissionState> = {}): PermissionState => ({
  role,
  menuFromServer: true,
  serverMenu: menuFor(role),
  menuLoading: false,
  ...extra,
});

const CONTINUE = { kind: 'continue' };
const NOT_FOUND = { kind: 'notFound' };
const open = (over: Partial<CheckedRoute>): CheckedRoute => ({
  name: 'Open',
  group: 'dashboard',
  roles: ['admin'],
  requiresAuth: true,
  ...over,
});

describe('permission check, menu from the route table', () => {
  it.each([
    ['a route needing no auth', open({ requiresAuth: false }), 'shop-manager', CONTINUE],
    ['a route without a role list', open({ roles: [] }), 'shop-manager', CONTINUE],
    ['a route listing "*"', route('Workplace'), 'financial-staff', CONTINUE],
    ['a route listing the role', route('Shop'), 'admin', CONTINUE],
    [
      'a route listing another role: the first route the role may open, saying which page was refused',
      route('Shop'),
      'shop-manager',
      { kind: 'redirect', to: '/dashboard/workplace', forbidden: { titleKey: 'menu.business.shop' } },
    ],
    [
      'a role that is unknown: "*" routes only',
      route('Shop'),
      undefined,
      { kind: 'redirect', to: '/dashboard/workplace', forbidden: { titleKey: 'menu.business.shop' } },
    ],
  ] as const)('%s', (_case, checked, role, decision) => {
    expect(permissionCheck(checked, plain(role))).toEqual(decision);
  });

  it('lets a path outside the route table through to the router’s not-found page', () => {
    expect(permissionCheck(undefined, plain('admin'))).toEqual(CONTINUE);
  });
});

describe('permission check, menu from the server', () => {
  it.each([
    ['a route in the menu', route('Consumer'), fromServer('shop-manager'), CONTINUE],
    ['a route missing from the menu', route('Consumer'), fromServer('shop-manager', { serverMenu: menuFor('admin') }), NOT_FOUND],
    ['a forbidden route', route('Shop'), fromServer('shop-manager'), NOT_FOUND],
    ['a forbidden route, even outside any menu', route('ConsumerDetail'), fromServer('admin'), NOT_FOUND],
    ['an account page no menu lists', route('UserCenter'), fromServer('admin', { serverMenu: [] }), CONTINUE],
    [
      'a route while the menu loads',
      route('Consumer'),
      fromServer('shop-manager', { serverMenu: [], menuLoading: true }),
      { kind: 'loadingMenu' },
    ],
    ['a route after the menu failed to load', route('Consumer'), fromServer('shop-manager', { serverMenu: [] }), NOT_FOUND],
  ] as const)('%s', (_case, checked, state, decision) => {
    expect(permissionCheck(checked, state)).toEqual(decision);
  });

  it('lets a path outside the route table through to the router’s not-found page', () => {
    expect(permissionCheck(undefined, fromServer('admin', { serverMenu: [] }))).toEqual(CONTINUE);
  });
});

describe('server menu allow list', () => {
  it('holds not-found and the pages no menu lists, not the menu pages', () => {
    expect(outsideServerMenu({ name: 'NotFound', group: 'dashboard' })).toBe(true);
    expect(outsideServerMenu(route('UserSettings'))).toBe(true);
    expect(outsideServerMenu(route('Staff'))).toBe(false);
  });

  it('finds a route at any depth of the menu', () => {
    expect(inServerMenu(menuFor('admin'), 'Program')).toBe(true);
    expect(inServerMenu(menuFor('admin'), 'operation')).toBe(true);
    expect(inServerMenu(menuFor('admin'), 'Cashier')).toBe(false);
  });
});
