import type { AccessControlProvider, CanReturnType } from '@refinedev/core';
import { canAccess } from '../../contract/access';
import { apiAllows, type ApiVerb } from '../../contract/resource';
import type { Role } from '../../contract/roles';
import { ROUTES, findRouteByPath, type RouteDef } from '../../contract/routes';
import { loadResourceDescriptors } from '../resources';
import { authProvider } from './authProvider';
import { i18n } from './i18nProvider';

/** A page, by its route name or path (concrete paths of routes with parameters included). */
function routeOf(resource: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === resource) ?? findRouteByPath(resource);
}

/** refine's action -> the API call it makes; any other action is one of the resource's own calls. */
const VERBS: ReadonlyMap<string, ApiVerb> = new Map<string, ApiVerb>([
  ['list', 'list'],
  ['show', 'read'],
  ['create', 'create'],
  ['clone', 'create'],
  ['edit', 'update'],
  ['delete', 'delete'],
]);

/** A failed user-info call was already toasted (and the guard logs out): deny meanwhile. */
async function currentRole(): Promise<Role | undefined> {
  const user = await authProvider.getIdentity().catch(() => null);
  return user?.role;
}

const allow = (yes: boolean): CanReturnType => (yes ? { can: true } : { can: false, reason: i18n.t('auth.forbidden') });

/**
 * One access rule for the console's buttons and pages, the one the server applies:
 * - a refine resource that is a REST resource ("shops") answers from its descriptor
 *   (contract/resources.ts): may the role make that call (apiAllows)? `list` and `show` are pages as
 *   well, so they also need the role to open the route that lists the resource: a shop-manager may
 *   read its own shop through the API but has no shops page;
 * - a route name ("Shop") or path answers from the route table, whatever the action.
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    if (!resource) return allow(false);
    // The descriptors carry zod schemas and the region table: they come with the layout, which the
    // login page does not load.
    const { findResource } = await loadResourceDescriptors();
    const descriptor = findResource(resource);
    if (descriptor) {
      const role = await currentRole();
      const verb = VERBS.get(action) ?? (`action:${action}` as const);
      if (!apiAllows(descriptor, verb, role)) return allow(false);
      if (verb !== 'list' && verb !== 'read') return allow(true);
      const page = ROUTES.find((r) => r.resource === descriptor.name);
      return allow(page !== undefined && canAccess(page, role));
    }
    const route = routeOf(resource);
    // Neither a REST resource nor a page of this console: nothing grants it.
    if (!route) return allow(false);
    return allow(canAccess(route, route.requiresAuth ? await currentRole() : undefined));
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
