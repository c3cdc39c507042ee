import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { customers, programs, shops, staff } from '../db/schema';
import type { AppointmentEventAction, AppointmentStatus } from '../../contract/appointment';
import { reminderTime } from '../appointments/reminders';
import { shanghaiDayOf, shanghaiInstant } from '../../contract/shanghaiTime';
import { seededRandom, type Random } from './random';
import { insertJson, takeIds } from './bulk';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;
const PAST_DAYS = 90;
const FUTURE_DAYS = 14;
const CANCEL_REASONS = ['客户临时有事', '客户改期', '身体不适', '天气原因', '行程冲突'] as const;
const NOTES = ['第一次做，有点紧张', '想要自然款', '带朋友一起来', '希望首席操作', '上次效果满意'] as const;

type Planned = {
  shopId: number;
  kind: 'new-customer' | 'after-sale';
  customer: { id: number; name: string; phone: string };
  program: { id: number; name: string; type: number; touchUpDays: number };
  staffId: number | null;
  staffName: string;
  start: number;
  minutes: number;
  status: AppointmentStatus;
  note: string;
  cancelReason: string;
  overrideReason: string;
  /** Index into the planned entitlements, for an after-sale booking. */
  entitlement?: number;
  /** The entitlement this completed brow or lip service grants, by index. */
  grants?: number;
};
type PlannedEntitlement = { shopId: number; customerId: number; programId: number; validFrom: number; validUntil: number };

const iso = (t: number) => new Date(t).toISOString();

/** Where a booking stands, given when it is: past ones were settled, today's are under way, future ones await. */
function statusAt(r: Random, start: number, end: number, now: number): AppointmentStatus {
  if (end <= now) return r.chance(0.8) ? 'completed' : r.chance(0.6) ? 'cancelled' : 'no-show';
  if (start <= now) return r.chance(0.7) ? 'arrived' : r.chance(0.5) ? 'confirmed' : 'no-show';
  if (start - now < 2 * 3600_000) return r.chance(0.7) ? 'confirmed' : 'booked';
  return r.chance(0.12) ? 'cancelled' : r.chance(0.4) ? 'confirmed' : 'booked';
}

/** The steps that led from booked to `status`, for the history. */
function pathTo(status: AppointmentStatus): { action: AppointmentEventAction; from: AppointmentStatus; to: AppointmentStatus }[] {
  const steps: Record<AppointmentStatus, AppointmentEventAction[]> = {
    booked: [],
    confirmed: ['confirm'],
    arrived: ['confirm', 'arrive'],
    completed: ['confirm', 'arrive', 'complete'],
    cancelled: ['cancel'],
    'no-show': ['confirm', 'no-show'],
  };
  const to: Record<string, AppointmentStatus> = {
    confirm: 'confirmed',
    arrive: 'arrived',
    complete: 'completed',
    cancel: 'cancelled',
    'no-show': 'no-show',
  };
  let from: AppointmentStatus = 'booked';
  return steps[status].map((action) => {
    const step = { action, from, to: to[action] };
    from = step.to;
    return step;
  });
}

/**
 * The demo shops' calendars: bookings over the past 90 days and the next 14 in every status, and the
 * touch-up entitlements their completed brow and lip services granted (the checkstand that will make
 * them from paid orders does not exist yet), some already booked or used. Run inside seedDemo's
 * transaction; plans everything in memory and writes it in a few bulk inserts.
 */
export async function seedAppointments(
  tx: Tx,
  ctx: { shopIds: number[]; managerOf: (shopId: number) => { id: number; name: string } },
  now = Date.now(),
): Promise<void> {
  const r = seededRandom(20261123);
  const shopRows = await tx.select().from(shops).where(inArray(shops.id, ctx.shopIds));
  const team = await tx
    .select({ id: staff.id, name: staff.name, job: staff.job, shopId: staff.shopId })
    .from(staff)
    .where(and(inArray(staff.shopId, ctx.shopIds), eq(staff.status, 'active'), inArray(staff.job, ['tattoo-artist', 'beautician'])));
  const menu = await tx
    .select({
      id: programs.id,
      name: programs.name,
      type: programs.type,
      touchUpDays: programs.touchUpDays,
      minutes: programs.durationMinutes,
    })
    .from(programs)
    .where(eq(programs.status, 'on'));
  const people = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone, shopId: customers.shopId })
    .from(customers)
    .where(inArray(customers.shopId, ctx.shopIds));

  const planned: Planned[] = [];
  const entitlements: PlannedEntitlement[] = [];
  const today = shanghaiDayOf(now);
  for (const shop of shopRows) {
    const members = team.filter((m) => m.shopId === shop.id);
    const clients = people.filter((c) => c.shopId === shop.id);
    // Entitlements of this shop not yet booked, oldest first.
    const open: number[] = [];
    for (let d = -PAST_DAYS; d <= FUTURE_DAYS; d++) {
      const day = shanghaiDayOf(shanghaiInstant(today, '12:00') + d * DAY_MS);
      const open0 = shanghaiInstant(day, shop.openTime);
      const close = shanghaiInstant(day, shop.closeTime);
      for (const m of members) {
        // Older weeks are thinner: enough history for reports and touch-ups, a full calendar near today.
        if (d < -14 && r.chance(0.5)) continue;
        const fits = menu.filter((p) => (m.job === 'beautician' ? p.type === 3 : p.type !== 3));
        let cursor = open0 + r.int(0, 8) * 15 * MIN_MS;
        while (cursor < close) {
          const touchUp = open.findIndex((i) => entitlements[i].validFrom + 25 * DAY_MS <= cursor && m.job !== 'beautician');
          const useTouchUp = touchUp >= 0 && r.chance(0.35);
          const program = useTouchUp ? menu.find((p) => p.id === entitlements[open[touchUp]].programId)! : r.pick(fits);
          const minutes = useTouchUp ? 60 : program.minutes;
          const end = cursor + minutes * MIN_MS;
          if (end > close) break;
          const status = statusAt(r, cursor, end, now);
          const p: Planned = {
            shopId: shop.id,
            kind: useTouchUp ? 'after-sale' : 'new-customer',
            customer: useTouchUp ? clients.find((c) => c.id === entitlements[open[touchUp]].customerId)! : r.pick(clients),
            program: { id: program.id, name: program.name, type: program.type, touchUpDays: program.touchUpDays },
            staffId: m.id,
            staffName: m.name,
            start: cursor,
            minutes,
            status,
            note: r.chance(0.15) ? r.pick(NOTES) : '',
            cancelReason: status === 'cancelled' ? r.pick(CANCEL_REASONS) : '',
            overrideReason: useTouchUp && cursor > entitlements[open[touchUp]].validUntil ? '客户出差错过补色期，店长同意' : '',
          };
          if (useTouchUp) {
            // A cancelled or missed touch-up leaves the right free for another booking.
            p.entitlement = open[touchUp];
            if (status !== 'cancelled' && status !== 'no-show') open.splice(touchUp, 1);
          } else if (status === 'completed' && program.touchUpDays > 0) {
            p.grants = entitlements.length;
            open.push(entitlements.length);
            entitlements.push({
              shopId: shop.id,
              customerId: p.customer.id,
              programId: program.id,
              validFrom: end,
              validUntil: end + program.touchUpDays * DAY_MS,
            });
          }
          planned.push(p);
          cursor = end + r.int(2, 14) * 15 * MIN_MS;
        }
      }
      // A few future bookings wait for an artist ("any artist").
      if (d > 0 && r.chance(0.5)) {
        const program = r.pick(menu.filter((x) => x.type !== 3));
        const start = open0 + r.int(0, 12) * 30 * MIN_MS;
        if (start + program.minutes * MIN_MS <= close) {
          planned.push({
            shopId: shop.id,
            kind: 'new-customer',
            customer: r.pick(clients),
            program,
            staffId: null,
            staffName: '',
            start,
            minutes: program.minutes,
            status: 'booked',
            note: '客户说谁有空都行',
            cancelReason: '',
            overrideReason: '',
          });
        }
      }
    }
  }

  const entitlementIds = await takeIds(tx, 'touch_up_entitlements_id_seq', entitlements.length);
  await insertJson(
    tx,
    'touch_up_entitlements',
    entitlements.map((e, i) => ({
      id: entitlementIds[i],
      shop_id: e.shopId,
      customer_id: e.customerId,
      program_id: e.programId,
      source: 'order',
      valid_from: iso(e.validFrom),
      valid_until: iso(e.validUntil),
    })),
  );

  const bookedAt = planned.map((p) => Math.min(p.start - r.int(1, 10 * 24) * 3600_000, now - 5 * MIN_MS));
  const ids = await takeIds(tx, 'appointments_id_seq', planned.length);
  await insertJson(
    tx,
    'appointments',
    planned.map((p, i) => ({
      id: ids[i],
      shop_id: p.shopId,
      kind: p.kind,
      customer_id: p.customer.id,
      customer_name: p.customer.name,
      customer_phone: p.customer.phone,
      program_id: p.program.id,
      program_name: p.program.name,
      staff_id: p.staffId,
      staff_name: p.staffName,
      start_at: iso(p.start),
      end_at: iso(p.start + p.minutes * MIN_MS),
      duration_minutes: p.minutes,
      status: p.status,
      note: p.note,
      entitlement_id: p.entitlement === undefined ? null : entitlementIds[p.entitlement],
      override_reason: p.overrideReason,
      cancel_reason: p.cancelReason,
      created_at: iso(bookedAt[i]),
      updated_at: iso(Math.min(p.start + p.minutes * MIN_MS, now)),
    })),
  );

  // Each booked or completed touch-up holds or has used its entitlement.
  await tx.execute(sql`
    update touch_up_entitlements e
       set status = case a.status when 'completed' then 'used' else 'booked' end, appointment_id = a.id
      from appointments a
     where a.entitlement_id = e.id and a.status in ('booked', 'confirmed', 'arrived', 'completed')`);

  const events: Record<string, unknown>[] = [];
  planned.forEach((p, i) => {
    const who = ctx.managerOf(p.shopId);
    const base = { appointment_id: ids[i], account_id: who.id, account_name: who.name };
    events.push({
      ...base,
      action: 'book',
      from_status: null,
      to_status: 'booked',
      summary: `${p.customer.name} ${p.program.name} ${p.staffName || '未指定服务人员'}`,
      created_at: iso(bookedAt[i]),
    });
    pathTo(p.status).forEach((s, k) => {
      // Confirmed by phone soon after booking; later steps at or after the start.
      const at =
        s.action === 'confirm'
          ? bookedAt[i] + 3600_000
          : s.action === 'cancel'
            ? bookedAt[i] + 86_400_000
            : p.start + k * p.minutes * 20_000;
      events.push({
        ...base,
        action: s.action,
        from_status: s.from,
        to_status: s.to,
        summary: s.action === 'cancel' ? `原因：${p.cancelReason}` : '',
        created_at: iso(Math.min(at, now)),
      });
    });
  });
  await insertJson(tx, 'appointment_events', events);

  const reminders = planned
    .map((p, i) => ({
      appointmentId: ids[i],
      sendAt: reminderTime(iso(p.start)),
      active: p.status === 'booked' || p.status === 'confirmed',
    }))
    .filter((x) => x.active && x.sendAt > now)
    .map((x) => ({ appointment_id: x.appointmentId, send_at: iso(x.sendAt) }));
  await insertJson(tx, 'reminder_jobs', reminders);
}
