import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { appointments, auditLogs, customers, orders, programs, staff } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid } from '../http/errors';
import { actingShop, type Actor } from '../appointments/actor';
import { shanghaiDayOf } from '../appointments/shanghaiTime';
import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '../../contract/appointment';
import { ORDER_FIELD_LABELS as L, WALK_IN_CUSTOMER_NAME, type Order, type orderCreateSchema } from '../../contract/order';
import { fenToYuan } from '../../src/components/money/money';
import { priceOrder, type PricedProgram } from './pricing';
import { nextOrderNo } from './orderNo';
import { actingShopName, orderView } from './orderRow';
import { CUSTOMER_LOOKUP_ACTION } from '../customers/lookup';

export type OrderCreateInput = z.output<typeof orderCreateSchema>;

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);
const CUSTOMER_MISSING = () => fieldError('customerId', '客户不存在');
/** How long a customer of another shop found by phone at this account's counter may be billed. */
const LOOKUP_VALID_HOURS = 24;

/**
 * Whom the order is for. A customer of the shop, the customer of the arrived appointment, or a chain
 * customer of another shop whom this account found by the full phone (GET customers/lookup, audited)
 * in the last day: an id alone never reveals another shop's customer.
 */
async function customerOf(tx: DbOrTx, actor: Actor, shopId: number, customerId: number | null, appointmentCustomerId: number | null) {
  if (customerId === null) return { id: null, name: WALK_IN_CUSTOMER_NAME, phone: '', vip: false };
  const [c] = await tx.select({ id: customers.id, name: customers.name, phone: customers.phone, vip: customers.vip, shopId: customers.shopId }).from(customers).where(eq(customers.id, customerId));
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

/** The arrived appointment the order checks out: of this shop, arrived, not already on another live order. */
async function arrivedAppointment(tx: DbOrTx, shopId: number, appointmentId: number | null) {
  if (appointmentId === null) return null;
  const [a] = await tx
    .select({ id: appointments.id, status: appointments.status, customerId: appointments.customerId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.shopId, shopId)));
  if (!a) throw fieldError('appointmentId', '预约不存在');
  if (a.status !== 'arrived') throw conflict(`预约${APPOINTMENT_STATUS_LABELS[a.status as AppointmentStatus]}，只有已到店的预约可以收银`);
  const [other] = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.appointmentId, a.id), ne(orders.status, 'cancelled')));
  if (other) throw conflict(`该预约已有订单 ${other.orderNo}`);
  return a;
}

/** The programs of the lines, on shelf, by id. */
async function programsOf(tx: DbOrTx, input: OrderCreateInput): Promise<PricedProgram[]> {
  const ids = [...new Set(input.lines.map((l) => l.programId))];
  const found = await tx.select().from(programs).where(inArray(programs.id, ids));
  return input.lines.map((l, i) => {
    const p = found.find((x) => x.id === l.programId);
    if (!p) throw fieldError(`lines.${i}.programId`, `${L.programId}不存在`);
    if (p.status !== 'on') throw fieldError(`lines.${i}.programId`, `${L.programId}「${p.name}」已下架，不能收银`);
    return p;
  });
}

/** The staff sharing the order: each an active member of the shop. */
async function sharesOf(tx: DbOrTx, shopId: number, input: OrderCreateInput) {
  const found = await tx
    .select({ id: staff.id, name: staff.name, status: staff.status })
    .from(staff)
    .where(and(eq(staff.shopId, shopId), inArray(staff.id, input.staffShares.map((s) => s.staffId))));
  return input.staffShares.map((s, i) => {
    const m = found.find((x) => x.id === s.staffId);
    if (!m) throw fieldError(`staffShares.${i}.staffId`, `${L.staffId}不存在`);
    if (m.status !== 'active') throw fieldError(`staffShares.${i}.staffId`, `${L.staffId}「${m.name}」已离职`);
    return { staffId: m.id, staffName: m.name, shareBp: s.shareBp };
  });
}

/**
 * POST orders, inside the caller's transaction: prices every line from the program and the customer
 * (whatever the client thinks the prices are), checks discounts, staff and appointment, and draws
 * the day's order number. The order belongs to the session's shop, whoever's customer it is for.
 */
export async function createOrder(tx: DbOrTx, actor: Actor, input: OrderCreateInput, now = Date.now()): Promise<Order> {
  const shopId = actingShop(actor);
  const appointment = await arrivedAppointment(tx, shopId, input.appointmentId);
  if (appointment && input.customerId !== appointment.customerId) throw fieldError('customerId', '客户须与预约的客户一致');
  const customer = await customerOf(tx, actor, shopId, input.customerId, appointment?.customerId ?? null);
  const lines = await programsOf(tx, input);
  const priced = priceOrder(
    input.lines.map((l, i) => ({ program: lines[i], quantity: l.quantity, discountFen: l.discountFen })),
    input.discountFen,
    customer.vip,
  );
  if (priced.payableFen === 0) throw fieldError('discountFen', `${L.payableFen}为 0，无需收银`);
  const staffShares = await sharesOf(tx, shopId, input);
  // Last: the number's row lock orders the shop's cashiers until this transaction commits.
  const orderNo = await nextOrderNo(tx, shopId, shanghaiDayOf(now));
  const [row] = await tx
    .insert(orders)
    .values({
      orderNo,
      shopId,
      customerId: customer.id,
      customerName: customer.name,
      customerPhone: customer.phone,
      customerVip: customer.vip,
      appointmentId: appointment?.id ?? null,
      ...priced,
      staffShares,
      note: input.note,
      createdBy: actor.session.accountId,
      createdByName: actor.session.accountName.slice(0, 30),
    })
    .returning();
  await audit(tx, actor, { action: 'create', entity: 'order', entityId: row.id, summary: `开单 ${orderNo} ${customer.name} 应收 ${fenToYuan(priced.payableFen)} 元` });
  return orderView(row, actingShopName(actor));
}
