import { canAccess, firstPermittedRoute, type ServerMenuItem } from '../../../contract/access';
import { NOT_FOUND_ROUTE_NAME, type RouteDef } from '../../../contract/routes';
import type { Role } from '../../../contract/roles';
import { CONTINUE, type GuardDecision } from './decision';

export type CheckedRoute = Pick<RouteDef, 'name' | 'group' | 'roles' | 'requiresAuth'> & Partial<Pick<RouteDef, 'titleKey'>>;

export interface PermissionState {
  role: Role | undefined;
  /** The "menu from server" setting. */
  menuFromServer: boolean;
  serverMenu: readonly ServerMenuItem[];
  /** The server menu is being fetched for this navigation. */
  menuLoading: boolean;
}

/**
 * Pages let through whatever the server menu says: not-found and login (login is no route of the
 * table), and the pages no menu can list (the account's own pages, detail pages), which are still
 * checked against the role.
 */
export function outsideServerMenu(route: Pick<RouteDef, 'name' | 'group'>): boolean {
  return route.name === NOT_FOUND_ROUTE_NAME || route.group === null;
}

/** Whether the server menu lists a route (at any depth). */
export function inServerMenu(menu: readonly ServerMenuItem[], name: string): boolean {
  return menu.some((item) => item.name === name || inServerMenu(item.children ?? [], name));
}

/**
 * The permission check. A route is allowed if it needs no auth, has no role list, lists "*" or lists
 * the user's role (contract/access.ts). A forbidden route goes to the first route the role may open,
 * or to not-found. With the menu from the server, a route that is forbidden or missing from the menu
 * (outside the allow list) is not-found instead. Paths outside the route table (`route` undefined)
 * pass on to the router's not-found page.
 */
export function permissionCheck(
  route: CheckedRoute | undefined,
  { role, menuFromServer, serverMenu, menuLoading }: PermissionState,
): GuardDecision {
  if (!route) return CONTINUE;
  if (!menuFromServer) {
    if (canAccess(route, role)) return CONTINUE;
    const first = firstPermittedRoute(role);
    return first ? { kind: 'redirect', to: first.path, forbidden: { titleKey: route.titleKey ?? first.titleKey } } : { kind: 'notFound' };
  }
  if (!canAccess(route, role)) return { kind: 'notFound' };
  if (outsideServerMenu(route)) return CONTINUE;
  if (menuLoading) return { kind: 'loadingMenu' };
  return inServerMenu(serverMenu, route.name) ? CONTINUE : { kind: 'notFound' };
}
