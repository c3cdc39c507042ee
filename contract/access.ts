import type { Role } from './roles';
import { ROUTES, type RouteDef, MENU_GROUPS, MENU_GROUP_ICONS, type MenuGroup } from './routes';
import type { ServerMenuItem } from './serverMenu';

export type { ServerMenuItem };

/**
 * docs/routes.md: a route is allowed if it needs no auth, has no role list, lists "*", or lists
 * the user's role.
 */
export function canAccess(route: Pick<RouteDef, 'requiresAuth' | 'roles'>, role: Role | undefined): boolean {
  if (!route.requiresAuth) return true;
  if (!route.roles || route.roles.length === 0) return true;
  if (route.roles.includes('*')) return true;
  return role !== undefined && route.roles.includes(role);
}

/** Where a forbidden route sends the user: the first route whose roles include theirs or "*". */
export function firstPermittedRoute(role: Role | undefined, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  return routes.find((r) => r.roles.includes('*') || (role !== undefined && r.roles.includes(role as Role)));
}

/** The menu tree a role sees: groups in menu order, each with the pages of that group it may open. */
export function menuFor(role: Role, routes: readonly RouteDef[] = ROUTES): ServerMenuItem[] {
  return MENU_GROUPS.map((group: MenuGroup) => {
    const children = routes
      .filter((r) => r.group === group && canAccess(r, role))
      .map((r) => ({
        path: r.path,
        name: r.name,
        meta: { locale: r.titleKey, requiresAuth: r.requiresAuth, icon: r.icon, order: r.order, roles: r.roles },
      }));
    return {
      path: `/${group}`,
      name: group,
      meta: {
        locale: `menu.${group}`,
        requiresAuth: true,
        icon: MENU_GROUP_ICONS[group],
        order: group === 'dashboard' ? 0 : 1,
        roles: [...new Set(children.flatMap((c) => c.meta.roles))],
      },
      children,
    };
  }).filter((g) => g.children.length > 0);
}
