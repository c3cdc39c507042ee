import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { poolOf, type Db, type DbOrTx, type Tx } from '../db/client';
import { appointments, orders } from '../db/schema';
import { auditInsert } from '../audit/audit';
import { conflict, invalid } from '../http/errors';
import { actingShop, type Actor } from '../auth/actor';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { APPOINTMENT_STATUS_LABELS, BILLABLE_APPOINTMENT_STATUSES, type AppointmentStatus } from '../../contract/appointment';
import { ORDER_FIELD_LABELS as L, WALK_IN_CUSTOMER_NAME, type Order, type orderCreateSchema } from '../../contract/order';
import { fenToYuan } from '../../contract/money';
import { priceOrder } from './pricing';
import type { PricedCardPlan, PricedLineInput, PricedProgram } from '../../contract/orderPricing';
import { checkRedemptions } from '../cards/redemption';
import { drawOrderNo } from './orderNo';
import { actingShopName, orderView, type OrderRow } from './orderRow';
import { lookedUpRecently } from '../customers/lookup';
import { refuseBlockedServiceLines } from '../serviceRecords/completion';

export type OrderCreateInput = z.output<typeof orderCreateSchema>;

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);
const CUSTOMER_MISSING = () => fieldError('customerId', '客户不存在');

type Customer = { id: number; name: string; phone: string; vip: boolean; shopId: number };
type ProgramRow = PricedProgram & { status: string };
type PlanRow = PricedCardPlan & { status: string };
type StaffRow = { id: number; name: string; status: string };

/** What an order names, as it is now: its customer (null when none or missing), its lines' programs and card plans, its shares' staff of the shop. */
interface NamedRecords {
  customer: Customer | null;
  programs: ProgramRow[];
  plans: PlanRow[];
  staff: StaffRow[];
}

/**
 * The records an order names, in one statement (a create is run by every cashier all day: each round
 * trip costs the server and PostgreSQL their CPU, docs/performance.md); one text whatever the
 * number of lines, so it is one prepared statement. Checked by the functions below.
 */
async function namedRecords(db: Db, shopId: number, input: OrderCreateInput): Promise<NamedRecords> {
  const ids = (pick: (l: OrderCreateInput['lines'][number]) => number | undefined) => input.lines.flatMap((l) => pick(l) ?? []);
  const { rows } = await poolOf(db).query<NamedRecords>({
    name: 'order_named_records',
    text: `select
      (select json_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'vip', c.vip, 'shopId', c.shop_id)
         from customers c where c.id = $1) as customer,
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'type', p.type, 'priceFen', p.price_fen,
                                                  'vipPriceFen', p.vip_price_fen, 'status', p.status)), '[]')
         from programs p where p.id = any($2::int[])) as programs,
      (select coalesce(json_agg(json_build_object('id', k.id, 'name', k.name, 'kind', k.kind, 'priceFen', k.price_fen, 'status', k.status)), '[]')
         from card_plans k where k.id = any($3::int[])) as plans,
      (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'status', s.status)), '[]')
         from staff s where s.shop_id = $4 and s.id = any($5::int[])) as staff`,
    values: [input.customerId, ids((l) => l.programId), ids((l) => l.cardPlanId), shopId, input.staffShares.map((x) => x.staffId)],
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
  c: Customer | null,
  customerId: number | null,
  appointmentCustomerId: number | null,
) {
  if (customerId === null) return { id: null, name: WALK_IN_CUSTOMER_NAME, phone: '', vip: false };
  if (!c) throw CUSTOMER_MISSING();
  if (c.shopId === shopId || c.id === appointmentCustomerId) return c;
  if (!(await lookedUpRecently(tx, actor.session.accountId, c.id))) throw CUSTOMER_MISSING();
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

/** The programs of the service lines, on shelf. */
function linePrograms(input: OrderCreateInput, found: ProgramRow[]): Map<number, PricedProgram> {
  input.lines.forEach((l, i) => {
    if (l.programId === undefined) return;
    const p = found.find((x) => x.id === l.programId);
    if (!p) throw fieldError(`lines.${i}.programId`, `${L.programId}不存在`);
    // A package session redeems what was sold, even if the program has since left the shelf.
    if (p.status !== 'on' && l.cardId === undefined)
      throw fieldError(`lines.${i}.programId`, `${L.programId}「${p.name}」已下架，不能收银`);
  });
  return new Map(found.map((p) => [p.id, p]));
}

/** The card plans of the card lines, on shelf. */
function linePlans(input: OrderCreateInput, found: PlanRow[]): Map<number, PricedCardPlan> {
  input.lines.forEach((l, i) => {
    if (l.cardPlanId === undefined) return;
    const p = found.find((x) => x.id === l.cardPlanId);
    if (!p) throw fieldError(`lines.${i}.cardPlanId`, `${L.cardPlanId}不存在`);
    if (p.status !== 'on') throw fieldError(`lines.${i}.cardPlanId`, `${L.cardPlanId}「${p.name}」已下架，不能出售`);
  });
  return new Map(found.map((p) => [p.id, p]));
}

/** The lines as priced: each with its program or card plan. */
function pricedLines(input: OrderCreateInput, programsById: Map<number, PricedProgram>, plansById: Map<number, PricedCardPlan>) {
  return input.lines.map((l): PricedLineInput =>
    l.cardPlanId !== undefined
      ? { plan: plansById.get(l.cardPlanId)! }
      : { program: programsById.get(l.programId!)!, quantity: l.quantity, discountFen: l.discountFen, cardId: l.cardId },
  );
}

/** The staff sharing the order: each an active member of the shop. */
function sharesOf(input: OrderCreateInput, found: StaffRow[]) {
  return input.staffShares.map((s, i) => {
    const m = found.find((x) => x.id === s.staffId);
    if (!m) throw fieldError(`staffShares.${i}.staffId`, `${L.staffId}不存在`);
    if (m.status !== 'active') throw fieldError(`staffShares.${i}.staffId`, `${L.staffId}「${m.name}」已离职`);
    return { staffId: m.id, staffName: m.name, shareBp: s.shareBp };
  });
}

/** An order as checked and priced before it is written, with its drawn number and id. */
export type OrderDraft = OrderRow;

/**
 * POST orders, its reads and checks: prices every line from the program and the customer (whatever
 * the client thinks the prices are), checks discounts, staff and appointment, and draws the day's
 * order number. The order belongs to the session's shop, whoever's customer it is for.
 *
 * Runs before the create's transaction (writeOrder), so the number is drawn in a transaction of its
 * own (server/orders/orderNo.ts) and a shop's cashiers never wait for each other's commits.
 */
export async function draftOrder(db: Db, actor: Actor, input: OrderCreateInput, now = Date.now()): Promise<OrderDraft> {
  const shopId = actingShop(actor);
  const appointment = await billableAppointment(db, shopId, input.appointmentId);
  if (appointment && input.customerId !== appointment.customerId) throw fieldError('customerId', '客户须与预约的客户一致');
  await refuseBlockedServiceLines(db, input.appointmentId);
  const named = await namedRecords(db, shopId, input);
  const customer = await customerOf(db, actor, shopId, named.customer, input.customerId, appointment?.customerId ?? null);
  const sellsCard = input.lines.some((l) => l.cardPlanId !== undefined);
  if (sellsCard && customer.id === null) throw fieldError('customerId', '售卡须选择客户，散客不能购卡');
  const redeems = input.lines.some((l) => l.cardId !== undefined);
  if (redeems && customer.id === null) throw fieldError('customerId', '次卡核销须选择持卡客户');
  const priced = priceOrder(
    pricedLines(input, linePrograms(input, named.programs), linePlans(input, named.plans)),
    input.discountFen,
    customer.vip,
  );
  if (redeems) await checkRedemptions(db, customer.id!, input.lines, now);
  // An order of redeemed sessions only is paid with no payment; anything else with 0 to pay is a mistake.
  if (priced.payableFen === 0 && !redeems) throw fieldError('discountFen', `${L.payableFen}为 0，无需收银`);
  const staffShares = sharesOf(input, named.staff);
  const { orderNo, id } = await drawOrderNo(db, shopId, shanghaiDayOf(now));
  const at = new Date(now).toISOString();
  return {
    id,
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
    businessDay: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** POST orders, its writes: the order drafted by draftOrder and its audit row, in one statement of the create's transaction. */
export async function writeOrder(tx: Tx, actor: Actor, draft: OrderDraft): Promise<Order> {
  const audited = tx.$with('audited').as(
    auditInsert(tx, actor, {
      action: 'create',
      entity: 'order',
      entityId: draft.id,
      summary: `开单 ${draft.orderNo} ${draft.customerName} 应收 ${fenToYuan(draft.payableFen)} 元`,
    }),
  );
  const [row] = await tx.with(audited).insert(orders).values(draft).returning().prepare('order_insert').execute();
  return orderView(row, actingShopName(actor));
}
