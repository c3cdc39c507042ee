import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appointments, customers, orders, programs, serviceRecords, touchUpEntitlements } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid } from '../http/errors';
import { pgErrorOf } from '../http/resource';
import { actingShop, type Actor } from '../auth/actor';
import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '../../contract/appointment';
import type { ServiceRecord } from '../../contract/serviceRecord';
import { readServiceRecord } from './serviceRecordRow';

/** A record is opened when the customer is in the shop; a visit completed before records were kept has none. */
const RECORDABLE: readonly AppointmentStatus[] = ['arrived'];

const appointmentError = (message: string) => invalid(message, [{ field: 'appointmentId', message }]);

/** A touch-up's original visit: the visit of the order that granted its entitlement, by its record. */
async function originalRecordOf(tx: Tx, entitlementId: number | null): Promise<number | null> {
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
 * POST service-records: opens the record of an arrived visit of the shop, one per visit. The serving
 * shop owns it; the customer's home shop (another shop for a chain customer) is kept to read it.
 */
export async function openServiceRecord(tx: Tx, actor: Actor, appointmentId: number): Promise<ServiceRecord> {
  const shopId = actingShop(actor);
  const [visit] = await tx
    .select({ appointment: appointments, programType: programs.type, customerShopId: customers.shopId })
    .from(appointments)
    .innerJoin(programs, eq(programs.id, appointments.programId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.shopId, shopId)));
  if (!visit) throw appointmentError('预约不存在');
  const a = visit.appointment;
  const status = a.status as AppointmentStatus;
  if (!RECORDABLE.includes(status)) throw conflict(`预约${APPOINTMENT_STATUS_LABELS[status]}，只有已到店的预约可以建立服务档案`);
  const [existing] = await tx.select({ id: serviceRecords.id }).from(serviceRecords).where(eq(serviceRecords.appointmentId, a.id));
  if (existing) throw conflict(`该预约已有服务档案（编号 ${existing.id}）`);
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
  const [row] = await tx
    .insert(serviceRecords)
    .values(values)
    .returning({ id: serviceRecords.id })
    .catch((e: unknown) => {
      // Two managers opening the same visit at once: the unique key lets one win.
      if (pgErrorOf(e).constraint === 'service_records_appointment_key') throw conflict('该预约已有服务档案');
      throw e;
    });
  await audit(tx, actor, {
    action: 'create',
    entity: 'service-record',
    entityId: row.id,
    summary: `建立服务档案：${a.customerName} ${a.programName}（预约 ${a.id}）`,
  });
  return readServiceRecord(tx, actor.session, row.id);
}
