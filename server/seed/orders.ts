import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appointments, customers, programs, shops, staff, touchUpEntitlements } from '../db/schema';
import { shanghaiDayOf, shanghaiInstant } from '../../contract/shanghaiTime';
import { priceOrder, type PricedProgram } from '../orders/pricing';
import { incomeEntries, orderEntitlements, saleRecords } from '../orders/payOrder';
import { commissionFen, splitByShares } from '../../contract/shareSplit';
import {
  formatOrderNo,
  MONEY_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  WALK_IN_CUSTOMER_NAME,
  programLines,
  type OrderLine,
  type OrderPayment,
  type OrderStaffShare,
  type OrderStatus,
  type PaymentMethod,
} from '../../contract/order';
import { AFTER_SALE_STATUSES, AFTER_SALE_TYPES, type AfterSaleStatus, type AfterSaleType } from '../../contract/afterSale';
import type { LedgerCategory } from '../../contract/ledgerEntry';
import { proposedChannels, refundableByMethod } from '../../contract/refund';
import type { ProgramType } from '../../contract/program';
import { seededRandom, type Random } from './random';
import { insertJson, takeIds } from './bulk';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;
const PAST_DAYS = 90;
/** Performance records younger than this are still waiting for finance; older ones were reviewed. */
const REVIEWED_AFTER_DAYS = 10;
const CANCEL_REASONS = ['客户临时改主意', '价格未谈妥', '开错单', '客户赶时间，下次再做'] as const;
const REFUND_REASONS = ['客户对眉形不满意', '过敏反应，停止后续服务', '重复收款', '项目未做完，退差价'] as const;
const TOUCH_UP_REASONS = ['颜色掉得较快，需要再补一次', '客户出差错过免费补色期', '局部不均匀'] as const;
const COMPLAINT_REASONS = ['等待时间过长', '服务态度', '店内环境嘈杂'] as const;
const REJECT_REASONS = ['超出退款期限', '已完成服务且效果符合约定', '证据不足'] as const;
const EXPENSES: { category: LedgerCategory; dayOfMonth: number; fen: [number, number]; note: string }[] = [
  { category: 'rent', dayOfMonth: 1, fen: [3_800_000, 4_600_000], note: '门店房租' },
  { category: 'salary', dayOfMonth: 10, fen: [6_500_000, 8_200_000], note: '员工工资' },
  { category: 'utilities', dayOfMonth: 15, fen: [180_000, 320_000], note: '水电物业费' },
  { category: 'marketing', dayOfMonth: 20, fen: [150_000, 600_000], note: '美团、抖音推广' },
];

const iso = (t: number) => new Date(t).toISOString();
type Who = { id: number; name: string };

interface PlannedOrder {
  id: number;
  shopId: number;
  customer: { id: number | null; name: string; phone: string; vip: boolean };
  appointmentId: number | null;
  lines: OrderLine[];
  totalFen: number;
  discountFen: number;
  payableFen: number;
  staffShares: OrderStaffShare[];
  status: OrderStatus;
  payments: OrderPayment[];
  createdAt: number;
  paidAt: number | null;
  cancelReason: string;
  refundedFen: number;
  orderNo: string;
}

/** Cash, WeChat and Alipay most days, a card now and then; one order in five split over two methods. */
function paymentsOf(r: Random, payableFen: number): OrderPayment[] {
  const method = () => r.pick<PaymentMethod>(['wechat', 'wechat', 'alipay', 'cash', 'card', ...MONEY_PAYMENT_METHODS]);
  if (payableFen < 200 || !r.chance(0.2)) return [{ method: method(), amountFen: payableFen }];
  const first = Math.round((payableFen * r.int(20, 80)) / 10_000) * 100;
  return first > 0 && first < payableFen
    ? [
        { method: 'cash', amountFen: first },
        { method: r.pick<PaymentMethod>(['wechat', 'alipay']), amountFen: payableFen - first },
      ]
    : [{ method: method(), amountFen: payableFen }];
}

/**
 * Ninety days of the demo shops' checkstand: a paid order for every completed booking (and walk-ins
 * besides), some cancelled, a few unpaid today; their performance records (older ones reviewed),
 * ledger income and the shops' monthly expenses; the touch-up entitlements the appointment seed made
 * linked to the orders that granted them; after-sales of every type and status with approved
 * refunds carried through to the order, the ledger and negative adjustments. Prices, splits and
 * entries come from the cashier's own functions (server/orders/), so every figure agrees. Three
 * bookings of today in each of the first two shops are left arrived, one of a VIP customer, for the
 * cashier to check out. Runs inside seedDemo's transaction with a few bulk inserts.
 */
export async function seedOrders(
  tx: Tx,
  ctx: { shopIds: number[]; managerOf: (shopId: number) => Who; finance: Who },
  now = Date.now(),
): Promise<void> {
  const r = seededRandom(20261124);
  const shopRows = await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, ctx.shopIds));
  const team = await tx
    .select({ id: staff.id, name: staff.name, job: staff.job, shopId: staff.shopId, rate: staff.commissionRateBp })
    .from(staff)
    .where(and(inArray(staff.shopId, ctx.shopIds), eq(staff.status, 'active')));
  const menu = await tx.select().from(programs);
  const people = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone, vip: customers.vip, shopId: customers.shopId })
    .from(customers)
    .where(inArray(customers.shopId, ctx.shopIds));
  const programOf = new Map(menu.map((p) => [p.id, p]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  const rateOf = (id: number) => team.find((m) => m.id === id)?.rate ?? 0;
  const touchUpDaysOf = (id: number) => programOf.get(id)?.touchUpDays ?? 0;
  const facials = menu.filter((p) => p.status === 'on' && p.type === 3);
  const priced = (p: (typeof menu)[number]): PricedProgram => ({
    id: p.id,
    name: p.name,
    type: p.type as ProgramType,
    priceFen: p.priceFen,
    vipPriceFen: p.vipPriceFen,
  });

  const arrived = await leaveArrivedToday(tx, r, ctx.shopIds.slice(0, 2), people, ctx.managerOf, now);
  const done = await tx
    .select({
      id: appointments.id,
      shopId: appointments.shopId,
      customerId: appointments.customerId,
      programId: appointments.programId,
      staffId: appointments.staffId,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
    })
    .from(appointments)
    .where(and(inArray(appointments.shopId, ctx.shopIds), eq(appointments.status, 'completed'), eq(appointments.kind, 'new-customer')));

  const planned: Omit<PlannedOrder, 'id' | 'orderNo'>[] = [];
  const sharesFor = (shopId: number, lead: number | null): OrderStaffShare[] => {
    const members = team.filter((m) => m.shopId === shopId && (m.job === 'tattoo-artist' || m.job === 'beautician'));
    const first = members.find((m) => m.id === lead) ?? r.pick(members);
    const second = r.chance(0.25) ? members.find((m) => m.id !== first.id) : undefined;
    if (!second) return [{ staffId: first.id, staffName: first.name, shareBp: 10_000 }];
    const bp = r.pick([5000, 6000, 7000]);
    return [
      { staffId: first.id, staffName: first.name, shareBp: bp },
      { staffId: second.id, staffName: second.name, shareBp: 10_000 - bp },
    ];
  };
  const plan = (
    shopId: number,
    customer: PlannedOrder['customer'],
    appointmentId: number | null,
    items: (typeof menu)[number][],
    lead: number | null,
    createdAt: number,
    status: OrderStatus,
  ) => {
    const lineDiscount = (p: (typeof menu)[number]) => (r.chance(0.15) ? Math.min(p.priceFen, r.int(1, 10) * 1000) : 0);
    const lines = items.map((p) => ({ program: priced(p), quantity: 1, discountFen: lineDiscount(p) }));
    const sum = lines.reduce((s, l) => s + (customer.vip ? l.program.vipPriceFen : l.program.priceFen) - l.discountFen, 0);
    const orderDiscount = r.chance(0.1) ? Math.min(sum - 100, r.int(1, 5) * 1000) : 0;
    const price = priceOrder(lines, Math.max(orderDiscount, 0), customer.vip);
    if (price.payableFen === 0) return;
    const paid = status !== 'unpaid' && status !== 'cancelled';
    planned.push({
      shopId,
      customer,
      appointmentId,
      ...price,
      staffShares: sharesFor(shopId, lead),
      status,
      payments: paid ? paymentsOf(r, price.payableFen) : [],
      createdAt,
      paidAt: paid ? createdAt + r.int(2, 10) * MIN_MS : null,
      cancelReason: status === 'cancelled' ? r.pick(CANCEL_REASONS) : '',
      refundedFen: 0,
    });
  };

  for (const a of done) {
    if (arrived.has(a.id)) continue;
    const c = personOf.get(a.customerId)!;
    const program = programOf.get(a.programId)!;
    const extra = program.type !== 3 && r.chance(0.2) ? [r.pick(facials)] : [];
    // Paid when the service ends, so the touch-up window the appointment seed opened starts at the payment.
    const paidAt = Date.parse(a.endAt);
    plan(a.shopId, c, a.id, [program, ...extra], a.staffId, paidAt - 5 * MIN_MS, 'paid');
    planned[planned.length - 1].paidAt = paidAt;
  }
  const today = shanghaiDayOf(now);
  for (const shop of shopRows) {
    const clients = people.filter((c) => c.shopId === shop.id);
    for (let d = -PAST_DAYS; d <= 0; d++) {
      const day = shanghaiDayOf(shanghaiInstant(today, '12:00') + d * DAY_MS);
      const at = () => Math.min(shanghaiInstant(day, '11:00') + r.int(0, 9 * 60) * MIN_MS, now - 30 * MIN_MS);
      for (let k = r.int(0, 2); k > 0; k--)
        plan(shop.id, { id: null, name: WALK_IN_CUSTOMER_NAME, phone: '', vip: false }, null, [r.pick(facials)], null, at(), 'paid');
      if (r.chance(0.12)) plan(shop.id, r.pick(clients), null, [r.pick(facials)], null, at(), 'cancelled');
    }
    for (let k = 0; k < 2; k++)
      plan(
        shop.id,
        k ? { id: null, name: WALK_IN_CUSTOMER_NAME, phone: '', vip: false } : r.pick(clients),
        null,
        [r.pick(facials)],
        null,
        now - r.int(5, 90) * MIN_MS,
        'unpaid',
      );
  }

  // Numbers in the order each shop's day took them.
  planned.sort((a, b) => a.createdAt - b.createdAt);
  const ids = await takeIds(tx, 'orders_id_seq', planned.length);
  const sequences = new Map<string, number>();
  const orders: PlannedOrder[] = planned.map((p, i) => {
    const day = shanghaiDayOf(p.createdAt);
    const seq = (sequences.get(`${p.shopId}|${day}`) ?? 0) + 1;
    sequences.set(`${p.shopId}|${day}`, seq);
    return { ...p, id: ids[i], orderNo: formatOrderNo(day, p.shopId, seq) };
  });

  const performance: Record<string, unknown>[] = [];
  const ledger: Record<string, unknown>[] = [];
  const reviewed = (createdAt: number, pendingWithin: number) => {
    if (now - createdAt < pendingWithin * DAY_MS)
      return { status: 'pending', reviewed_by: null, reviewed_by_name: '', reviewed_at: null, reject_reason: '' };
    const rejected = r.chance(0.06);
    return {
      status: rejected ? 'rejected' : 'approved',
      reviewed_by: ctx.finance.id,
      reviewed_by_name: ctx.finance.name,
      reviewed_at: iso(Math.min(createdAt + r.int(1, 4) * DAY_MS, now)),
      reject_reason: rejected ? r.pick(REJECT_REASONS) : '',
    };
  };
  for (const o of orders) {
    if (o.paidAt === null) continue;
    const order = { ...o, customerId: o.customer.id, customerName: o.customer.name };
    for (const rec of saleRecords(order, rateOf))
      performance.push({ ...snake(rec), ...reviewed(o.paidAt, REVIEWED_AFTER_DAYS), created_at: iso(o.paidAt), updated_at: iso(o.paidAt) });
    const who = ctx.managerOf(o.shopId);
    for (const entry of incomeEntries(order, { accountId: who.id, accountName: who.name }, o.paidAt))
      ledger.push({ ...snake(entry), after_sale_id: null, created_at: iso(o.paidAt) });
  }

  const afterSale = await planAfterSales(tx, r, orders, {
    rateOf,
    touchUpDaysOf,
    finance: ctx.finance,
    managerOf: ctx.managerOf,
    performance,
    ledger,
    now,
  });
  const links = await entitlementLinks(tx, orders, touchUpDaysOf);

  for (const shop of shopRows) {
    const who = ctx.managerOf(shop.id);
    for (let d = -PAST_DAYS; d <= 0; d++) {
      const t = shanghaiInstant(today, '12:00') + d * DAY_MS;
      const day = shanghaiDayOf(t);
      const dayOfMonth = Number(day.slice(8));
      const entries = EXPENSES.filter((e) => e.dayOfMonth === dayOfMonth).map((e) => ({
        category: e.category,
        fen: r.int(e.fen[0] / 100, e.fen[1] / 100) * 100,
        note: e.note,
      }));
      // Brow and lip pigments and disposables, bought weekly.
      if (new Date(t).getUTCDay() === 1) entries.push({ category: 'materials', fen: r.int(800, 2600) * 100, note: '色料与一次性耗材' });
      for (const e of entries)
        ledger.push({
          shop_id: shop.id,
          type: 'expense',
          category: e.category,
          amount_fen: e.fen,
          // Pigments are bought over the counter; rent, wages and bills go through the bank.
          method: e.category === 'materials' ? 'cash' : 'card',
          occurred_on: day,
          note: e.note,
          order_id: null,
          after_sale_id: null,
          created_by: who.id,
          created_by_name: who.name,
          created_at: iso(Math.min(shanghaiInstant(day, '18:00'), now)),
        });
    }
  }

  await insertJson(
    tx,
    'orders',
    orders.map((o) => {
      const who = ctx.managerOf(o.shopId);
      const paidFen = o.paidAt === null ? 0 : o.payableFen;
      const status: OrderStatus = o.refundedFen === 0 ? o.status : o.refundedFen === paidFen ? 'refunded' : 'partially-refunded';
      return {
        id: o.id,
        order_no: o.orderNo,
        shop_id: o.shopId,
        customer_id: o.customer.id,
        customer_name: o.customer.name,
        customer_phone: o.customer.phone,
        customer_vip: o.customer.vip,
        appointment_id: o.appointmentId,
        status,
        lines: o.lines,
        total_fen: o.totalFen,
        discount_fen: o.discountFen,
        payable_fen: o.payableFen,
        payments: o.payments,
        paid_fen: paidFen,
        refunded_fen: o.refundedFen,
        staff_shares: o.staffShares,
        note: '',
        cancel_reason: o.cancelReason,
        created_by: who.id,
        created_by_name: who.name,
        paid_at: o.paidAt === null ? null : iso(o.paidAt),
        // The day its income entries are dated on (incomeEntries without a day).
        business_day: o.paidAt === null ? null : shanghaiDayOf(o.paidAt),
        created_at: iso(o.createdAt),
        updated_at: iso(o.paidAt ?? o.createdAt),
      };
    }),
  );
  await insertJson(tx, 'after_sales', afterSale.rows);
  await insertJson(tx, 'touch_up_entitlements', afterSale.rights);
  await insertJson(tx, 'performance_records', performance);
  await insertJson(
    tx,
    'ledger_entries',
    ledger.map((e) => ({
      shop_id: e.shop_id,
      type: e.type,
      category: e.category,
      amount_fen: e.amount_fen,
      occurred_on: e.occurred_on,
      note: e.note,
      order_id: e.order_id ?? null,
      after_sale_id: e.after_sale_id ?? null,
      created_by: e.created_by,
      created_by_name: e.created_by_name,
      created_at: e.created_at,
    })),
  );
  await insertJson(
    tx,
    'order_sequences',
    [...sequences].map(([k, last]) => ({ shop_id: Number(k.split('|')[0]), day: k.split('|')[1], last_value: last })),
  );
  await tx.execute(
    sql`update touch_up_entitlements e set order_id = l.order_id from json_to_recordset(${JSON.stringify(links)}::json) as l(id int,
      order_id int) where e.id = l.id`,
  );
}

/** camelCase keys of a domain row as the table's column names. */
function snake(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
}

/**
 * The appointment seed opened a touch-up window for every completed brow or lip booking; each now
 * belongs to the order paid when that booking ended (same customer, program and start of window).
 */
async function entitlementLinks(
  tx: Tx,
  orders: PlannedOrder[],
  touchUpDaysOf: (id: number) => number,
): Promise<{ id: number; order_id: number }[]> {
  const links: { id: number; order_id: number }[] = [];
  const open = await tx
    .select({
      id: touchUpEntitlements.id,
      customerId: touchUpEntitlements.customerId,
      programId: touchUpEntitlements.programId,
      validFrom: touchUpEntitlements.validFrom,
    })
    .from(touchUpEntitlements)
    .where(and(eq(touchUpEntitlements.source, 'order'), isNull(touchUpEntitlements.orderId)));
  const byKey = new Map(open.map((e) => [`${e.customerId}|${e.programId}|${Date.parse(e.validFrom)}`, e.id]));
  for (const o of orders) {
    if (o.paidAt === null) continue;
    const order = { ...o, customerId: o.customer.id, customerName: o.customer.name };
    for (const e of orderEntitlements(order, touchUpDaysOf, o.paidAt)) {
      const id = byKey.get(`${e.customerId}|${e.programId}|${Date.parse(e.validFrom)}`);
      if (id !== undefined) links.push({ id, order_id: o.id });
    }
  }
  return links;
}

/**
 * Leaves three of today's bookings in each given shop arrived and unpaid (the first of a VIP
 * customer), whatever the hour: the cashier starts from them. Answers their ids.
 */
async function leaveArrivedToday(
  tx: Tx,
  r: Random,
  shopIds: number[],
  people: { id: number; name: string; phone: string; vip: boolean; shopId: number }[],
  managerOf: (shopId: number) => Who,
  now: number,
): Promise<Set<number>> {
  const today = shanghaiDayOf(now);
  const picked = new Set<number>();
  for (const shopId of shopIds) {
    const todays = await tx
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.shopId, shopId),
          eq(appointments.kind, 'new-customer'),
          inArray(appointments.status, ['booked', 'confirmed', 'arrived', 'completed']),
          sql`${appointments.startAt} >= ${iso(shanghaiInstant(today, '00:00'))} and ${appointments.startAt} <
            ${iso(shanghaiInstant(today, '00:00') + DAY_MS)}`,
          sql`${appointments.staffId} is not null`,
        ),
      )
      .orderBy(sql`abs(extract(epoch from ${appointments.startAt} - ${iso(now)}::timestamptz))`)
      .limit(3);
    const vip = people.find((c) => c.shopId === shopId && c.vip)!;
    for (const [i, a] of todays.entries()) {
      picked.add(a.id);
      const customer = i === 0 && !personVip(people, a.customerId) ? vip : undefined;
      // Whatever the booking granted when it was completed is granted at the checkout instead.
      await tx.execute(
        sql`delete from touch_up_entitlements where customer_id = ${a.customerId} and program_id = ${a.programId} and valid_from =
          ${a.endAt}::timestamptz and status = 'available'`,
      );
      await tx
        .update(appointments)
        .set({
          status: 'arrived',
          ...(customer ? { customerId: customer.id, customerName: customer.name, customerPhone: customer.phone } : {}),
        })
        .where(eq(appointments.id, a.id));
      await tx.execute(sql`delete from appointment_events where appointment_id = ${a.id} and action <> 'book'`);
      const at = Math.min(Date.parse(a.startAt), now) - r.int(5, 30) * MIN_MS;
      const who = managerOf(shopId);
      await insertJson(tx, 'appointment_events', [
        {
          appointment_id: a.id,
          action: 'confirm',
          from_status: 'booked',
          to_status: 'confirmed',
          summary: '',
          account_id: who.id,
          account_name: who.name,
          created_at: iso(at - 3600_000),
        },
        {
          appointment_id: a.id,
          action: 'arrive',
          from_status: 'confirmed',
          to_status: 'arrived',
          summary: '',
          account_id: who.id,
          account_name: who.name,
          created_at: iso(at),
        },
      ]);
    }
  }
  return picked;
}

const personVip = (people: { id: number; vip: boolean }[], id: number) => people.find((p) => p.id === id)?.vip ?? false;

/**
 * After-sales on a few paid orders, in every type and status. An approved refund is carried through
 * as finance's approval does it: the order's refunded amount, a negative refund entry in the ledger
 * per channel (the order's methods, largest first, as the console proposes) and negative
 * adjustments of the staff's performance by the same shares; an approved touch-up grants an
 * entitlement. Answers the rows to insert, the requests and those entitlements.
 */
async function planAfterSales(
  tx: Tx,
  r: Random,
  orders: PlannedOrder[],
  ctx: {
    rateOf: (id: number) => number;
    touchUpDaysOf: (id: number) => number;
    finance: Who;
    managerOf: (shopId: number) => Who;
    performance: Record<string, unknown>[];
    ledger: Record<string, unknown>[];
    now: number;
  },
): Promise<{ rows: Record<string, unknown>[]; rights: Record<string, unknown>[] }> {
  const candidates = orders.filter((o) => o.paidAt !== null && ctx.now - o.paidAt > DAY_MS);
  const chosen = candidates.filter(() => r.chance(0.07));
  const ids = await takeIds(tx, 'after_sales_id_seq', chosen.length);
  const rights: Record<string, unknown>[] = [];
  // Every type in every status at least once, then as a shop's requests fall.
  const uncovered = AFTER_SALE_TYPES.flatMap((type) => AFTER_SALE_STATUSES.map((status) => ({ type, status })));
  const rows = chosen.map((o, i) => {
    const recent = ctx.now - o.paidAt! < 14 * DAY_MS;
    const withTouchUp = o.customer.id !== null && programLines(o.lines).some((l) => ctx.touchUpDaysOf(l.programId) > 0);
    const next = uncovered.findIndex((c) => c.type !== 'touch-up' || withTouchUp);
    const [first] = next >= 0 ? uncovered.splice(next, 1) : [];
    const type: AfterSaleType = first?.type ?? (withTouchUp && r.chance(0.3) ? 'touch-up' : r.chance(0.7) ? 'refund' : 'complaint');
    const status: AfterSaleStatus =
      first?.status ??
      (recent && r.chance(0.5) ? 'pending' : r.pick<AfterSaleStatus>(['approved', 'approved', 'approved', 'rejected', 'withdrawn']));
    // Up to six days after the payment, and never later than an hour ago (nor before the payment).
    const createdAt = Math.min(o.paidAt! + r.int(1, 6 * 24) * 3600_000, Math.max(o.paidAt!, ctx.now - 3600_000));
    const reviewedAt = status === 'approved' || status === 'rejected' ? Math.min(createdAt + r.int(2, 48) * 3600_000, ctx.now) : null;
    const amountFen =
      type === 'refund' ? (r.chance(0.3) ? o.payableFen : Math.max(100, Math.round((o.payableFen * r.int(10, 50)) / 10_000) * 100)) : null;
    const who = ctx.managerOf(o.shopId);
    const id = ids[i];
    const channels = status === 'approved' && type === 'refund' ? proposedChannels(refundableByMethod(o.payments, []), amountFen!) : [];
    if (status === 'approved' && type === 'refund') {
      o.refundedFen = amountFen!;
      const day = shanghaiDayOf(reviewedAt!);
      for (const c of channels)
        ctx.ledger.push({
          shop_id: o.shopId,
          type: 'income',
          category: 'refund',
          amount_fen: -c.amountFen,
          method: c.method,
          occurred_on: day,
          note: `退款 订单 ${o.orderNo} ${o.customer.name}（${PAYMENT_METHOD_LABELS[c.method]}）`,
          order_id: o.id,
          after_sale_id: id,
          created_by: ctx.finance.id,
          created_by_name: ctx.finance.name,
          created_at: iso(reviewedAt!),
        });
      const parts = splitByShares(
        -amountFen!,
        o.staffShares.map((s) => s.shareBp),
      );
      o.staffShares.forEach((s, k) => {
        const rate = ctx.rateOf(s.staffId);
        const pending = ctx.now - reviewedAt! < REVIEWED_AFTER_DAYS * DAY_MS;
        ctx.performance.push({
          order_id: o.id,
          order_no: o.orderNo,
          after_sale_id: id,
          shop_id: o.shopId,
          staff_id: s.staffId,
          staff_name: s.staffName,
          kind: 'adjustment',
          share_bp: s.shareBp,
          amount_fen: parts[k],
          commission_rate_bp: rate,
          commission_fen: commissionFen(parts[k], rate),
          status: pending ? 'pending' : 'approved',
          reviewed_by: pending ? null : ctx.finance.id,
          reviewed_by_name: pending ? '' : ctx.finance.name,
          reviewed_at: pending ? null : iso(Math.min(reviewedAt! + DAY_MS, ctx.now)),
          reject_reason: '',
          created_at: iso(reviewedAt!),
          updated_at: iso(reviewedAt!),
        });
      });
    }
    if (status === 'approved' && type === 'touch-up') {
      const line = programLines(o.lines).find((l) => ctx.touchUpDaysOf(l.programId) > 0)!;
      rights.push({
        shop_id: o.shopId,
        customer_id: o.customer.id,
        program_id: line.programId,
        source: 'after-sale',
        valid_from: iso(reviewedAt!),
        valid_until: iso(reviewedAt! + ctx.touchUpDaysOf(line.programId) * DAY_MS),
        status: 'available',
        after_sale_id: id,
        order_id: o.id,
      });
    }
    const reason = type === 'refund' ? r.pick(REFUND_REASONS) : type === 'touch-up' ? r.pick(TOUCH_UP_REASONS) : r.pick(COMPLAINT_REASONS);
    return {
      id,
      shop_id: o.shopId,
      order_id: o.id,
      order_no: o.orderNo,
      customer_name: o.customer.name,
      type,
      amount_fen: amountFen,
      refund_channels: channels,
      reason,
      images: [],
      status,
      requested_by: who.id,
      requested_by_name: who.name,
      reviewed_by: reviewedAt === null ? null : ctx.finance.id,
      reviewed_by_name: reviewedAt === null ? '' : ctx.finance.name,
      review_note: status === 'approved' ? '同意' : '',
      reject_reason: status === 'rejected' ? r.pick(REJECT_REASONS) : '',
      reviewed_at: reviewedAt === null ? null : iso(reviewedAt),
      created_at: iso(createdAt),
      updated_at: iso(reviewedAt ?? createdAt),
    };
  });
  return { rows, rights };
}
