import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '../../contract/routes';

export type LazyPage = LazyExoticComponent<ComponentType>;

export const BlankPage: LazyPage = lazy(() => import('../pages/blank'));

/**
 * Route name (contract/routes.ts) -> page, one line per route: a route without a page, or a page
 * without a route, fails the type check. Each page is its own chunk, loaded on first visit; the
 * routes without a page of their own yet show the blank page.
 */
export const PAGES: Readonly<Record<RouteName, LazyPage>> = {
  Workplace: lazy(() => import('../pages/workplace')),
  Events: lazy(() => import('../pages/banner')),
  Program: lazy(() => import('../pages/program')),
  CardPlans: lazy(() => import('../pages/cardPlan')),
  ConsentText: lazy(() => import('../pages/consentText')),
  Shop: lazy(() => import('../pages/shop')),
  Account: lazy(() => import('../pages/account')),
  Cashier: lazy(() => import('../pages/checkstand')),
  CheckstandAfterSale: lazy(() => import('../pages/checkstand/afterSale')),
  NewCustomer: lazy(() => import('../pages/appointment')),
  AppointmentAfterSale: lazy(() => import('../pages/appointment/afterSale')),
  Income: lazy(() => import('../pages/finance/income')),
  Total: lazy(() => import('../pages/finance/total')),
  Review: lazy(() => import('../pages/finance/review')),
  AfterSales: lazy(() => import('../pages/finance/afterSales')),
  MemberCardFinance: lazy(() => import('../pages/finance/cards')),
  DailyClose: lazy(() => import('../pages/finance/close')),
  PigmentRecall: lazy(() => import('../pages/finance/pigmentRecall')),
  Staff: lazy(() => import('../pages/staff')),
  Consumer: lazy(() => import('../pages/customer')),
  ConsumerDetail: lazy(() => import('../pages/customer/detail')),
  Messages: lazy(() => import('../pages/message')),
  UserCenter: lazy(() => import('../pages/user/UserCenter')),
  UserSettings: lazy(() => import('../pages/user/UserSettings')),
};

/** Unknown paths, and routes the role may not open. */
export const NotFoundPage: LazyPage = lazy(() => import('../pages/notFound'));
