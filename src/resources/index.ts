import { useSyncExternalStore } from 'react';
import type { ResourceProps } from '@refinedev/core';
import { ROUTES, matchPath, type NamedRoute } from '../../contract/routes';
import { PAGES, type LazyPage } from './pages';

/**
 * A row of the route table joined with its page. Its icon is the row's icon name, resolved by
 * ./icons.ts where the menu draws it (the router and the login page need no icons).
 */
export interface AppRoute extends NamedRoute {
  Page: LazyPage;
}

/** Feeds the router (App.tsx), the sider menu (layout/SiderMenu.tsx) and the guard (layout/RouteGuard.tsx). */
export const APP_ROUTES: readonly AppRoute[] = ROUTES.map((route) => ({ ...route, Page: PAGES[route.name] }));

export function findAppRoute(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => matchPath(r.path, pathname));
}

// The refine resources (./refine.ts) are built from the descriptors, which carry zod schemas and the
// region table: they come with the layout, as the page texts do, so the login page loads neither.
let refineResources: ResourceProps[] = [];
const listeners = new Set<() => void>();

let descriptors: Promise<typeof import('../../contract/resources')> | undefined;

/**
 * The resource descriptors, imported once: the layout loads them, and the access checks
 * (providers/accessControlProvider.ts) then get them at once, without another import on each check.
 */
export function loadResourceDescriptors(): Promise<typeof import('../../contract/resources')> {
  return (descriptors ??= import('../../contract/resources'));
}

export async function loadRefineResources(): Promise<void> {
  if (refineResources.length > 0) return;
  refineResources = (await Promise.all([import('./refine'), loadResourceDescriptors()]))[0].REFINE_RESOURCES;
  for (const listener of listeners) listener();
}

/** What <Refine resources> gets: none on the login page, all of them once the layout has loaded. */
export function useRefineResources(): ResourceProps[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => refineResources,
  );
}
