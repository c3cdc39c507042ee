import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { accountGrants, accounts, appointmentEvents, appointments, customers, programs, shops, staff } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid, notFound, type AppError } from '../http/errors';
import { pgErrorOf } from '../http/resource';
import { raiseMessage } from '../messages/raiseMessage';
import { maskPhone } from '../../contract/mask';
import { MESSAGE_TAGS } from '../../contract/message';
import {
  ACTIVE_APPOINTMENT_STATUSES,
  APPOINTMENT_FIELD_LABELS as L,
  APPOINTMENT_STATUS_LABELS,
  EDITABLE_APPOINTMENT_STATUSES,
  WALK_IN_GRACE_MINUTES,
  type Appointment,
  type AppointmentEventAction,
  type AppointmentStatus,
  type appointmentCreateSchema,
  type appointmentUpdateSchema,
} from '../../contract/appointment';
import { actingShop, type Actor } from '../auth/actor';
import { checkWindow, findEntitlement, lockAvailableEntitlement, setEntitlementStatus } from './entitlements';
import { planReminder } from './reminders';
import { lookedUpRecently } from '../customers/lookup';
import { shanghaiClock, shanghaiDayOf, shanghaiHourMinute, shanghaiInstant } from '../../contract/shanghaiTime';

export type AppointmentRow = typeof appointments.$inferSelect;
export type BookingInput = z.output<typeof appointmentCreateSchema>;
export type BookingChanges = z.output<typeof appointmentUpdateSchema>;

export const APPOINTMENT_MISSING = '预约不存在';

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);

/** A row as the API answers it: the customer's phone masked. */
export function appointmentView(row: AppointmentRow): Appointment {
  return { ...row, customerPhone: maskPhone(row.customerPhone) } as Appointment;
}

/** The row a session may change, locked; another shop's row is 404. */
export async function lockAppointment(tx: DbOrTx, shopId: number, id: number): Promise<AppointmentRow> {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.shopId, shopId)))
    .for('update');
  if (!row) throw notFound(APPOINTMENT_MISSING);
  return row;
}

/** A line of the appointment's history, written with the change. */
export async function recordEvent(
  tx: DbOrTx,
  actor: Actor,
  appointmentId: number,
  action: AppointmentEventAction,
  fromStatus: AppointmentStatus | null,
  toStatus: AppointmentStatus,
  summary: string,
): Promise<void> {
  await tx.insert(appointmentEvents).values({
    appointmentId,
    action,
    fromStatus,
    toStatus,
    summary: summary.slice(0, 2000),
    accountId: actor.session.accountId,
    accountName: actor.session.accountName.slice(0, 30),
  });
}

/** The booking lies inside the shop's opening hours of its (Shanghai) day. */
async function checkOpeningHours(tx: DbOrTx, shopId: number, start: number, end: number): Promise<void> {
  const [shop] = await tx
    .select({ openTime: shops.openTime, closeTime: shops.closeTime, status: shops.status })
    .from(shops)
    .where(eq(shops.id, shopId));
  const day = shanghaiDayOf(start);
  const open = shanghaiInstant(day, shop.openTime);
  const close = shanghaiInstant(day, shop.closeTime);
  const hours = `${shop.openTime}–${shop.closeTime}`;
  if (start < open || start >= close) throw fieldError('startAt', `${L.startAt}须在营业时间 ${hours} 内`);
  if (end > close) throw fieldError('durationMinutes', `结束时间 ${shanghaiHourMinute(end)} 超过打烊时间 ${shop.closeTime}`);
}

/** Made in the future, or at most a few minutes ago for a walk-in. */
function checkNotPast(start: number, now: number): void {
  if (start < now - WALK_IN_GRACE_MINUTES * 60_000)
    throw fieldError('startAt', `${L.startAt}不能早于现在（到店散客最多可补登 ${WALK_IN_GRACE_MINUTES} 分钟前）`);
}

async function onShelfProgram(tx: DbOrTx, programId: number) {
  const [p] = await tx.select().from(programs).where(eq(programs.id, programId));
  if (!p) throw fieldError('programId', '服务项目不存在');
  if (p.status !== 'on') throw fieldError('programId', `服务项目「${p.name}」已下架，不能预约`);
  return p;
}

/** An active staff member of the shop, or null for "any artist". */
async function activeStaff(tx: DbOrTx, shopId: number, staffId: number | null): Promise<{ id: number; name: string } | null> {
  if (staffId === null) return null;
  const [m] = await tx
    .select({ id: staff.id, name: staff.name, status: staff.status })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.shopId, shopId)));
  if (!m) throw fieldError('staffId', '服务人员不存在');
  if (m.status !== 'active') throw fieldError('staffId', `服务人员「${m.name}」已离职，不能预约`);
  return m;
}

/**
 * The customer of a booking: one of the shop's, a chain customer of another shop this account found
 * by the full phone (GET customers/lookup) in the last day, or a new one made in the same step. A
 * phone already known in this shop books that customer; one known in another shop is 409, as on the
 * customer form: she is booked by id after the lookup, and stays her home shop's.
 */
async function customerOf(tx: DbOrTx, actor: Actor, shopId: number, input: Pick<BookingInput, 'customerId' | 'customer'>) {
  if (input.customerId !== undefined) {
    const [c] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
    // A chain customer of another shop is served here once this account has found her by the full phone; an id alone never reveals her.
    if (!c || (c.shopId !== shopId && !(await lookedUpRecently(tx, actor.session.accountId, c.id))))
      throw fieldError('customerId', '客户不存在');
    return c;
  }
  const fresh = input.customer!;
  const [known] = await tx
    .select({ customer: customers, shopName: shops.name })
    .from(customers)
    .innerJoin(shops, eq(shops.id, customers.shopId))
    .where(eq(customers.phone, fresh.phone));
  if (known && known.customer.shopId === shopId) return known.customer;
  if (known) throw conflict(`手机号 ${maskPhone(fresh.phone)} 已是「${known.shopName}」的客户`);
  const [created] = await tx.insert(customers).values({ name: fresh.name, phone: fresh.phone, source: fresh.source, shopId }).returning();
  await audit(tx, actor, {
    action: 'create',
    entity: 'customer',
    entityId: created.id,
    summary: `预约时新建客户 ${created.name} ${maskPhone(created.phone)}`,
  });
  return created;
}

/** The shop's other managers hear of a new booking in their message box. */
async function tellOtherManagers(tx: DbOrTx, actor: Actor, row: AppointmentRow): Promise<void> {
  const others = await tx
    .selectDistinct({ id: accountGrants.accountId })
    .from(accountGrants)
    .innerJoin(accounts, eq(accounts.id, accountGrants.accountId))
    .where(
      and(
        eq(accountGrants.role, 'shop-manager'),
        eq(accountGrants.shopId, row.shopId),
        eq(accounts.status, 'active'),
        ne(accountGrants.accountId, actor.session.accountId),
      ),
    );
  await raiseMessage(
    tx,
    others.map((o) => o.id),
    {
      type: 'notice',
      messageType: MESSAGE_TAGS.info,
      title: `新预约：${row.customerName} ${shanghaiClock(row.startAt)}`,
      subTitle: `${row.programName} · ${row.staffName || '未指定服务人员'}`,
      content:
        `${actor.session.accountName} 为 ${row.customerName}（${maskPhone(row.customerPhone)}）预约了` +
        ` ${shanghaiClock(row.startAt)}–${shanghaiHourMinute(row.endAt)} 的「${row.programName}」。`,
    },
  );
}

/** The active booking of `staffId` that overlaps [start, end), other than `exceptId`. */
async function clashingBooking(db: DbOrTx, staffId: number, start: string, end: string, exceptId?: number) {
  const [hit] = await db
    .select({
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      staffName: appointments.staffName,
      customerName: appointments.customerName,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.staffId, staffId),
        sql`${appointments.status} in ${ACTIVE_APPOINTMENT_STATUSES}`,
        sql`tstzrange(${appointments.startAt}, ${appointments.endAt}, '[)') && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')`,
        exceptId === undefined ? undefined : ne(appointments.id, exceptId),
      ),
    )
    .limit(1);
  return hit;
}

/**
 * Runs a write whose rows the exclusion constraint appointments_no_overlap guards. The database
 * decides races between server processes; the loser is told which booking it ran into.
 */
async function guardedByNoOverlap<T>(
  db: Db,
  slot: () => { staffId: number | null; start: string; end: string; exceptId?: number },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const pg = pgErrorOf(e);
    if (pg.code === '23505' && pg.constraint === 'customers_phone_key') throw conflict('该手机号刚刚被登记为客户，请搜索后选择');
    // Two inserts racing on one constraint may also end in a deadlock; the winner is found the same way.
    if (pg.code !== '23P01' && pg.code !== '40P01') throw e;
    const { staffId, start, end, exceptId } = slot();
    const hit = staffId === null ? undefined : await clashingBooking(db, staffId, start, end, exceptId);
    throw hit ? clashMessage(hit) : conflict('该服务人员在这个时段已有预约，请换个时间或人员');
  }
}

function clashMessage(hit: { startAt: string; endAt: string; staffName: string; customerName: string }): AppError {
  return conflict(
    `${hit.staffName}在 ${shanghaiClock(hit.startAt)}–${shanghaiHourMinute(hit.endAt)} 已有预约（${hit.customerName}），请换个时间或人员`,
  );
}

const endOf = (startAt: string, minutes: number) => new Date(Date.parse(startAt) + minutes * 60_000).toISOString();

/** POST appointments: books a customer onto an artist (or unassigned) in the session's shop. */
export async function bookAppointment(db: Db, actor: Actor, input: BookingInput, now = Date.now()): Promise<Appointment> {
  const shopId = actingShop(actor);
  let slot = { staffId: input.staffId, start: input.startAt, end: input.startAt };
  const row = await guardedByNoOverlap(
    db,
    () => slot,
    () =>
      db.transaction(async (tx) => {
        const entitlement =
          input.kind === 'after-sale' ? await lockAvailableEntitlement(tx, shopId, input.entitlementId!, input.customerId) : undefined;
        if (entitlement && input.programId !== undefined && input.programId !== entitlement.programId)
          throw fieldError('programId', '补色预约的服务项目须与补色权益一致');
        // A touch-up is owed for the program sold, even if it has left the menu since.
        const [program] = entitlement
          ? await tx.select().from(programs).where(eq(programs.id, entitlement.programId))
          : [await onShelfProgram(tx, input.programId!)];
        const durationMinutes = input.durationMinutes ?? program.durationMinutes;
        const start = Date.parse(input.startAt);
        const endAt = endOf(input.startAt, durationMinutes);
        slot = { staffId: input.staffId, start: input.startAt, end: endAt };
        checkNotPast(start, now);
        await checkOpeningHours(tx, shopId, start, Date.parse(endAt));
        const member = await activeStaff(tx, shopId, input.staffId);
        if (entitlement) checkWindow(entitlement, input.startAt, input.overrideReason);
        // The entitlement's customer may live in another shop of the chain: the right is honoured where it was sold.
        const customer = entitlement
          ? (await tx.select().from(customers).where(eq(customers.id, entitlement.customerId)))[0]
          : await customerOf(tx, actor, shopId, input);

        const [created] = await tx
          .insert(appointments)
          .values({
            shopId,
            kind: input.kind,
            customerId: customer.id,
            customerName: customer.name,
            customerPhone: customer.phone,
            programId: program.id,
            programName: program.name,
            staffId: member?.id ?? null,
            staffName: member?.name ?? '',
            startAt: input.startAt,
            endAt,
            durationMinutes,
            note: input.note,
            entitlementId: entitlement?.id ?? null,
            overrideReason: entitlement ? input.overrideReason : '',
          })
          .returning();
        if (entitlement) await setEntitlementStatus(tx, entitlement.id, 'booked', created.id);
        const summary =
          `${created.customerName} ${shanghaiClock(created.startAt)}–${shanghaiHourMinute(created.endAt)}` +
          ` ${created.programName} ${created.staffName || '未指定服务人员'}${created.overrideReason ? `；超期原因：${created.overrideReason}` : ''}`;
        await recordEvent(tx, actor, created.id, 'book', null, 'booked', summary);
        await planReminder(tx, created.id, created.startAt, now);
        await tellOtherManagers(tx, actor, created);
        await audit(tx, actor, { action: 'create', entity: 'appointment', entityId: created.id, summary });
        return created;
      }),
  );
  return appointmentView(row);
}

/** PATCH appointments/:id: moves, stretches, re-assigns or edits a booking that is booked or confirmed; the same rules as booking apply. */
export async function changeAppointment(db: Db, actor: Actor, id: number, changes: BookingChanges, now = Date.now()): Promise<Appointment> {
  const shopId = actingShop(actor);
  let slot: { staffId: number | null; start: string; end: string; exceptId?: number } = { staffId: null, start: '', end: '' };
  const row = await guardedByNoOverlap(
    db,
    () => slot,
    () =>
      db.transaction(async (tx) => {
        const before = await lockAppointment(tx, shopId, id);
        const status = before.status as AppointmentStatus;
        if (!(EDITABLE_APPOINTMENT_STATUSES as readonly string[]).includes(status))
          throw conflict(`预约${APPOINTMENT_STATUS_LABELS[status]}，不能再修改`);
        const startAt = changes.startAt ?? before.startAt;
        const staffId = changes.staffId === undefined ? before.staffId : changes.staffId;
        const programChanged = changes.programId !== undefined && changes.programId !== before.programId;
        if (programChanged && before.kind === 'after-sale') throw fieldError('programId', '补色预约的服务项目须与补色权益一致');
        const program = programChanged ? await onShelfProgram(tx, changes.programId!) : undefined;
        const durationMinutes = changes.durationMinutes ?? before.durationMinutes;
        const endAt = endOf(startAt, durationMinutes);
        slot = { staffId, start: startAt, end: endAt, exceptId: id };
        const timeChanged = startAt !== before.startAt || endAt !== before.endAt;
        if (startAt !== before.startAt) checkNotPast(Date.parse(startAt), now);
        if (timeChanged) await checkOpeningHours(tx, shopId, Date.parse(startAt), Date.parse(endAt));
        const member =
          staffId === before.staffId
            ? staffId === null
              ? null
              : { id: staffId, name: before.staffName }
            : await activeStaff(tx, shopId, staffId);
        const overrideReason = changes.overrideReason ?? before.overrideReason;
        if (before.entitlementId !== null && startAt !== before.startAt) {
          const entitlement = await findEntitlement(tx, before.entitlementId);
          if (entitlement) checkWindow(entitlement, startAt, overrideReason);
        }
        const next = {
          startAt,
          endAt,
          durationMinutes,
          staffId: member?.id ?? null,
          staffName: member?.name ?? '',
          programId: program?.id ?? before.programId,
          programName: program?.name ?? before.programName,
          note: changes.note ?? before.note,
          overrideReason: before.kind === 'after-sale' ? overrideReason : '',
        };
        const [after] = await tx
          .update(appointments)
          .set({ ...next, updatedAt: sql`now()` })
          .where(eq(appointments.id, id))
          .returning();
        const summary = describeChanges(before, after);
        await recordEvent(tx, actor, id, 'update', status, status, summary);
        if (timeChanged) await planReminder(tx, id, startAt, now);
        await audit(tx, actor, { action: 'update', entity: 'appointment', entityId: id, summary });
        return after;
      }),
  );
  return appointmentView(row);
}

/** "时间 11-23 10:00–11:00 → 11-23 14:00–15:00；服务人员 周晓雯 → 孙佳怡" for the history. */
function describeChanges(before: AppointmentRow, after: AppointmentRow): string {
  const parts: string[] = [];
  const when = (r: AppointmentRow) => `${shanghaiClock(r.startAt)}–${shanghaiHourMinute(r.endAt)}`;
  if (when(before) !== when(after)) parts.push(`时间 ${when(before)} → ${when(after)}`);
  if (before.staffId !== after.staffId) parts.push(`服务人员 ${before.staffName || '未指定'} → ${after.staffName || '未指定'}`);
  if (before.programId !== after.programId) parts.push(`服务项目 ${before.programName} → ${after.programName}`);
  if (before.note !== after.note) parts.push('修改了备注');
  if (before.overrideReason !== after.overrideReason) parts.push(`超期原因：${after.overrideReason}`);
  return parts.join('；') || '未改变';
}
