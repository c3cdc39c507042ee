import { z } from 'zod';
import { defineResource, filter } from './resource';

export const ENTITLEMENT_STATUSES = ['available', 'booked', 'used', 'expired'] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number];
export const ENTITLEMENT_STATUS_LABELS: Record<EntitlementStatus, string> = {
  available: '可预约',
  booked: '已预约',
  used: '已使用',
  expired: '已过期',
};

/** What the database keeps; `expired` is an available entitlement whose window has ended, worked out when read. */
export type StoredEntitlementStatus = 'available' | 'booked' | 'used';

const ENTITLEMENT_SOURCES = ['order', 'after-sale'] as const;

/** An approved touch-up after-sale grants this many days from its approval. */
export const AFTER_SALE_TOUCH_UP_DAYS = 30;

export function entitlementStatusAt(stored: StoredEntitlementStatus, validUntil: string, now = Date.now()): EntitlementStatus {
  return stored === 'available' && Date.parse(validUntil) < now ? 'expired' : stored;
}

/** Whole days left in the window, rounded up; 0 once it has ended. */
export function entitlementDaysLeft(validUntil: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(validUntil) - now) / 86_400_000));
}

/** A touch-up entitlement as GET entitlements answers it: `customerPhone` is masked. */
export const entitlementRowSchema = z.object({
  id: z.number(),
  shopId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  programId: z.number(),
  programName: z.string(),
  source: z.enum(ENTITLEMENT_SOURCES),
  validFrom: z.string(),
  validUntil: z.string(),
  status: z.enum(ENTITLEMENT_STATUSES),
  appointmentId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Entitlement = z.infer<typeof entitlementRowSchema>;

/** Entitlements are made by the checkstand and by after-sales, never by hand: no create or update input. */
const noInput = z.never();

export const entitlementResource = defineResource({
  name: 'entitlements',
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: [],
  actions: {},
  shopScoped: true,
  schemas: { row: entitlementRowSchema, create: noInput, update: noInput },
  filters: {
    id: filter.int,
    shopId: filter.int,
    customerId: filter.int,
    programId: filter.int,
    status: filter.oneOf(ENTITLEMENT_STATUSES),
    validFrom: filter.instant,
    validUntil: filter.instant,
    createdAt: filter.instant,
  },
  sortable: ['id', 'validFrom', 'validUntil', 'createdAt'],
  search: '客户姓名或手机尾号四位',
  missing: '补色权益不存在',
  labels: 'entitlement',
});
