import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { touchUpEntitlements } from '../db/schema';
import { conflict, invalid } from '../http/errors';
import { APPOINTMENT_FIELD_LABELS } from '../../contract/appointment';
import { ENTITLEMENT_STATUS_LABELS, type StoredEntitlementStatus } from '../../contract/entitlement';
import { shanghaiDayOf } from '../../contract/shanghaiTime';

type EntitlementRow = typeof touchUpEntitlements.$inferSelect;

const MISSING = () => invalid('补色权益不存在', [{ field: 'entitlementId', message: '补色权益不存在' }]);

/**
 * The entitlement an after-sale booking names, locked for the booking: it must be of the shop (and
 * of the customer, when one is named) and available. Answers it; refusals are 40000 or 409.
 */
export async function lockAvailableEntitlement(
  tx: DbOrTx,
  shopId: number,
  entitlementId: number,
  customerId?: number,
): Promise<EntitlementRow> {
  const [e] = await tx
    .select()
    .from(touchUpEntitlements)
    .where(and(eq(touchUpEntitlements.id, entitlementId), eq(touchUpEntitlements.shopId, shopId)))
    .for('update');
  if (!e || (customerId !== undefined && e.customerId !== customerId)) throw MISSING();
  if (e.status !== 'available') throw conflict(`该补色权益${ENTITLEMENT_STATUS_LABELS[e.status as StoredEntitlementStatus]}，不能再预约`);
  return e;
}

/**
 * A touch-up inside [validFrom, validUntil] needs nothing more; outside it, the receptionist states why
 * (the reason is kept on the appointment and shown).
 */
export function checkWindow(e: Pick<EntitlementRow, 'validFrom' | 'validUntil'>, startAt: string, overrideReason: string): void {
  const t = Date.parse(startAt);
  if (t >= Date.parse(e.validFrom) && t <= Date.parse(e.validUntil)) return;
  if (overrideReason.trim()) return;
  const msg =
    `预约时间不在补色有效期内（${shanghaiDayOf(Date.parse(e.validFrom))} 至 ${shanghaiDayOf(Date.parse(e.validUntil))}），` +
    `请填写${APPOINTMENT_FIELD_LABELS.overrideReason}`;
  throw invalid(msg, [{ field: 'overrideReason', message: msg }]);
}

export async function findEntitlement(tx: DbOrTx, id: number): Promise<EntitlementRow | undefined> {
  const [e] = await tx.select().from(touchUpEntitlements).where(eq(touchUpEntitlements.id, id));
  return e;
}

/** Moves the entitlement of an after-sale appointment: booked when booked, used when completed, available when freed. */
export async function setEntitlementStatus(
  tx: DbOrTx,
  entitlementId: number,
  status: StoredEntitlementStatus,
  appointmentId: number | null,
): Promise<void> {
  await tx
    .update(touchUpEntitlements)
    .set({ status, appointmentId, updatedAt: sql`now()` })
    .where(eq(touchUpEntitlements.id, entitlementId));
}
