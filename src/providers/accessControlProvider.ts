import type { AccessControlProvider } from '@refinedev/core';
import { canAccess } from '../../contract/access';
import { ROUTES, findRouteByPath, type RouteDef } from '../../contract/routes';
import { authProvider } from './authProvider';
import { i18n } from './i18nProvider';

/** A refine resource is named after its route (name), its REST resource ("shops") or its path. */
function routeOf(resource: string | undefined): RouteDef | undefined {
  if (!resource) return undefined;
  return ROUTES.find((r) => r.name === resource || r.resource === resource) ?? findRouteByPath(resource);
}

/**
 * The role matrix of docs/routes.md, read from the one route table: every action on a page's
 * resource is open to the roles of that page. The server enforces the same rule on every call.
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ resource }) {
    const route = routeOf(resource);
    // A resource outside the route table is no page of this console: nothing grants it.
    if (!route) return { can: false, reason: i18n.t('auth.forbidden') };
    // A failed user-info call was already toasted (and the guard logs out): deny meanwhile.
    const user = route.requiresAuth ? await authProvider.getIdentity().catch(() => null) : null;
    const role = user?.role;
    return canAccess(route, role) ? { can: true } : { can: false, reason: i18n.t('auth.forbidden') };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
