import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { appointments, pigmentUses, serviceRecords } from '../db/schema';
import { audit, diffSummary } from '../audit/audit';
import { conflict, invalid } from '../http/errors';
import { actingShop, type Actor } from '../auth/actor';
import { changes } from '../http/validate';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { NOTHING_TO_CHANGE } from '../../contract/validation';
import type { ServiceRecord, serviceRecordUpdateSchema } from '../../contract/serviceRecord';
import { answersAsGiven, blockingAnswers } from './health';
import { lockRecord, readServiceRecord, type ServiceRecordRow } from './serviceRecordRow';

export type ServiceRecordChanges = z.output<typeof serviceRecordUpdateSchema>;

const ENTITY = 'service-record';

/** The record of a visit still under way: once the visit is completed, what was asked and used stays as it was. */
export async function lockOpenRecord(tx: Tx, actor: Actor, id: number): Promise<ServiceRecordRow> {
  const record = await lockRecord(tx, actingShop(actor), id);
  const [visit] = await tx.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, record.appointmentId));
  if (visit.status === 'completed') throw conflict('服务已完成，健康问询、色料和签署记录不能再修改');
  return record;
}

/** An expired batch never goes into a customer's skin: refused, naming the batch and the line. */
function refuseExpired(pigments: NonNullable<ServiceRecordChanges['pigments']>, today: string): void {
  pigments.forEach((p, i) => {
    if (p.expiresOn < today) {
      const message = `批号 ${p.batch} 已过期（有效期至 ${p.expiresOn}），不能使用`;
      throw invalid(message, [{ field: `pigments.${i}.expiresOn`, message }]);
    }
  });
}

/**
 * PATCH service-records/:id: the questionnaire (answers kept with their wording), the pigments (the
 * whole list, each batch unexpired today in Shanghai) and the notes. A changed set of blocking
 * answers clears an earlier override: the manager decides again on what is now known.
 */
export async function editServiceRecord(
  tx: Tx,
  actor: Actor,
  id: number,
  input: ServiceRecordChanges,
  now = Date.now(),
): Promise<ServiceRecord> {
  changes(input);
  const before = await lockOpenRecord(tx, actor, id);
  const set: Partial<typeof serviceRecords.$inferInsert> = {};
  const summary: string[] = [];
  if (input.health) {
    const health = answersAsGiven(input.health);
    const blocking = blockingAnswers(health);
    Object.assign(set, { health, healthNote: input.health.note, healthAnsweredAt: new Date(now).toISOString() });
    if (before.overriddenAt !== null && blocking.join() !== blockingAnswers(before.health).join())
      Object.assign(set, { overrideReason: '', overriddenBy: null, overriddenByName: '', overriddenAt: null });
    summary.push(`健康问询已填写${blocking.length ? `（禁忌项：${blocking.join('、')}）` : '（无禁忌项）'}`);
  }
  if (input.notes !== undefined && input.notes !== before.notes) {
    set.notes = input.notes;
    summary.push(diffSummary({ notes: before.notes }, { notes: input.notes }));
  }
  if (input.pigments) {
    refuseExpired(input.pigments, shanghaiDayOf(now));
    await tx.delete(pigmentUses).where(eq(pigmentUses.recordId, id));
    if (input.pigments.length)
      await tx.insert(pigmentUses).values(
        input.pigments.map((p) => ({
          ...p,
          recordId: id,
          shopId: before.shopId,
          customerId: before.customerId,
          customerName: before.customerName,
          programName: before.programName,
          staffName: before.staffName,
          servedAt: before.servedAt,
        })),
      );
    summary.push(`色料：${input.pigments.map((p) => `${p.brand} ${p.colour} 批号 ${p.batch}`).join('、') || '无'}`);
  }
  if (!summary.length) throw invalid(NOTHING_TO_CHANGE, []);
  await tx
    .update(serviceRecords)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(serviceRecords.id, id));
  await audit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, summary: summary.join('；') });
  return readServiceRecord(tx, actor.session, id);
}

/** POST service-records/:id/override: the manager lets a visit with a blocking answer go ahead, with a reason. */
export async function overrideServiceRecord(tx: Tx, actor: Actor, id: number, reason: string, now = Date.now()): Promise<ServiceRecord> {
  const before = await lockOpenRecord(tx, actor, id);
  const blocking = blockingAnswers(before.health);
  if (!blocking.length) throw conflict('健康问询没有禁忌项，无需放行');
  await tx
    .update(serviceRecords)
    .set({
      overrideReason: reason,
      overriddenBy: actor.session.accountId,
      overriddenByName: actor.session.accountName.slice(0, 30),
      overriddenAt: new Date(now).toISOString(),
      updatedAt: sql`now()`,
    })
    .where(eq(serviceRecords.id, id));
  await audit(tx, actor, {
    action: 'override',
    entity: ENTITY,
    entityId: id,
    summary: `店长放行禁忌项（${blocking.join('、')}）：${reason}`,
  });
  return readServiceRecord(tx, actor.session, id);
}
