import { describe, expect, it } from 'vitest';
import { canAccess, firstPermittedRoute, menuFor } from '../../contract/access';
import { ROUTES, MENU_GROUPS, findRouteByPath, type RouteDef } from '../../contract/routes';
import { ROLES, type Role } from '../../contract/roles';

const A = 'admin';
const M = 'shop-manager';
const F = 'financial-staff';

/**
 * docs/routes.md as data: every route of the table with the roles that may open it ('*' = every
 * role). Written out, not derived from contract/routes.ts, so a wrong or new row there fails here.
 * Beyond docs/routes.md: accounts (admin), customer detail (like the customer list), messages and
 * the user pages (every role).
 */
const MATRIX: [path: string, roles: '*' | Role[]][] = [
  ['/dashboard/workplace', '*'],
  ['/operation/events', [A]],
  ['/operation/program', [A]],
  ['/operation/cards', [A]],
  ['/operation/consent', [A]],
  ['/business/shop', [A]],
  ['/business/account', [A]],
  ['/checkstand/cashier', [M]],
  ['/checkstand/after-sale', [M]],
  ['/appointment/new-customer', [M]],
  ['/appointment/after-sale', [M]],
  ['/finance/income', [M]],
  ['/finance/total', [A]],
  ['/finance/review', [F, A]],
  ['/finance/after-sales', [F, A]],
  ['/finance/cards', [F, A]],
  ['/finance/close', [M, F, A]],
  ['/finance/pigment-recall', [F, A]],
  ['/shop/staff', [M]],
  ['/shop/consumer', [M]],
  ['/shop/consumer/:id', [M]],
  ['/messages', '*'],
  ['/user/center', '*'],
  ['/user/settings', '*'],
];

/** [route path, role, allowed] for every route and every role. */
const ROWS: [string, Role, boolean][] = MATRIX.flatMap(([path, roles]) =>
  ROLES.map((role): [string, Role, boolean] => [path, role, roles === '*' || roles.includes(role)]),
);

const route = (path: string): RouteDef => {
  const r = ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

describe('the route table', () => {
  it('holds exactly the routes of the matrix, in menu order', () => {
    expect(ROUTES.map((r) => r.path)).toEqual(MATRIX.map(([p]) => p));
  });

  it('needs login on every page', () => {
    expect(ROUTES.filter((r) => !r.requiresAuth)).toEqual([]);
  });

  it('has one row per role and route', () => {
    expect(ROWS).toHaveLength(ROUTES.length * 3);
  });
});

describe('canAccess', () => {
  it.each(ROWS)('%s as %s: %s', (path, role, allowed) => {
    expect(canAccess(route(path), role)).toBe(allowed);
  });

  it('"*" routes are open to every role', () => {
    const anyRole = MATRIX.filter(([, roles]) => roles === '*').map(([path]) => path);
    expect(anyRole).toEqual(['/dashboard/workplace', '/messages', '/user/center', '/user/settings']);
    for (const path of anyRole) {
      expect(route(path).roles, path).toEqual(['*']);
      for (const role of ROLES) expect(canAccess(route(path), role)).toBe(true);
    }
  });

  it.each<[string, Pick<RouteDef, 'requiresAuth' | 'roles'>, Role | undefined, boolean]>([
    ['no auth needed, roles listed', { requiresAuth: false, roles: [A] }, M, true],
    ['no auth needed, no user', { requiresAuth: false, roles: [A] }, undefined, true],
    ['auth, empty role list', { requiresAuth: true, roles: [] }, F, true],
    ['auth, empty role list, no user', { requiresAuth: true, roles: [] }, undefined, true],
    ['auth, "*"', { requiresAuth: true, roles: ['*'] }, M, true],
    ['auth, "*" among others', { requiresAuth: true, roles: [A, '*'] }, F, true],
    ['auth, role listed', { requiresAuth: true, roles: [F, A] }, A, true],
    ['auth, role not listed', { requiresAuth: true, roles: [F, A] }, M, false],
    ['auth, role-bound, no user', { requiresAuth: true, roles: [A] }, undefined, false],
  ])('%s', (_label, r, role, allowed) => {
    expect(canAccess(r, role)).toBe(allowed);
  });
});

describe('firstPermittedRoute', () => {
  it.each<[Role | undefined, string]>([
    [A, '/dashboard/workplace'],
    [M, '/dashboard/workplace'],
    [F, '/dashboard/workplace'],
    // '*' means any role (docs/routes.md), so even a role the table does not know reaches Workplace.
    ['guest' as Role, '/dashboard/workplace'],
    [undefined, '/dashboard/workplace'],
  ])('for %s is %s', (role, path) => {
    expect(firstPermittedRoute(role)?.path).toBe(path);
  });

  const withoutAnyRoute = ROUTES.filter((r) => !r.roles.includes('*'));

  it.each<[Role | undefined, string | undefined]>([
    [A, '/operation/events'],
    [M, '/checkstand/cashier'],
    [F, '/finance/review'],
    ['guest' as Role, undefined],
    [undefined, undefined],
  ])('without "*" routes, for %s is %s (undefined: not-found)', (role, path) => {
    expect(firstPermittedRoute(role, withoutAnyRoute)?.path).toBe(path);
  });

  it('is always a route the role may open', () => {
    for (const role of ROLES) {
      const first = firstPermittedRoute(role, withoutAnyRoute)!;
      expect(ROWS).toContainEqual([first.path, role, true]);
    }
  });
});

describe('menuFor', () => {
  /** Each role's sider: groups in menu order, each with exactly its pages. */
  const MENUS: Record<Role, [group: string, paths: string[]][]> = {
    admin: [
      ['dashboard', ['/dashboard/workplace']],
      ['operation', ['/operation/events', '/operation/program', '/operation/cards', '/operation/consent']],
      ['business', ['/business/shop', '/business/account']],
      [
        'finance',
        ['/finance/total', '/finance/review', '/finance/after-sales', '/finance/cards', '/finance/close', '/finance/pigment-recall'],
      ],
    ],
    'shop-manager': [
      ['dashboard', ['/dashboard/workplace']],
      ['checkstand', ['/checkstand/cashier', '/checkstand/after-sale']],
      ['appointment', ['/appointment/new-customer', '/appointment/after-sale']],
      ['finance', ['/finance/income', '/finance/close']],
      ['shop', ['/shop/staff', '/shop/consumer']],
    ],
    'financial-staff': [
      ['dashboard', ['/dashboard/workplace']],
      ['finance', ['/finance/review', '/finance/after-sales', '/finance/cards', '/finance/close', '/finance/pigment-recall']],
    ],
  };

  it.each(ROLES)('%s sees exactly its groups and pages', (role) => {
    const menu = menuFor(role);
    expect(menu.map((g) => [g.name, (g.children ?? []).map((c) => c.path)])).toEqual(MENUS[role]);
  });

  it('every page it lists is one the role may open, and every openable page with a group is listed', () => {
    for (const role of ROLES) {
      const listed = menuFor(role).flatMap((g) => (g.children ?? []).map((c) => c.path));
      const openable = ROWS.filter(([path, r, allowed]) => r === role && allowed && route(path).group !== null).map(([path]) => path);
      expect(listed.sort()).toEqual(openable.sort());
    }
  });

  it('keeps the seven groups in their order, dashboard first with order 0, the others 1', () => {
    const all = ROLES.flatMap((role) => menuFor(role));
    const order = (name: string) => MENU_GROUPS.indexOf(name as (typeof MENU_GROUPS)[number]);
    for (const role of ROLES) {
      const names = menuFor(role).map((g) => g.name);
      expect([...names].sort((a, b) => order(a) - order(b))).toEqual(names);
    }
    expect(new Set(all.map((g) => g.name))).toEqual(new Set(MENU_GROUPS));
    for (const g of all) {
      expect(g.meta).toMatchObject({ locale: `menu.${g.name}`, requiresAuth: true, order: g.name === 'dashboard' ? 0 : 1 });
      expect(g.path).toBe(`/${g.name}`);
    }
  });

  it('carries the server-menu shape of docs/console.md on each page', () => {
    const [finance] = menuFor('financial-staff').filter((g) => g.name === 'finance');
    expect(finance.meta.roles.sort()).toEqual([A, F, M]);
    expect(finance.children?.[0]).toEqual({
      path: '/finance/review',
      name: 'Review',
      meta: { locale: 'menu.finance.review', requiresAuth: true, icon: 'AuditOutlined', order: 1, roles: [F, A] },
    });
  });

  it('leaves pages without a group out of every menu', () => {
    const grouped = ROLES.flatMap((role) => menuFor(role)).flatMap((g) => (g.children ?? []).map((c) => c.path));
    for (const path of ['/shop/consumer/:id', '/messages', '/user/center', '/user/settings']) expect(grouped).not.toContain(path);
  });
});

describe('findRouteByPath', () => {
  it('finds parameter routes for concrete paths and nothing for unknown ones', () => {
    expect(findRouteByPath('/shop/consumer/42')?.name).toBe('ConsumerDetail');
    expect(findRouteByPath('/business/shop')?.name).toBe('Shop');
    expect(findRouteByPath('/business/shop/1/edit')).toBeUndefined();
    expect(findRouteByPath('/nowhere')).toBeUndefined();
  });
});
