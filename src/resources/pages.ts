import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * Route name (contract/routes.ts) -> page. Each page is its own chunk, loaded on first visit. A later
 * issue that builds a page adds one line here; routes without a line show the blank page.
 */
export const PAGES: Readonly<Record<string, LazyPage>> = {
  Workplace: lazy(() => import('../pages/workplace')),
  Shop: lazy(() => import('../pages/shop')),
  Events: lazy(() => import('../pages/banner')),
  Program: lazy(() => import('../pages/program')),
  Staff: lazy(() => import('../pages/staff')),
  Consumer: lazy(() => import('../pages/customer')),
  ConsumerDetail: lazy(() => import('../pages/customer/detail')),
  Messages: lazy(() => import('../pages/message')),
  UserCenter: lazy(() => import('../pages/user/UserCenter')),
  UserSettings: lazy(() => import('../pages/user/UserSettings')),
  Account: lazy(() => import('../pages/account')),
  NewCustomer: lazy(() => import('../pages/appointment')),
  AppointmentAfterSale: lazy(() => import('../pages/appointment/afterSale')),
};

export const BlankPage: LazyPage = lazy(() => import('../pages/blank'));

/** Unknown paths and routes no role may open (docs/console.md). */
export const NotFoundPage: LazyPage = lazy(() => import('../pages/notFound'));
