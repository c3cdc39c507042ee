import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { appointments } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict } from '../http/errors';
import {
  APPOINTMENT_ACTION_LABELS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TRANSITIONS,
  arrivesOnItsDay,
  type Appointment,
  type AppointmentAction,
  type AppointmentStatus,
} from '../../contract/appointment';
import { actingShop, type Actor } from '../auth/actor';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { appointmentView, lockAppointment, recordEvent } from './booking';
import { setEntitlementStatus } from './entitlements';
import { cancelReminder } from './reminders';
import { requireCompletableRecord } from '../serviceRecords/completion';
import { ensureServiceRecord } from '../serviceRecords/openRecord';

/**
 * POST appointments/:id/<action>: one step of the state machine in contract/appointment.ts. A step
 * its status does not allow is 409, and so is completing a visit whose service record is missing
 * or incomplete (server/serviceRecords/completion.ts). Arriving opens the visit's service record
 * with it, so the manager fills it in while the customer is served. Completing a touch-up uses its entitlement;
 * cancelling it or marking a no-show frees the entitlement for another booking.
 */
export async function applyAppointmentAction(
  db: Db,
  actor: Actor,
  id: number,
  action: AppointmentAction,
  reason = '',
  now = Date.now(),
): Promise<Appointment> {
  const shopId = actingShop(actor);
  const row = await db.transaction((tx) => stepAppointment(tx, actor, shopId, id, action, reason, now));
  return appointmentView(row);
}

/** The step itself inside the caller's transaction (paying an order completes its arrived appointment with it). */
export async function stepAppointment(
  tx: DbOrTx,
  actor: Actor,
  shopId: number,
  id: number,
  action: AppointmentAction,
  reason = '',
  now = Date.now(),
) {
  const t = APPOINTMENT_TRANSITIONS[action];
  const before = await lockAppointment(tx, shopId, id);
  const from = before.status as AppointmentStatus;
  if (!t.from.includes(from)) throw conflict(`预约${APPOINTMENT_STATUS_LABELS[from]}，不能${APPOINTMENT_ACTION_LABELS[action]}`);
  if (t.onlyAfterStart && Date.parse(before.startAt) > now) throw conflict('预约开始时间未到，不能标记爽约');
  if (action === 'arrive' && !arrivesOnItsDay(before.startAt, now))
    throw conflict(`只能在预约当天标记到店：这个预约在 ${shanghaiDayOf(Date.parse(before.startAt))}，请核对预约或先改期`);
  if (t.to === 'completed') await requireCompletableRecord(tx, id);
  const [after] = await tx
    .update(appointments)
    .set({ status: t.to, ...(t.needsReason ? { cancelReason: reason } : {}), updatedAt: sql`now()` })
    .where(eq(appointments.id, id))
    .returning();
  if (before.entitlementId !== null) {
    if (t.to === 'completed') await setEntitlementStatus(tx, before.entitlementId, 'used', id);
    if (t.to === 'cancelled' || t.to === 'no-show') await setEntitlementStatus(tx, before.entitlementId, 'available', null);
  }
  if (t.to === 'cancelled' || t.to === 'no-show') await cancelReminder(tx, id);
  const summary = `${APPOINTMENT_STATUS_LABELS[from]} → ${APPOINTMENT_STATUS_LABELS[t.to]}${reason ? `；原因：${reason}` : ''}`;
  await recordEvent(tx, actor, id, action, from, t.to, summary);
  await audit(tx, actor, { action, entity: 'appointment', entityId: id, summary });
  if (t.to === 'arrived') await ensureServiceRecord(tx, actor, id);
  return after;
}
