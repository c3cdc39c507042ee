import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { appointments, reminderJobs, shops } from '../db/schema';
import type { SmsSender } from '../auth/smsSender';
import { shanghaiDayOf, shanghaiInstant } from '../../contract/shanghaiTime';
import { ACTIVE_APPOINTMENT_STATUSES } from '../../contract/appointment';

/** Reminders go out at this Shanghai time on the day before the appointment. */
export const REMINDER_CLOCK = '18:00';
/** A reminder that failed this often is given up (status failed) instead of retried forever. */
const MAX_ATTEMPTS = 5;
/** How many due reminders one pass claims. */
const BATCH = 50;

/** When an appointment starting at `startAt` is reminded of: 18:00 Shanghai the day before. */
export function reminderTime(startAt: string): number {
  const day = shanghaiDayOf(Date.parse(startAt) - 86_400_000);
  return shanghaiInstant(day, REMINDER_CLOCK);
}

/**
 * (Re)plans the appointment's reminder for its start time. A reminder whose time has already passed
 * when the booking is made or moved is not sent: the customer has just spoken to the shop.
 */
export async function planReminder(tx: DbOrTx, appointmentId: number, startAt: string, now = Date.now()): Promise<void> {
  const sendAt = reminderTime(startAt);
  if (sendAt <= now) {
    await cancelReminder(tx, appointmentId);
    return;
  }
  const iso = new Date(sendAt).toISOString();
  await tx
    .insert(reminderJobs)
    .values({ appointmentId, sendAt: iso })
    .onConflictDoUpdate({
      target: reminderJobs.appointmentId,
      set: { sendAt: iso, status: 'pending', attempts: 0, lastError: '', sentAt: null, updatedAt: sql`now()` },
    });
}

/** A cancelled or missed appointment is not reminded of. */
export async function cancelReminder(tx: DbOrTx, appointmentId: number): Promise<void> {
  await tx
    .update(reminderJobs)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(reminderJobs.appointmentId, appointmentId), eq(reminderJobs.status, 'pending')));
}

/**
 * One pass of the reminder worker: claims due reminders with FOR UPDATE SKIP LOCKED, so another
 * process running the same pass skips them, sends each and marks it sent before the claim ends.
 * Answers how many were sent.
 */
export async function sendDueReminders(db: Db, sms: SmsSender, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: reminderJobs.id,
        attempts: reminderJobs.attempts,
        phone: appointments.customerPhone,
        customerName: appointments.customerName,
        programName: appointments.programName,
        startAt: appointments.startAt,
        status: appointments.status,
        shopName: shops.name,
        shopPhone: shops.phone,
        shopAddress: shops.address,
      })
      .from(reminderJobs)
      .innerJoin(appointments, eq(appointments.id, reminderJobs.appointmentId))
      .innerJoin(shops, eq(shops.id, appointments.shopId))
      .where(and(eq(reminderJobs.status, 'pending'), sql`${reminderJobs.sendAt} <= ${now.toISOString()}`))
      .orderBy(reminderJobs.sendAt)
      .limit(BATCH)
      .for('update', { of: reminderJobs, skipLocked: true });
    let sent = 0;
    for (const job of due) {
      if (!(ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(job.status)) {
        await tx
          .update(reminderJobs)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(eq(reminderJobs.id, job.id));
        continue;
      }
      try {
        await sms.sendAppointmentReminder(job.phone, {
          customerName: job.customerName,
          programName: job.programName,
          startAt: job.startAt,
          shopName: job.shopName,
          shopPhone: job.shopPhone,
          shopAddress: job.shopAddress,
        });
        await tx
          .update(reminderJobs)
          .set({ status: 'sent', sentAt: sql`now()`, attempts: job.attempts + 1, updatedAt: sql`now()` })
          .where(eq(reminderJobs.id, job.id));
        sent++;
      } catch (e) {
        const attempts = job.attempts + 1;
        await tx
          .update(reminderJobs)
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            lastError: String((e as Error).message ?? e).slice(0, 500),
            updatedAt: sql`now()`,
          })
          .where(eq(reminderJobs.id, job.id));
      }
    }
    return sent;
  });
}
