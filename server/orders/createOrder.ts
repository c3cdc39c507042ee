import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { appointments, auditLogs, customers, orders, programs, staff } from '../db/schema';
import { auditRow } from '../audit/audit';
import { writeTogether } from '../db/writeTogether';
import { runShaped, shapedStatement, valueAt, valuesAt } from '../db/shapedStatement';
import { conflict, invalid } from '../http/errors';
import { actingShop, type Actor } from '../auth/actor';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { APPOINTMENT_STATUS_LABELS, BILLABLE_APPOINTMENT_STATUSES, type AppointmentStatus } from '../../contract/appointment';
import { ORDER_FIELD_LABELS as L, WALK_IN_CUSTOMER_NAME, type Order, type orderCreateSchema } from '../../contract/order';
import { fenToYuan } from '../../contract/money';
import { priceOrder, type PricedProgram } from './pricing';
import { nextOrderNo } from './orderNo';
import { actingShopName, orderView, type OrderRow } from './orderRow';
import { CUSTOMER_LOOKUP_ACTION } from '../customers/lookup';
import type { KeyInStatement } from '../idempotency/idempotency';

export type OrderCreateInput = z.output<typeof orderCreateSchema>;

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);
const CUSTOMER_MISSING = () => fieldError('customerId', '客户不存在');
/** How long a customer of another shop found by phone at this account's counter may be billed. */
const LOOKUP_VALID_HOURS = 24;

/**
 * What the order is made of, read in one round trip: the customer, the lines' programs, the shares'
 * staff, the id the order will get, and the key's stored answer.
 */
type Materials = {
  id: number;
  customer: { id: number; name: string; phone: string; vip: boolean; shopId: number } | null;
  programs: (PricedProgram & { status: string })[];
  staff: { id: number; name: string; status: string }[];
  stored: unknown;
};

async function materialsOf(db: Db, shopId: number, input: OrderCreateInput, key: KeyInStatement<Order>): Promise<Materials> {
  const statement = shapedStatement(
    `order.materials.${key.shape}`,
    () => sql`
    select nextval(pg_get_serial_sequence('orders', 'id'))::int as id,
      (select json_build_object('id', ${customers.id}, 'name', ${customers.name}, 'phone', ${customers.phone}, 'vip', ${customers.vip},
        'shopId', ${customers.shopId})
         from ${customers} where ${customers.id} = ${valueAt('customerId')}) as customer,
      (select coalesce(json_agg(json_build_object('id', ${programs.id}, 'name', ${programs.name}, 'type', ${programs.type}, 'priceFen',
        ${programs.priceFen}, 'vipPriceFen', ${programs.vipPriceFen}, 'status', ${programs.status})), '[]')
         from ${programs} where ${programs.id} = any(${valueAt('programIds')}::int[])) as programs,
      (select coalesce(json_agg(json_build_object('id', ${staff.id}, 'name', ${staff.name}, 'status', ${staff.status})), '[]')
         from ${staff} where ${staff.shopId} = ${valueAt('shopId')} and ${staff.id} = any(${valueAt('staffIds')}::int[])) as staff,
      ${key.stored} as stored`,
  );
  const rows = await runShaped<Materials>(db, statement, {
    shopId,
    customerId: input.customerId,
    programIds: input.lines.map((l) => l.programId),
    staffIds: input.staffShares.map((s) => s.staffId),
    key: key.values(),
  });
  return rows[0];
}

/**
 * Whom the order is for. A customer of the shop, the customer of the arrived appointment, or a chain
 * customer of another shop whom this account found by the full phone (GET customers/lookup, audited)
 * in the last day: an id alone never reveals another shop's customer.
 */
async function customerOf(
  tx: DbOrTx,
  actor: Actor,
  shopId: number,
  c: Materials['customer'],
  customerId: number | null,
  appointmentCustomerId: number | null,
) {
  if (customerId === null) return { id: null, name: WALK_IN_CUSTOMER_NAME, phone: '', vip: false };
  if (!c) throw CUSTOMER_MISSING();
  if (c.shopId === shopId || c.id === appointmentCustomerId) return c;
  const [found] = await tx
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entity, 'customer'),
        eq(auditLogs.entityId, String(c.id)),
        eq(auditLogs.action, CUSTOMER_LOOKUP_ACTION),
        eq(auditLogs.accountId, actor.session.accountId),
        gt(auditLogs.createdAt, sql`now() - make_interval(hours => ${LOOKUP_VALID_HOURS}::int)`),
      ),
    )
    .limit(1);
  if (!found) throw CUSTOMER_MISSING();
  return c;
}

/**
 * The visit the order checks out: of this shop, arrived or already completed (served before paying),
 * not already on another live order.
 */
async function billableAppointment(tx: DbOrTx, shopId: number, appointmentId: number | null) {
  if (appointmentId === null) return null;
  const [a] = await tx
    .select({ id: appointments.id, status: appointments.status, customerId: appointments.customerId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.shopId, shopId)));
  if (!a) throw fieldError('appointmentId', '预约不存在');
  if (!(BILLABLE_APPOINTMENT_STATUSES as readonly string[]).includes(a.status))
    throw conflict(`预约${APPOINTMENT_STATUS_LABELS[a.status as AppointmentStatus]}，只有已到店或已完成未结账的预约可以收银`);
  const [other] = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.appointmentId, a.id), ne(orders.status, 'cancelled')));
  if (other) throw conflict(`该预约已有订单 ${other.orderNo}`);
  return a;
}

/** The programs of the lines, on shelf, in the lines' order. */
function linePrograms(found: Materials['programs'], input: OrderCreateInput): PricedProgram[] {
  return input.lines.map((l, i) => {
    const p = found.find((x) => x.id === l.programId);
    if (!p) throw fieldError(`lines.${i}.programId`, `${L.programId}不存在`);
    if (p.status !== 'on') throw fieldError(`lines.${i}.programId`, `${L.programId}「${p.name}」已下架，不能收银`);
    return p;
  });
}

/** The staff sharing the order: each an active member of the shop. */
function sharesOf(found: Materials['staff'], input: OrderCreateInput) {
  return input.staffShares.map((s, i) => {
    const m = found.find((x) => x.id === s.staffId);
    if (!m) throw fieldError(`staffShares.${i}.staffId`, `${L.staffId}不存在`);
    if (m.status !== 'active') throw fieldError(`staffShares.${i}.staffId`, `${L.staffId}「${m.name}」已离职`);
    return { staffId: m.id, staffName: m.name, shareBp: s.shareBp };
  });
}

/**
 * POST orders: prices every line from the program and the customer (whatever the client thinks the
 * prices are), checks discounts, staff and appointment, and draws the day's order number. The order
 * belongs to the session's shop, whoever's customer it is for.
 *
 * Round trips and lock waits are what a create costs (bench/README.md), so it runs in three shaped
 * statements (made once, each call binding its values) and no transaction: everything is read in one (with the key's stored answer), the
 * number is drawn in its own, and the order, its audit row and the key's answer are written in the
 * third, all or nothing. The row is built here whole (its id drawn with the reads), so the answer
 * needs no read back.
 */
export async function createOrder(
  db: Db,
  actor: Actor,
  input: OrderCreateInput,
  key: KeyInStatement<Order>,
  now = Date.now(),
): Promise<Order> {
  const shopId = actingShop(actor);
  // The key first: a retry of a create that checked out an appointment finds the appointment taken by its own order.
  const found = await materialsOf(db, shopId, input, key);
  key.replayIfAnswered(found.stored);
  const appointment = await billableAppointment(db, shopId, input.appointmentId);
  if (appointment && input.customerId !== appointment.customerId) throw fieldError('customerId', '客户须与预约的客户一致');
  const customer = await customerOf(db, actor, shopId, found.customer, input.customerId, appointment?.customerId ?? null);
  const lines = linePrograms(found.programs, input);
  const priced = priceOrder(
    input.lines.map((l, i) => ({ program: lines[i], quantity: l.quantity, discountFen: l.discountFen })),
    input.discountFen,
    customer.vip,
  );
  if (priced.payableFen === 0) throw fieldError('discountFen', `${L.payableFen}为 0，无需收银`);
  const staffShares = sharesOf(found.staff, input);
  const orderNo = await nextOrderNo(db, shopId, shanghaiDayOf(now));
  const at = new Date(now).toISOString();
  const row: OrderRow = {
    id: found.id,
    orderNo,
    shopId,
    customerId: customer.id,
    customerName: customer.name,
    customerPhone: customer.phone,
    customerVip: customer.vip,
    appointmentId: appointment?.id ?? null,
    status: 'unpaid',
    ...priced,
    payments: [],
    paidFen: 0,
    refundedFen: 0,
    staffShares,
    note: input.note,
    cancelReason: '',
    createdBy: actor.session.accountId,
    createdByName: actor.session.accountName.slice(0, 30),
    paidAt: null,
    createdAt: at,
    updatedAt: at,
  };
  const order = orderView(row, actingShopName(actor));
  const values = {
    order: row,
    audit: auditRow(actor, {
      action: 'create',
      entity: 'order',
      entityId: row.id,
      summary: `开单 ${orderNo} ${customer.name} 应收 ${fenToYuan(priced.payableFen)} 元`,
    }),
    key: key.values(order),
  };
  const write = shapedStatement(`order.create.${key.shape}`, () =>
    writeTogether({
      order: db.insert(orders).values(valuesAt('order', values.order)),
      audit: db.insert(auditLogs).values(valuesAt('audit', values.audit)),
      key: key.keep,
    }),
  );
  await runShaped(db, write, values);
  return order;
}
