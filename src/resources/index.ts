import type { ResourceProps } from '@refinedev/core';
import { ROUTES, matchPath, type RouteDef } from '../../contract/routes';
import { BlankPage, PAGES, type LazyPage } from './pages';

/**
 * A row of the route table joined with its page. Its icon is the row's icon name, resolved by
 * ./icons.ts where the menu draws it (the router and the login page need no icons).
 */
export interface AppRoute extends RouteDef {
  Page: LazyPage;
}

/** Feeds the router (App.tsx), the sider menu (layout/SiderMenu.tsx) and the guard (layout/RouteGuard.tsx). */
export const APP_ROUTES: readonly AppRoute[] = ROUTES.map((route) => ({
  ...route,
  Page: PAGES[route.name] ?? BlankPage,
}));

/** The refine resources: the routes that list a REST resource (useTable, useForm, access checks). */
export const REFINE_RESOURCES: ResourceProps[] = APP_ROUTES.filter((r) => r.resource).map((r) => ({
  name: r.resource as string,
  list: r.path,
  meta: { label: r.titleKey, routeName: r.name },
}));

export function findAppRoute(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => matchPath(r.path, pathname));
}
