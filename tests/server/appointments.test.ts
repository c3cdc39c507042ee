import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { rest, invalidFields, ADMIN, MANAGER_1, FINANCE, MANAGER_3 } from './support/restCalls';
import { query } from './support/authCalls';
import { completeRecord } from './support/serviceRecords';
import { bookAppointment } from '../../server/appointments/booking';
import { sendDueReminders, reminderTime } from '../../server/appointments/reminders';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_TRANSITIONS,
  appointmentCalendarSchema,
  calendarOf,
  calendarRows,
  type Appointment,
  type AppointmentAction,
  type AppointmentCalendar,
  type AppointmentDetail,
} from '../../contract/appointment';
import type { Entitlement } from '../../contract/entitlement';
import type { SessionContext } from '../../server/auth/sessionGuard';

let t: TestContext;
let call: ReturnType<typeof rest>;
let manager1: string;
let manager3: string;
let admin: string;
let finance: string;
let shop1: number;
let shop3: number;
/** Two active artists of shop 1 and one of shop 3. */
let artistA: number;
let artistB: number;
let artistOfShop3: number;
let customers1: number[];
let onShelf: { id: number; durationMinutes: number };
let offShelf: number;

const DAY = 86_400_000;
/** A Shanghai day well past the demo data (which reaches 14 days ahead), as "YYYY-MM-DD". */
function futureDay(daysAhead: number): string {
  return new Date(Date.now() + 8 * 3600_000 + daysAhead * DAY).toISOString().slice(0, 10);
}
const at = (day: string, clock: string) => new Date(`${day}T${clock}:00+08:00`).toISOString();

beforeAll(async () => {
  ({
    t,
    call,
    tokens: [manager1, manager3, admin, finance],
  } = await openTestContext([MANAGER_1, MANAGER_3, ADMIN, FINANCE]));
  [shop1, , shop3] = t.demo.shopIds;
  const artists = await query<{ id: number; shop_id: number }>(
    t,
    `select id, shop_id from staff where status = 'active' and job = 'tattoo-artist' order by id`,
  );
  [artistA, artistB] = artists.filter((a) => a.shop_id === shop1).map((a) => a.id);
  artistOfShop3 = artists.find((a) => a.shop_id === shop3)!.id;
  customers1 = (await query<{ id: number }>(t, 'select id from customers where shop_id = $1 order by id limit 40', [shop1])).map(
    (c) => c.id,
  );
  [onShelf] = await query<{ id: number; durationMinutes: number }>(
    t,
    `select id, duration_minutes as "durationMinutes" from programs where status = 'on' and type = 1 order by id limit 1`,
  );
  [{ id: offShelf }] = await query<{ id: number }>(t, `select id from programs where status = 'off' limit 1`);
});
afterAll(async () => {
  await t?.close();
});

let nextCustomer = 0;
const aCustomer = () => customers1[nextCustomer++ % customers1.length];

async function book(body: Record<string, unknown>, token = manager1) {
  return call(token, 'POST', '/appointments', { customerId: aCustomer(), programId: onShelf.id, durationMinutes: 60, ...body });
}
async function booked(body: Record<string, unknown>): Promise<Appointment> {
  const r = await book(body);
  expect(r.body).toMatchObject({ code: 0 });
  return r.body.data;
}

describe('appointments: booking', () => {
  it('books a customer onto an artist, answers the phone masked, keeps history and plans a reminder', async () => {
    const day = futureDay(20);
    const a = await booked({ staffId: artistA, startAt: `${day}T10:00:00+08:00`, note: '第一次做眉' });
    expect(a).toMatchObject({
      shopId: shop1,
      kind: 'new-customer',
      staffId: artistA,
      status: 'booked',
      startAt: at(day, '10:00'),
      endAt: at(day, '11:00'),
      durationMinutes: 60,
      note: '第一次做眉',
      entitlementId: null,
    });
    expect(a.customerPhone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const read = (await call(manager1, 'GET', `/appointments/${a.id}`)).body.data as AppointmentDetail;
    expect(read.history).toHaveLength(1);
    expect(read.history[0]).toMatchObject({ action: 'book', fromStatus: null, toStatus: 'booked', accountName: '王店长' });
    const [job] = await query<{ send_at: Date; status: string }>(t, 'select send_at, status from reminder_jobs where appointment_id = $1', [
      a.id,
    ]);
    expect(job.status).toBe('pending');
    expect(job.send_at.toISOString()).toBe(new Date(reminderTime(a.startAt)).toISOString());
    expect(new Date(reminderTime(a.startAt)).toISOString()).toBe(at(futureDay(19), '18:00'));
  });

  it('defaults the duration to the program’s and leaves "any artist" unassigned, which never clashes', async () => {
    const day = futureDay(20);
    const one = await booked({ staffId: null, durationMinutes: undefined, startAt: at(day, '12:00') });
    const two = await booked({ startAt: at(day, '12:00') });
    expect(one).toMatchObject({ staffId: null, staffName: '', durationMinutes: onShelf.durationMinutes });
    expect(two.staffId).toBeNull();
  });

  it('creates a new customer in the same step, and books a known phone of this shop as that customer', async () => {
    const day = futureDay(21);
    const r = await call(manager1, 'POST', '/appointments', {
      customer: { name: '新来的', phone: '15600001111', source: 'douyin' },
      programId: onShelf.id,
      startAt: at(day, '10:00'),
    });
    expect(r.body.code).toBe(0);
    const [c] = await query<{ id: number; shop_id: number; source: string }>(
      t,
      `select id, shop_id, source from customers where phone = '15600001111'`,
    );
    expect(c).toMatchObject({ id: r.body.data.customerId, shop_id: shop1, source: 'douyin' });
    const again = await call(manager1, 'POST', '/appointments', {
      customer: { name: '新来的', phone: '15600001111' },
      programId: onShelf.id,
      startAt: at(day, '14:00'),
    });
    expect(again.body.data.customerId).toBe(c.id);
    const [otherShops] = await query<{ phone: string }>(t, 'select phone from customers where shop_id = $1 limit 1', [shop3]);
    const taken = await call(manager1, 'POST', '/appointments', {
      customer: { name: '别家的', phone: otherShops.phone },
      programId: onShelf.id,
      startAt: at(day, '16:00'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain('天河正佳店');
  });

  it('tells the shop’s other managers of a booking, not the one who made it', async () => {
    const [acc] = await query<{ id: number }>(
      t,
      `insert into accounts (phone, name, password_hash) values ('13900000077', '副店长', 'x') returning id`,
    );
    await query(t, `insert into account_grants (account_id, role, shop_id) values ($1, 'shop-manager', $2)`, [acc.id, shop1]);
    const a = await booked({ staffId: artistB, startAt: at(futureDay(22), '15:00') });
    const msgs = await query<{ account_id: number; title: string }>(t, `select account_id, title from messages where title like $1`, [
      `新预约：${a.customerName}%`,
    ]);
    expect(msgs.map((m) => m.account_id)).toEqual([acc.id]);
  });

  it('lets exactly one of 10 concurrent bookings of one artist at one time win; the rest get 409 naming the time', async () => {
    const day = futureDay(23);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => book({ staffId: artistA, startAt: at(day, '13:00'), durationMinutes: 90 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.msg).toContain('13:00–14:30');
    const [{ n }] = await query<{ n: number }>(t, `select count(*)::int as n from appointments where staff_id = $1 and start_at = $2`, [
      artistA,
      at(day, '13:00'),
    ]);
    expect(n).toBe(1);
  });

  it('refuses an overlap but lets end touch start', async () => {
    const day = futureDay(24);
    await booked({ staffId: artistA, startAt: at(day, '10:00') });
    expect((await book({ staffId: artistA, startAt: at(day, '11:00') })).status).toBe(200);
    expect((await book({ staffId: artistA, startAt: at(day, '09:00'), durationMinutes: 60 })).status).toBe(400);
    const clash = await book({ staffId: artistA, startAt: at(day, '10:30') });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toMatch(/10:00–11:00/);
    // Another artist at the same time is free.
    expect((await book({ staffId: artistB, startAt: at(day, '10:30') })).status).toBe(200);
  });

  it('keeps bookings inside the opening hours (10:00–21:00 for shop 1)', async () => {
    const day = futureDay(25);
    const early = await book({ staffId: artistA, startAt: at(day, '09:45') });
    expect(early.status).toBe(400);
    expect(invalidFields(early)).toEqual(['startAt']);
    const late = await book({ staffId: artistA, startAt: at(day, '20:30') });
    expect(invalidFields(late)).toEqual(['durationMinutes']);
    expect((await book({ staffId: artistA, startAt: at(day, '20:00') })).status).toBe(200);
  });

  it('books only in the future, or up to 15 minutes ago for a walk-in', async () => {
    const day = futureDay(26);
    const startAt = at(day, '15:00');
    const session = {
      sessionId: 0,
      accountId: t.demo.accountIds[MANAGER_1],
      accountName: '王店长',
      role: 'shop-manager',
      shopId: shop1,
      shopName: '',
    } satisfies SessionContext;
    const input = {
      kind: 'new-customer' as const,
      customerId: aCustomer(),
      programId: onShelf.id,
      staffId: artistB,
      startAt,
      durationMinutes: 30,
      note: '',
      overrideReason: '',
    };
    const actor = { session, ip: '127.0.0.1' };
    await expect(bookAppointment(t.database.db, actor, input, Date.parse(startAt) + 20 * 60_000)).rejects.toMatchObject({
      code: 40000,
      data: { fields: [{ field: 'startAt' }] },
    });
    await expect(bookAppointment(t.database.db, actor, input, Date.parse(startAt) + 10 * 60_000)).resolves.toMatchObject({ startAt });
    const past = await book({ staffId: artistB, startAt: new Date(Date.now() - 3 * DAY).toISOString() });
    expect(invalidFields(past)).toEqual(['startAt']);
  });

  it('names an on-shelf program and an active staff member of the same shop', async () => {
    const day = futureDay(27);
    expect(invalidFields(await book({ startAt: at(day, '10:00'), programId: offShelf }))).toEqual(['programId']);
    expect(invalidFields(await book({ startAt: at(day, '10:00'), programId: 999999 }))).toEqual(['programId']);
    expect(invalidFields(await book({ startAt: at(day, '10:00'), staffId: artistOfShop3 }))).toEqual(['staffId']);
    const [left] = await query<{ id: number }>(
      t,
      `insert into staff (shop_id, name, phone, job, hired_at, status) values ($1, '已离职', '13100009999', 'tattoo-artist', '2024-01-01', 'left') returning id`,
      [shop1],
    );
    expect(invalidFields(await book({ startAt: at(day, '10:00'), staffId: left.id }))).toEqual(['staffId']);
    const [foreign] = await query<{ id: number }>(t, 'select id from customers where shop_id = $1 limit 1', [shop3]);
    expect(invalidFields(await book({ startAt: at(day, '10:00'), customerId: foreign.id }))).toEqual(['customerId']);
    expect(invalidFields(await call(manager1, 'POST', '/appointments', { programId: onShelf.id, startAt: at(day, '10:00') }))).toEqual([
      'customerId',
    ]);
    expect(invalidFields(await book({ startAt: 'tomorrow' }))).toEqual(['startAt']);
    expect(invalidFields(await book({ startAt: at(day, '10:00'), shopId: shop3 }))).toEqual(['shopId']);
  });

  it('books a chain customer of another shop once this account has found her by the full phone; she stays her home shop’s', async () => {
    const [foreign] = await query<{ id: number; phone: string }>(
      t,
      'select id, phone from customers where shop_id = $1 order by id desc limit 1',
      [shop3],
    );
    const startAt = at(futureDay(28), '10:00');
    expect(invalidFields(await book({ startAt, customerId: foreign.id }))).toEqual(['customerId']);
    // A new customer by that phone is still refused: she is booked by id after the lookup.
    expect((await book({ startAt, customerId: undefined, customer: { name: '重名', phone: foreign.phone } })).status).toBe(409);
    expect((await call(manager1, 'GET', `/customers/lookup?phone=${foreign.phone}`)).body.data.id).toBe(foreign.id);
    const booked = await book({ startAt, customerId: foreign.id });
    expect(booked.body.data).toMatchObject({ shopId: shop1, customerId: foreign.id, customerPhone: expect.stringContaining('****') });
    const [home] = await query<{ shop_id: number }>(t, 'select shop_id from customers where id = $1', [foreign.id]);
    expect(home.shop_id).toBe(shop3);
  });
});

describe('appointments: reschedule', () => {
  it('moves and re-assigns with the same checks, refuses a clash and records what changed', async () => {
    const day = futureDay(28);
    const busy = await booked({ staffId: artistB, startAt: at(day, '14:00') });
    const a = await booked({ staffId: artistA, startAt: at(day, '10:00') });
    const clash = await call(manager1, 'PATCH', `/appointments/${a.id}`, { staffId: artistB, startAt: at(day, '14:30') });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toContain('14:00–15:00');
    expect((await call(manager1, 'GET', `/appointments/${a.id}`)).body.data).toMatchObject({ staffId: artistA, startAt: at(day, '10:00') });
    // Stretching into the neighbour is a clash too; touching it is not.
    await call(manager1, 'PATCH', `/appointments/${a.id}`, { staffId: artistB, startAt: at(day, '13:00') });
    expect((await call(manager1, 'PATCH', `/appointments/${a.id}`, { durationMinutes: 90 })).status).toBe(409);
    const moved = await call(manager1, 'PATCH', `/appointments/${a.id}`, { startAt: at(day, '16:00'), durationMinutes: 120 });
    expect(moved.body.data).toMatchObject({ staffId: artistB, startAt: at(day, '16:00'), endAt: at(day, '18:00') });
    expect(invalidFields(await call(manager1, 'PATCH', `/appointments/${a.id}`, { startAt: at(day, '20:00') }))).toEqual([
      'durationMinutes',
    ]);
    expect(invalidFields(await call(manager1, 'PATCH', `/appointments/${a.id}`, {}))).toEqual([]);
    const history = ((await call(manager1, 'GET', `/appointments/${a.id}`)).body.data as AppointmentDetail).history;
    expect(history.map((h) => h.action)).toEqual(['book', 'update', 'update']);
    expect(history[1].summary).toContain('服务人员');
    expect(busy.status).toBe('booked');
  });

  it('keeps the artist, customer and program of a booking from being deleted', async () => {
    const a = await booked({ staffId: artistB, startAt: at(futureDay(29), '15:00') });
    expect((await call(manager1, 'DELETE', `/staff/${artistB}`)).body.msg).toMatch(/条预约/);
    expect((await call(manager1, 'DELETE', `/customers/${a.customerId}`)).body.msg).toMatch(/条预约/);
    expect((await call(admin, 'DELETE', `/programs/${onShelf.id}`)).body.msg).toMatch(/条预约/);
  });

  it('frees the time of a cancelled booking for another', async () => {
    const day = futureDay(29);
    const a = await booked({ staffId: artistA, startAt: at(day, '10:00') });
    expect((await book({ staffId: artistA, startAt: at(day, '10:00') })).status).toBe(409);
    await call(manager1, 'POST', `/appointments/${a.id}/cancel`, { reason: '客户改期' });
    expect((await book({ staffId: artistA, startAt: at(day, '10:00') })).status).toBe(200);
  });
});

/**
 * Moves a booking to start now, with nobody assigned: a visit is marked arrived only on its own day,
 * and the tests book days ahead to find free time.
 */
async function startNow(id: number): Promise<void> {
  await query(
    t,
    `update appointments set start_at = date_trunc('minute', now()), end_at = date_trunc('minute', now()) + duration_minutes *
      interval '1 minute', staff_id = null, staff_name = '' where id = $1`,
    [id],
  );
}

describe('appointments: state machine', () => {
  const allowed = (status: string) =>
    APPOINTMENT_ACTIONS.filter((a) => (APPOINTMENT_TRANSITIONS[a].from as readonly string[]).includes(status));
  async function act(id: number, action: AppointmentAction) {
    return call(manager1, 'POST', `/appointments/${id}/${action}`, action === 'cancel' ? { reason: '测试' } : undefined);
  }
  async function expectOnlyAllowed(id: number, status: string) {
    for (const action of APPOINTMENT_ACTIONS.filter((x) => !allowed(status).includes(x))) {
      const r = await act(id, action);
      expect([action, r.status]).toEqual([action, 409]);
    }
  }

  it('walks booked -> confirmed -> arrived -> completed, refusing every other step with 409', async () => {
    const day = futureDay(30);
    const a = await booked({ staffId: artistA, startAt: at(day, '10:00') });
    await expectOnlyAllowed(a.id, 'booked');
    expect((await act(a.id, 'confirm')).body.data.status).toBe('confirmed');
    await expectOnlyAllowed(a.id, 'confirmed');
    await startNow(a.id);
    expect((await act(a.id, 'arrive')).body.data.status).toBe('arrived');
    await expectOnlyAllowed(a.id, 'arrived');
    expect((await call(manager1, 'PATCH', `/appointments/${a.id}`, { note: '改' })).status).toBe(409);
    await completeRecord(call, manager1, a.id);
    expect((await act(a.id, 'complete')).body.data.status).toBe('completed');
    await expectOnlyAllowed(a.id, 'completed');
    expect((await call(manager1, 'PATCH', `/appointments/${a.id}`, { note: '改' })).status).toBe(409);
    const history = ((await call(manager1, 'GET', `/appointments/${a.id}`)).body.data as AppointmentDetail).history;
    expect(history.map((h) => `${h.fromStatus}->${h.toStatus}`)).toEqual([
      'null->booked',
      'booked->confirmed',
      'confirmed->arrived',
      'arrived->completed',
    ]);
  });

  it('refuses marking a visit arrived on another day than its own, saying so; on its day it is allowed', async () => {
    const a = await booked({ staffId: artistB, startAt: at(futureDay(31), '15:00') });
    expect((await act(a.id, 'confirm')).body.data.status).toBe('confirmed');
    const early = await act(a.id, 'arrive');
    expect([early.status, early.body.msg]).toEqual([409, `只能在预约当天标记到店：这个预约在 ${futureDay(31)}，请核对预约或先改期`]);
    expect(((await call(manager1, 'GET', `/appointments/${a.id}`)).body.data as AppointmentDetail).status).toBe('confirmed');
    await startNow(a.id);
    expect((await act(a.id, 'arrive')).body.data.status).toBe('arrived');
  });

  it('cancels with a reason only, and then allows nothing', async () => {
    const a = await booked({ staffId: artistB, startAt: at(futureDay(30), '10:00') });
    expect(invalidFields(await call(manager1, 'POST', `/appointments/${a.id}/cancel`, {}))).toEqual(['reason']);
    expect(invalidFields(await call(manager1, 'POST', `/appointments/${a.id}/cancel`, { reason: '  ' }))).toEqual(['reason']);
    const r = await call(manager1, 'POST', `/appointments/${a.id}/cancel`, { reason: '客户临时有事' });
    expect(r.body.data).toMatchObject({ status: 'cancelled', cancelReason: '客户临时有事' });
    await expectOnlyAllowed(a.id, 'cancelled');
    const [job] = await query<{ status: string }>(t, 'select status from reminder_jobs where appointment_id = $1', [a.id]);
    expect(job.status).toBe('cancelled');
  });

  it('marks a no-show only after the start time', async () => {
    const a = await booked({ staffId: artistB, startAt: at(futureDay(31), '10:00') });
    const early = await act(a.id, 'no-show');
    expect(early.status).toBe(409);
    expect(early.body.msg).toContain('开始时间未到');
    await query(t, `update appointments set start_at = now() - interval '2 hours', end_at = now() - interval '1 hour' where id = $1`, [
      a.id,
    ]);
    expect((await act(a.id, 'no-show')).body.data.status).toBe('no-show');
    await expectOnlyAllowed(a.id, 'no-show');
  });

  it('answers 404 for an unknown action and 40000 for a body on a body-less one', async () => {
    const a = await booked({ staffId: null, startAt: at(futureDay(31), '12:00') });
    expect((await call(manager1, 'POST', `/appointments/${a.id}/teleport`)).status).toBe(404);
    expect(invalidFields(await call(manager1, 'POST', `/appointments/${a.id}/confirm`, { x: 1 }))).toEqual(['x']);
  });
});

describe('appointments: touch-ups', () => {
  async function entitlement(validFromDays: number, validUntilDays: number, customerId = aCustomer()): Promise<number> {
    const [e] = await query<{ id: number }>(
      t,
      `insert into touch_up_entitlements (shop_id, customer_id, program_id, source, valid_from, valid_until) values ($1, $2, $3, 'order',
        now() + make_interval(days => $4), now() + make_interval(days => $5)) returning id`,
      [shop1, customerId, onShelf.id, validFromDays, validUntilDays],
    );
    return e.id;
  }
  const statusOf = async (id: number) =>
    (
      await query<{ status: string; appointment_id: number | null }>(
        t,
        'select status, appointment_id from touch_up_entitlements where id = $1',
        [id],
      )
    )[0];

  it('books inside the window, holds the entitlement, uses it on completion', async () => {
    const e = await entitlement(-30, 40);
    const r = await call(manager1, 'POST', '/appointments', {
      kind: 'after-sale',
      entitlementId: e,
      staffId: artistA,
      startAt: at(futureDay(32), '10:00'),
    });
    expect(r.body.data).toMatchObject({ kind: 'after-sale', entitlementId: e, programId: onShelf.id, overrideReason: '' });
    expect(await statusOf(e)).toEqual({ status: 'booked', appointment_id: r.body.data.id });
    const again = await call(manager1, 'POST', '/appointments', {
      kind: 'after-sale',
      entitlementId: e,
      startAt: at(futureDay(32), '14:00'),
    });
    expect(again.status).toBe(409);
    const list = await call(manager1, 'GET', `/entitlements?id=${e}`);
    expect((list.body.data as Entitlement[])[0]).toMatchObject({
      status: 'booked',
      programName: expect.any(String),
      customerPhone: expect.stringMatching(/\*{4}/),
    });
    await call(manager1, 'POST', `/appointments/${r.body.data.id}/confirm`);
    await startNow(r.body.data.id);
    await call(manager1, 'POST', `/appointments/${r.body.data.id}/arrive`);
    await completeRecord(call, manager1, r.body.data.id);
    await call(manager1, 'POST', `/appointments/${r.body.data.id}/complete`);
    expect((await statusOf(e)).status).toBe('used');
    expect(
      (await call(manager1, 'POST', '/appointments', { kind: 'after-sale', entitlementId: e, startAt: at(futureDay(33), '14:00') })).status,
    ).toBe(409);
  });

  it('frees the entitlement on cancel and on no-show', async () => {
    const e = await entitlement(-10, 50);
    const a = (await call(manager1, 'POST', '/appointments', { kind: 'after-sale', entitlementId: e, startAt: at(futureDay(33), '10:00') }))
      .body.data as Appointment;
    await call(manager1, 'POST', `/appointments/${a.id}/cancel`, { reason: '改天' });
    expect(await statusOf(e)).toEqual({ status: 'available', appointment_id: null });
    const b = (await call(manager1, 'POST', '/appointments', { kind: 'after-sale', entitlementId: e, startAt: at(futureDay(33), '12:00') }))
      .body.data as Appointment;
    await query(t, `update appointments set start_at = now() - interval '2 hours', end_at = now() - interval '1 hour' where id = $1`, [
      b.id,
    ]);
    await call(manager1, 'POST', `/appointments/${b.id}/no-show`);
    expect((await statusOf(e)).status).toBe('available');
  });

  it('needs an override reason outside the window, keeps it and shows it', async () => {
    const e = await entitlement(-90, -2);
    expect((await call(manager1, 'GET', `/entitlements?id=${e}`)).body.data[0].status).toBe('expired');
    const startAt = at(futureDay(34), '10:00');
    const refused = await call(manager1, 'POST', '/appointments', { kind: 'after-sale', entitlementId: e, startAt });
    expect(invalidFields(refused)).toEqual(['overrideReason']);
    const r = await call(manager1, 'POST', '/appointments', {
      kind: 'after-sale',
      entitlementId: e,
      startAt,
      overrideReason: '客户出差，店长同意延期',
    });
    expect(r.body.data.overrideReason).toBe('客户出差，店长同意延期');
    expect(((await call(manager1, 'GET', `/appointments/${r.body.data.id}`)).body.data as AppointmentDetail).history[0].summary).toContain(
      '客户出差',
    );
  });

  it('refuses a window move without a reason on reschedule, another customer’s or shop’s entitlement, and a different program', async () => {
    const e = await entitlement(-5, 30);
    const a = (await call(manager1, 'POST', '/appointments', { kind: 'after-sale', entitlementId: e, startAt: at(futureDay(20), '18:00') }))
      .body.data as Appointment;
    expect(invalidFields(await call(manager1, 'PATCH', `/appointments/${a.id}`, { startAt: at(futureDay(40), '18:00') }))).toEqual([
      'overrideReason',
    ]);
    expect(
      (await call(manager1, 'PATCH', `/appointments/${a.id}`, { startAt: at(futureDay(40), '18:00'), overrideReason: '顾客要求' })).body
        .data.overrideReason,
    ).toBe('顾客要求');
    const other = await entitlement(-5, 30);
    const [stranger] = await query<{ id: number }>(t, 'select id from customers where shop_id = $1 order by id desc limit 1', [shop1]);
    expect(
      invalidFields(
        await call(manager1, 'POST', '/appointments', {
          kind: 'after-sale',
          entitlementId: other,
          customerId: stranger.id,
          startAt: at(futureDay(35), '10:00'),
        }),
      ),
    ).toEqual(['entitlementId']);
    expect(
      invalidFields(
        await call(manager3, 'POST', '/appointments', { kind: 'after-sale', entitlementId: other, startAt: at(futureDay(35), '10:00') }),
      ),
    ).toEqual(['entitlementId']);
    expect(
      invalidFields(
        await call(manager1, 'POST', '/appointments', {
          kind: 'after-sale',
          entitlementId: other,
          programId: offShelf,
          startAt: at(futureDay(35), '10:00'),
        }),
      ),
    ).toEqual(['programId']);
    expect(
      invalidFields(await call(manager1, 'POST', '/appointments', { kind: 'after-sale', startAt: at(futureDay(35), '10:00') })),
    ).toEqual(['entitlementId']);
  });

  it('lists entitlements by status and search, scoped to the shop', async () => {
    const [c] = await query<{ id: number; phone: string; name: string }>(
      t,
      'select id, phone, name from customers where shop_id = $1 order by id desc limit 1 offset 3',
      [shop1],
    );
    const e = await entitlement(-1, 10, c.id);
    const found = await call(manager1, 'GET', `/entitlements?q=${c.phone.slice(-4)}&status=available`);
    expect((found.body.data as Entitlement[]).map((x) => x.id)).toContain(e);
    expect((await call(manager3, 'GET', `/entitlements?id=${e}`)).body.data).toEqual([]);
    expect((await call(admin, 'GET', `/entitlements?id=${e}`)).body.data).toHaveLength(1);
    expect(invalidFields(await call(manager1, 'GET', '/entitlements?status=lost'))).toEqual(['status']);
  });
});

describe('appointments: who may do what', () => {
  it('answers 404 to another shop’s manager on every call', async () => {
    const a = await booked({ staffId: artistA, startAt: at(futureDay(36), '10:00') });
    const missing = { code: 40400, msg: '预约不存在', data: null };
    expect((await call(manager3, 'GET', `/appointments/${a.id}`)).body).toEqual(missing);
    expect((await call(manager3, 'PATCH', `/appointments/${a.id}`, { note: 'x' })).body).toEqual(missing);
    for (const action of APPOINTMENT_ACTIONS) {
      expect(
        (await call(manager3, 'POST', `/appointments/${a.id}/${action}`, action === 'cancel' ? { reason: 'x' } : undefined)).body,
      ).toEqual(missing);
    }
    expect((await call(manager3, 'GET', `/appointments?id=${a.id}`)).body.data).toEqual([]);
    expect((await call(manager3, 'GET', `/appointments?customerId=${a.customerId}`)).body.data).toEqual([]);
  });

  it('lets admin and finance read every shop’s appointments and write none', async () => {
    const a = await booked({ staffId: artistB, startAt: at(futureDay(36), '12:00') });
    for (const token of [admin, finance]) {
      expect((await call(token, 'GET', `/appointments/${a.id}`)).body.data.id).toBe(a.id);
      expect((await call(token, 'GET', `/appointments?id=${a.id}`)).total).toBe(1);
      expect(
        (
          await call(token, 'POST', '/appointments', {
            customerId: a.customerId,
            programId: onShelf.id,
            startAt: at(futureDay(37), '12:00'),
          })
        ).status,
      ).toBe(403);
      expect((await call(token, 'PATCH', `/appointments/${a.id}`, { note: 'x' })).status).toBe(403);
      for (const action of APPOINTMENT_ACTIONS)
        expect((await call(token, 'POST', `/appointments/${a.id}/${action}`, { reason: 'x' })).status).toBe(403);
    }
    expect((await call(undefined, 'GET', '/appointments')).status).toBe(401);
  });
});

describe('appointments: the list', () => {
  it('answers the rows overlapping from..to, up to 5,000 a page for a range of at most 31 days', async () => {
    const day = futureDay(38);
    const a = await booked({ staffId: artistA, startAt: at(day, '10:00') });
    const week = await call(
      manager1,
      'GET',
      `/appointments?from=${encodeURIComponent(at(day, '10:30'))}&to=${encodeURIComponent(at(day, '11:00'))}&_start=0&_end=5000`,
    );
    expect(week.status).toBe(200);
    expect((week.body.data as Appointment[]).map((x) => x.id)).toEqual([a.id]);
    expect((await call(manager1, 'GET', `/appointments?from=${day}&to=${day}T10:00:00%2B08:00`)).body.data).toEqual([]);
    expect(invalidFields(await call(manager1, 'GET', `/appointments?from=${futureDay(0)}&to=${futureDay(40)}`))).toEqual(['to']);
    expect(invalidFields(await call(manager1, 'GET', '/appointments?_start=0&_end=1000'))).toEqual(['_end']);
    expect(invalidFields(await call(manager1, 'GET', '/appointments?from=yesterday'))).toEqual(['from']);
    expect(invalidFields(await call(manager1, 'GET', '/appointments?status=lost'))).toEqual(['status']);
  });

  it('answers the board its fields by column with _view=calendar: the same rows, order and total as the full list', async () => {
    const day = futureDay(42);
    const first = await booked({ staffId: artistA, startAt: at(day, '11:00') });
    const second = await booked({ staffId: artistB, startAt: at(day, '11:00'), durationMinutes: 90 });
    // A walk-in's start need not be on the grid: the calendar keeps its milliseconds.
    const third = await booked({ staffId: null, startAt: `${day}T10:00:07.250+08:00` });
    const nextDay = await booked({ staffId: artistA, startAt: at(futureDay(43), '10:00') });
    const range = `from=${encodeURIComponent(at(day, '00:00'))}&to=${encodeURIComponent(at(futureDay(43), '00:00'))}&_sort=startAt&_order=asc`;
    const full = await call(manager1, 'GET', `/appointments?${range}&_start=0&_end=5000`);
    const calendar = await call(manager1, 'GET', `/appointments?${range}&_start=0&_end=5000&_view=calendar`);
    expect(calendar.status).toBe(200);
    expect(calendar.body).toMatchObject({ code: 0, msg: 'ok' });
    const page = calendar.body.data as AppointmentCalendar;
    expect(Object.keys(page).sort()).toEqual(Object.keys(appointmentCalendarSchema.shape).sort());
    expect(appointmentCalendarSchema.parse(page)).toEqual(page);
    // Ties on the start time come newest first, as in every list; the next day's booking is outside the range.
    expect(page.id).toEqual([third.id, second.id, first.id]);
    expect(page.id).not.toContain(nextDay.id);
    expect(calendar.total).toBe(3);
    expect(calendar.total).toBe(full.total);
    expect(page).toEqual(calendarOf(full.body.data as Appointment[]));
    const rows = calendarRows(page);
    expect(rows.map((r) => new Date(r.start).toISOString())).toEqual([third.startAt, second.startAt, first.startAt]);
    expect(rows.map((r) => new Date(r.start + r.durationMinutes * 60_000).toISOString())).toEqual([third.endAt, second.endAt, first.endAt]);
    expect(rows[0]).toMatchObject({
      staffId: null,
      staffName: '',
      status: 'booked',
      customerName: third.customerName,
      programName: third.programName,
    });
    expect(rows[1]).toMatchObject({ staffId: artistB, staffName: second.staffName, durationMinutes: 90 });
  });

  it('pages the calendar view as every list: a full page and one past the end still tell the total; scoped by shop', async () => {
    const day = futureDay(44);
    const made: Appointment[] = [];
    for (const clock of ['10:00', '11:00', '12:00']) made.push(await booked({ staffId: artistA, startAt: at(day, clock) }));
    const range = `from=${encodeURIComponent(at(day, '00:00'))}&to=${encodeURIComponent(at(futureDay(45), '00:00'))}&_sort=startAt&_order=asc&_view=calendar`;
    const first = await call(manager1, 'GET', `/appointments?${range}&_start=0&_end=1`);
    expect([first.body.data.id, first.total]).toEqual([[made[0].id], 3]);
    const second = await call(manager1, 'GET', `/appointments?${range}&_start=1&_end=3`);
    expect([second.body.data.id, second.total]).toEqual([[made[1].id, made[2].id], 3]);
    const empty = Object.fromEntries(Object.keys(appointmentCalendarSchema.shape).map((k) => [k, []]));
    const past = await call(manager1, 'GET', `/appointments?${range}&_start=10&_end=20`);
    expect([past.body.data, past.total]).toEqual([empty, 3]);
    // Another shop's manager sees none of them; admin and finance see them.
    const none = await call(manager3, 'GET', `/appointments?${range}&_start=0&_end=5000`);
    expect([none.body.data, none.total]).toEqual([empty, 0]);
    for (const token of [admin, finance])
      expect((await call(token, 'GET', `/appointments?id=${made[1].id}&_view=calendar`)).body.data.id).toEqual([made[1].id]);
  });

  it('refuses a _view it does not know, and checks the other parameters as before', async () => {
    expect(invalidFields(await call(manager1, 'GET', '/appointments?_view=week'))).toEqual(['_view']);
    expect(invalidFields(await call(manager1, 'GET', '/appointments?_view=calendar&_view=calendar'))).toEqual(['_view']);
    expect(invalidFields(await call(manager1, 'GET', '/appointments?_view=calendar&status=lost'))).toEqual(['status']);
    expect(invalidFields(await call(manager1, 'GET', '/appointments?_view=calendar&color=red'))).toEqual(['color']);
    expect(invalidFields(await call(manager1, 'GET', '/appointments?_view=calendar&__proto__=x'))).toEqual(['__proto__']);
  });

  it('filters by staff, status, kind, customer and searches name or last four digits', async () => {
    const a = await booked({ staffId: artistB, startAt: at(futureDay(39), '10:00') });
    const [c] = await query<{ phone: string; name: string }>(t, 'select phone, name from customers where id = $1', [a.customerId]);
    const ids = async (qs: string) =>
      ((await call(manager1, 'GET', `/appointments?${qs}&_end=200`)).body.data as Appointment[]).map((x) => x.id);
    expect(await ids(`staffId=${artistB}&status=booked&kind=new-customer&customerId=${a.customerId}`)).toContain(a.id);
    expect(await ids(`q=${c.phone.slice(-4)}`)).toContain(a.id);
    expect(await ids(`q=${encodeURIComponent(c.name)}`)).toContain(a.id);
    expect(await ids(`staffId=${artistA}&customerId=${a.customerId}`)).not.toContain(a.id);
  });
});

describe('appointments: reminders', () => {
  it('sends each due reminder exactly once while two workers run at the same time', async () => {
    await booked({ staffId: artistA, startAt: at(futureDay(41), '10:00') });
    // A reminder of an appointment that is no longer active (completed early, say) is dropped, not sent.
    const [{ n: pending }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from reminder_jobs j join appointments a on a.id = j.appointment_id where j.status = 'pending' and
        a.status in ('booked', 'confirmed', 'arrived')`,
    );
    expect(pending).toBeGreaterThan(0);
    const later = new Date(Date.now() + 60 * DAY);
    const worker = async () => {
      let total = 0;
      for (let sent = -1; sent !== 0; total += sent) sent = await sendDueReminders(t.database.db, t.app.sms!, later);
      return total;
    };
    t.reminders.length = 0;
    const [one, two] = await Promise.all([worker(), worker()]);
    expect(one + two).toBe(pending);
    expect(t.reminders).toHaveLength(pending);
    const [{ n: left }] = await query<{ n: number }>(t, `select count(*)::int as n from reminder_jobs where status = 'pending'`);
    expect(left).toBe(0);
    expect(t.reminders[0].text).toMatch(/^【美颜坊】.+您好，您预约的「.+」在 \d+月\d+日 \d\d:\d\d/);
  });
});
