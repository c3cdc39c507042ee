import { accountResource } from './account';
import { bannerResource } from './banner';
import { customerResource } from './customer';
import { appointmentResource } from './appointment';
import { entitlementResource } from './entitlement';
import { orderResource } from './order';
import { afterSaleResource } from './afterSale';
import { performanceRecordResource } from './performanceRecord';
import { ledgerEntryResource } from './ledgerEntry';
import { dailyCloseResource } from './dailyClose';
import { programResource } from './program';
import { cardPlanResource } from './cardPlan';
import { memberCardResource } from './memberCard';
import { cardTransactionResource } from './cardTransaction';
import { shopResource } from './shop';
import { staffResource } from './staff';
import { serviceRecordResource } from './serviceRecord';
import { consentVersionResource } from './consentVersion';
import { pigmentUseResource } from './pigmentUse';
import { apiAllows, type ApiVerb, type ResourceDescriptor } from './resource';
import { ROLES, type Role } from './roles';

/** Every REST resource of the API, by name. A new resource is one line here and its descriptor. */
export const RESOURCES = {
  shops: shopResource,
  accounts: accountResource,
  banners: bannerResource,
  programs: programResource,
  staff: staffResource,
  customers: customerResource,
  appointments: appointmentResource,
  entitlements: entitlementResource,
  orders: orderResource,
  'after-sales': afterSaleResource,
  'performance-records': performanceRecordResource,
  ledger: ledgerEntryResource,
  'card-plans': cardPlanResource,
  'member-cards': memberCardResource,
  'card-transactions': cardTransactionResource,
  'daily-closes': dailyCloseResource,
  'service-records': serviceRecordResource,
  'consent-versions': consentVersionResource,
  'pigment-uses': pigmentUseResource,
} as const satisfies Record<string, ResourceDescriptor>;

export type ResourceName = keyof typeof RESOURCES;

export function findResource(name: string): ResourceDescriptor | undefined {
  return Object.hasOwn(RESOURCES, name) ? (RESOURCES as Record<string, ResourceDescriptor>)[name] : undefined;
}

/** The verbs a resource answers: CRUD and its actions. */
export function verbsOf(d: ResourceDescriptor): ApiVerb[] {
  return ['list', 'read', 'create', 'update', 'delete', ...Object.keys(d.actions).map((a) => `action:${a}` as const)];
}

/**
 * The API permission table as data: resource -> verb -> the roles that may call it, and whether
 * a shop-manager's call is confined to its current shop.
 */
export function apiPermissions(): Record<string, { shopScoped: boolean; verbs: Record<string, Role[]> }> {
  return Object.fromEntries(
    Object.values(RESOURCES).map((d: ResourceDescriptor) => [
      d.name,
      { shopScoped: d.shopScoped, verbs: Object.fromEntries(verbsOf(d).map((v) => [v, ROLES.filter((r) => apiAllows(d, v, r))])) },
    ]),
  );
}
