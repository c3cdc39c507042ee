import type { ResourceProps } from '@refinedev/core';
import { RESOURCES } from '../../contract/resources';
import type { ResourceDescriptor } from '../../contract/resource';
import { ROUTES } from '../../contract/routes';

/**
 * The refine resources: one per REST resource descriptor (contract/resources.ts), joined with the
 * route that lists it, whose path is the resource's list page and whose title names it. useTable,
 * useForm and the access checks (providers/accessControlProvider.ts) key on the descriptor's name.
 */
export const REFINE_RESOURCES: ResourceProps[] = Object.values(RESOURCES).map((d: ResourceDescriptor) => {
  const route = ROUTES.find((r) => r.resource === d.name);
  return route
    ? { name: d.name, list: route.path, meta: { label: route.titleKey, routeName: route.name } }
    : { name: d.name, meta: { label: d.labels } };
});
