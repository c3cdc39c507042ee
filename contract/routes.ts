import type { ResourceName } from './resources';
import type { Role, RoleOrAny } from './roles';

/**
 * The one route table of docs/routes.md (plus the account pages of the shell). It is plain data so
 * that the server's /api/user/menu, the console's router, its sider menu and its access check all read
 * the same rows; src/resources joins each row with its page component and icon.
 */
export const MENU_GROUPS = ['dashboard', 'operation', 'business', 'checkstand', 'appointment', 'finance', 'shop'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export const MENU_GROUP_ICONS: Record<MenuGroup, string> = {
  dashboard: 'DashboardOutlined',
  operation: 'NotificationOutlined',
  business: 'ShopOutlined',
  checkstand: 'AccountBookOutlined',
  appointment: 'CalendarOutlined',
  finance: 'MoneyCollectOutlined',
  shop: 'TeamOutlined',
};

export interface RouteDef {
  /** Unique route name; tabs and the page cache key on it. */
  name: string;
  path: string;
  /** i18n key of the page title. */
  titleKey: string;
  /** Sider group; null for pages reached otherwise (user menu, detail pages). */
  group: MenuGroup | null;
  /** antd icon name, resolved in the console. */
  icon?: string;
  /** Menu order: dashboard 0, others 1 (docs/console.md). */
  order: number;
  roles: RoleOrAny[];
  requiresAuth: boolean;
  ignoreCache?: boolean;
  /** REST resource the page lists, under /api/beer/backstage/ (contract/resources.ts). */
  resource?: ResourceName;
  /** A detail page's list page (route name): its breadcrumb goes through it. */
  parent?: string;
}

export const DEFAULT_ROUTE = '/dashboard/workplace';
export const LOGIN_ROUTE = '/login';
export const NOT_FOUND_ROUTE_NAME = 'NotFound';

const ALL: RoleOrAny[] = ['*'];
const ADMIN: Role[] = ['admin'];
const MANAGER: Role[] = ['shop-manager'];
const FINANCE: Role[] = ['financial-staff', 'admin'];

/**
 * `as const` keeps each name a literal, so RouteName is the union of them: the console's page table
 * (src/resources/pages.ts) must name exactly these routes, which the type check enforces.
 */
const ROUTE_TABLE = [
  {
    name: 'Workplace',
    path: '/dashboard/workplace',
    titleKey: 'menu.dashboard.workplace',
    group: 'dashboard',
    icon: 'DesktopOutlined',
    order: 0,
    roles: ALL,
    requiresAuth: true,
  },
  {
    name: 'Events',
    path: '/operation/events',
    titleKey: 'menu.operation.events',
    group: 'operation',
    icon: 'PictureOutlined',
    order: 1,
    roles: ADMIN,
    requiresAuth: true,
    resource: 'banners',
  },
  {
    name: 'Program',
    path: '/operation/program',
    titleKey: 'menu.operation.program',
    group: 'operation',
    icon: 'AppstoreOutlined',
    order: 1,
    roles: ADMIN,
    requiresAuth: true,
    resource: 'programs',
  },
  {
    name: 'CardPlans',
    path: '/operation/cards',
    titleKey: 'menu.operation.cards',
    group: 'operation',
    icon: 'CreditCardOutlined',
    order: 1,
    roles: ADMIN,
    requiresAuth: true,
    resource: 'card-plans',
  },
  {
    name: 'ConsentText',
    path: '/operation/consent',
    titleKey: 'menu.operation.consent',
    group: 'operation',
    icon: 'FileProtectOutlined',
    order: 1,
    roles: ADMIN,
    requiresAuth: true,
    resource: 'consent-versions',
  },
  {
    name: 'Shop',
    path: '/business/shop',
    titleKey: 'menu.business.shop',
    group: 'business',
    icon: 'ShopOutlined',
    order: 1,
    roles: ADMIN,
    requiresAuth: true,
    resource: 'shops',
  },
  {
    name: 'Account',
    path: '/business/account',
    titleKey: 'menu.business.account',
    group: 'business',
    icon: 'IdcardOutlined',
    order: 1,
    roles: ADMIN,
    requiresAuth: true,
    resource: 'accounts',
  },
  {
    name: 'Cashier',
    path: '/checkstand/cashier',
    titleKey: 'menu.checkstand.cashier',
    group: 'checkstand',
    icon: 'PayCircleOutlined',
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    resource: 'orders',
  },
  {
    name: 'CheckstandAfterSale',
    path: '/checkstand/after-sale',
    titleKey: 'menu.checkstand.afterSale',
    group: 'checkstand',
    icon: 'RollbackOutlined',
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    resource: 'after-sales',
  },
  {
    name: 'NewCustomer',
    path: '/appointment/new-customer',
    titleKey: 'menu.appointment.newCustomer',
    group: 'appointment',
    icon: 'UserAddOutlined',
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    resource: 'appointments',
  },
  {
    name: 'AppointmentAfterSale',
    path: '/appointment/after-sale',
    titleKey: 'menu.appointment.afterSale',
    group: 'appointment',
    icon: 'ScheduleOutlined',
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    resource: 'entitlements',
  },
  {
    name: 'Income',
    path: '/finance/income',
    titleKey: 'menu.finance.income',
    group: 'finance',
    icon: 'TransactionOutlined',
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    resource: 'ledger',
  },
  {
    name: 'Total',
    path: '/finance/total',
    titleKey: 'menu.finance.total',
    group: 'finance',
    icon: 'TrophyOutlined',
    order: 1,
    roles: ADMIN,
    requiresAuth: true,
  },
  {
    name: 'Review',
    path: '/finance/review',
    titleKey: 'menu.finance.review',
    group: 'finance',
    icon: 'AuditOutlined',
    order: 1,
    roles: FINANCE,
    requiresAuth: true,
    resource: 'performance-records',
  },
  {
    name: 'AfterSales',
    path: '/finance/after-sales',
    titleKey: 'menu.finance.afterSales',
    group: 'finance',
    icon: 'FileSearchOutlined',
    order: 1,
    roles: FINANCE,
    requiresAuth: true,
  },
  {
    name: 'MemberCardFinance',
    path: '/finance/cards',
    titleKey: 'menu.finance.cards',
    group: 'finance',
    icon: 'WalletOutlined',
    order: 1,
    roles: FINANCE,
    requiresAuth: true,
    resource: 'card-transactions',
  },
  {
    name: 'DailyClose',
    path: '/finance/close',
    titleKey: 'menu.finance.close',
    group: 'finance',
    icon: 'AccountBookOutlined',
    order: 1,
    roles: ['shop-manager', 'financial-staff', 'admin'],
    requiresAuth: true,
    resource: 'daily-closes',
  },
  {
    name: 'PigmentRecall',
    path: '/finance/pigment-recall',
    titleKey: 'menu.finance.pigmentRecall',
    group: 'finance',
    icon: 'ExperimentOutlined',
    order: 1,
    roles: FINANCE,
    requiresAuth: true,
    resource: 'pigment-uses',
  },
  {
    name: 'Staff',
    path: '/shop/staff',
    titleKey: 'menu.shop.staff',
    group: 'shop',
    icon: 'SolutionOutlined',
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    resource: 'staff',
  },
  {
    name: 'Consumer',
    path: '/shop/consumer',
    titleKey: 'menu.shop.consumer',
    group: 'shop',
    icon: 'ContactsOutlined',
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    resource: 'customers',
  },
  {
    name: 'ConsumerDetail',
    path: '/shop/consumer/:id',
    titleKey: 'menu.shop.consumerDetail',
    group: null,
    order: 1,
    roles: MANAGER,
    requiresAuth: true,
    ignoreCache: true,
    parent: 'Consumer',
  },
  { name: 'Messages', path: '/messages', titleKey: 'menu.messages', group: null, order: 1, roles: ALL, requiresAuth: true },
  { name: 'UserCenter', path: '/user/center', titleKey: 'menu.user.center', group: null, order: 1, roles: ALL, requiresAuth: true },
  { name: 'UserSettings', path: '/user/settings', titleKey: 'menu.user.settings', group: null, order: 1, roles: ALL, requiresAuth: true },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTE_TABLE)[number]['name'];

export interface NamedRoute extends RouteDef {
  name: RouteName;
}

export const ROUTES: readonly NamedRoute[] = ROUTE_TABLE;

export function findRouteByPath(pathname: string): NamedRoute | undefined {
  return ROUTES.find((r) => matchPath(r.path, pathname));
}

export function findRouteByName(name: RouteName): NamedRoute | undefined {
  return ROUTES.find((r) => r.name === name);
}

/** Matches a route pattern with `:param` segments against a concrete path. */
export function matchPath(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
