import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { appointments, customers, orders, programs, serviceRecords, touchUpEntitlements } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid } from '../http/errors';
import { actingShop, type Actor } from '../auth/actor';
import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '../../contract/appointment';
import type { ServiceRecord } from '../../contract/serviceRecord';
import { readServiceRecord } from './serviceRecordRow';

/** A record is opened when the customer is in the shop; a visit completed before records were kept has none. */
const RECORDABLE: readonly AppointmentStatus[] = ['arrived'];

const appointmentError = (message: string) => invalid(message, [{ field: 'appointmentId', message }]);

/** A touch-up's original visit: the visit of the order that granted its entitlement, by its record. */
async function originalRecordOf(tx: DbOrTx, entitlementId: number | null): Promise<number | null> {
  if (entitlementId === null) return null;
  const [found] = await tx
    .select({ id: serviceRecords.id })
    .from(touchUpEntitlements)
    .innerJoin(orders, eq(orders.id, touchUpEntitlements.orderId))
    .innerJoin(serviceRecords, eq(serviceRecords.appointmentId, orders.appointmentId))
    .where(eq(touchUpEntitlements.id, entitlementId));
  return found?.id ?? null;
}

/**
 * The record of a visit of the actor's shop, one per visit: opened when the visit is marked arrived,
 * in the same transaction, and by POST service-records for a visit that arrived before records were
 * opened then. A visit that has its record answers it. The serving shop owns it; the customer's home
 * shop (another shop for a chain customer) is kept to read it.
 */
export async function ensureServiceRecord(tx: DbOrTx, actor: Actor, appointmentId: number): Promise<number> {
  const shopId = actingShop(actor);
  const [visit] = await tx
    .select({ appointment: appointments, programType: programs.type, customerShopId: customers.shopId })
    .from(appointments)
    .innerJoin(programs, eq(programs.id, appointments.programId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.shopId, shopId)));
  if (!visit) throw appointmentError('预约不存在');
  const a = visit.appointment;
  const existing = await recordIdOf(tx, a.id);
  if (existing !== null) return existing;
  const status = a.status as AppointmentStatus;
  if (!RECORDABLE.includes(status)) throw conflict(`预约${APPOINTMENT_STATUS_LABELS[status]}，只有已到店的预约可以建立服务档案`);
  const values = {
    shopId,
    customerShopId: visit.customerShopId,
    customerId: a.customerId,
    customerName: a.customerName,
    appointmentId: a.id,
    programId: a.programId,
    programName: a.programName,
    programType: visit.programType,
    staffName: a.staffName,
    servedAt: a.startAt,
    originalRecordId: await originalRecordOf(tx, a.entitlementId),
    createdBy: actor.session.accountId,
    createdByName: actor.session.accountName.slice(0, 30),
  };
  // Two managers opening the same visit at once: the unique key lets one insert, the other answers its record.
  const [row] = await tx
    .insert(serviceRecords)
    .values(values)
    .onConflictDoNothing({ target: serviceRecords.appointmentId })
    .returning({ id: serviceRecords.id });
  if (!row) return (await recordIdOf(tx, a.id))!;
  await audit(tx, actor, {
    action: 'create',
    entity: 'service-record',
    entityId: row.id,
    summary: `建立服务档案：${a.customerName} ${a.programName}（预约 ${a.id}）`,
  });
  return row.id;
}

async function recordIdOf(tx: DbOrTx, appointmentId: number): Promise<number | null> {
  const [found] = await tx.select({ id: serviceRecords.id }).from(serviceRecords).where(eq(serviceRecords.appointmentId, appointmentId));
  return found?.id ?? null;
}

/** POST service-records: the visit's record, opened if it has none (see ensureServiceRecord). */
export async function openServiceRecord(tx: Tx, actor: Actor, appointmentId: number): Promise<ServiceRecord> {
  return readServiceRecord(tx, actor.session, await ensureServiceRecord(tx, actor, appointmentId));
}
