import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_RE,
  PAID_ORDER_STATUSES,
  WALK_IN_CUSTOMER_NAME,
  formatOrderNo,
  orderCancelSchema,
  orderCreateSchema,
  orderPaySchema,
  orderResource,
  type Order,
  type OrderLine,
} from '../../contract/order';
import { afterSaleCreateSchema, afterSaleResource, afterSaleWithdrawSchema, type AfterSale } from '../../contract/afterSale';
import { performanceRecordResource, type PerformanceRecord } from '../../contract/performanceRecord';
import { ledgerEntryResource, type LedgerEntry } from '../../contract/ledgerEntry';
import { resourcePath } from '../../contract/resource';
import { maskPhone } from '../../contract/mask';
import { api, badField, conflict, input, MockError } from './engine/http';
import { textSearch } from './engine/listQuery';
import { mockResource, type CallContext } from './engine/resource';
import type { Session } from './engine/session';
import { accounts } from './accounts';
import { appointments } from './appointments';
import { customers } from './customers';
import { programs } from './programs';
import { shopName } from './shops';
import { staff } from './staff';
import { ledgerHooks, performanceHooks } from './financeHooks';

/**
 * Mock mode starts with no money: orders, after-sales, performance records and the ledger are empty.
 * The checkstand's calls work as the server's do in outline (prices from the program and the
 * customer, payments adding up to the payable, the state machine, refunds within what was paid,
 * idempotency keys), so the console's tests run the real flows; performance records and ledger
 * entries are the server's alone.
 */

const SHANGHAI_MS = 8 * 3600_000;
const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + SHANGHAI_MS).toISOString().slice(0, 10);
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The day field the orders' from/to read (dateField=paidAt or createdAt), taken off the query before the engine reads it. */
let orderDateField: 'createdAt' | 'paidAt' = 'createdAt';
const onDay = (test: (day: string) => boolean) => (o: Order) => {
  const at = o[orderDateField];
  return at !== null && test(shanghaiDay(at));
};

export const orders = mockResource<Order>(orderResource, {
  seed: () => [],
  search: (o, q) => o.orderNo.includes(q) || o.customerName.includes(q) || o.customerPhone.endsWith(q),
  filters: {
    from: ([day]) => onDay((d) => d >= String(day)),
    to: ([day]) => onDay((d) => d <= String(day)),
  },
  beforeList: (params) => {
    orderDateField = params.get('dateField') === 'paidAt' ? 'paidAt' : 'createdAt';
    params.delete('dateField');
  },
});

export const afterSales = mockResource<AfterSale>(afterSaleResource, {
  seed: () => [],
  search: textSearch('orderNo', 'customerName'),
  filters: {
    from: ([day]) => (a) => shanghaiDay(a.createdAt) >= String(day),
    to: ([day]) => (a) => shanghaiDay(a.createdAt) <= String(day),
  },
});
export const performanceRecords = mockResource<PerformanceRecord>(performanceRecordResource, { seed: () => [], ...performanceHooks });
// Ledger entries are never updated; the engine keeps an updatedAt on every row all the same.
export const ledger = mockResource<LedgerEntry & { updatedAt: string }>(ledgerEntryResource, { seed: () => [], ...ledgerHooks });

/** The shop's order sequence of the day (one counter: mock mode lives for a day at most). */
let sequence = 0;
/** Answers kept per account and key: the same key and body answer the first answer again. */
const answered = new Map<string, { body: string; answer?: unknown; error?: MockError }>();

export function resetMoney(): void {
  answered.clear();
  sequence = 0;
}

async function once(ctx: CallContext, body: unknown, run: () => unknown): Promise<unknown> {
  const key = ctx.request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return run();
  if (!IDEMPOTENCY_KEY_RE.test(key)) throw badField(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} 必须是 1-64 个可见字符`);
  const id = `${ctx.session.accountId}:${ctx.request.url.split('?')[0]}:${key}`;
  const json = JSON.stringify(body);
  const seen = answered.get(id);
  if (seen) {
    if (seen.body !== json) throw conflict('该幂等键已用于另一个请求');
    if (seen.error) throw seen.error;
    return seen.answer;
  }
  try {
    const answer = run();
    answered.set(id, { body: json, answer });
    return answer;
  } catch (e) {
    if (e instanceof MockError) answered.set(id, { body: json, error: e });
    throw e;
  }
}

const accountName = (s: Session) => accounts.table.find(s.accountId)?.name ?? '';

function priceOrder(values: ReturnType<typeof orderCreateSchema.parse>, session: Session): Order {
  const shopId = session.shopID!;
  const customer = values.customerId === null ? undefined : customers.table.find(values.customerId);
  if (values.customerId !== null && !customer) throw badField('customerId', '客户不存在');
  const vip = customer?.vip ?? false;
  const lines: OrderLine[] = values.lines.map((l, i) => {
    const p = programs.table.find(l.programId);
    if (!p || p.status !== 'on') throw badField(`lines.${i}.programId`, '服务项目不存在或已下架');
    const unitPriceFen = vip ? p.vipPriceFen : p.priceFen;
    const gross = unitPriceFen * l.quantity;
    if (l.discountFen > gross) throw badField(`lines.${i}.discountFen`, `项目优惠不能超过 ${yuan(gross)}`);
    return { programId: p.id, programName: p.name, programType: p.type, unitPriceFen, vipPrice: vip, quantity: l.quantity, discountFen: l.discountFen, amountFen: gross - l.discountFen };
  });
  const totalFen = lines.reduce((s, l) => s + l.amountFen, 0);
  if (values.discountFen > totalFen) throw badField('discountFen', `优惠不能超过合计 ${yuan(totalFen)}`);
  const staffShares = values.staffShares.map((s, i) => {
    const m = staff.table.find(s.staffId);
    if (!m || m.shopId !== shopId || m.status !== 'active') throw badField(`staffShares.${i}.staffId`, '服务人员不是本店在职员工');
    return { staffId: m.id, staffName: m.name, shareBp: s.shareBp };
  });
  const now = new Date().toISOString();
  sequence += 1;
  return {
    id: orders.table.peekId(),
    orderNo: formatOrderNo(shanghaiDay(now), shopId, sequence),
    shopId,
    shopName: shopName(shopId) ?? '',
    customerId: customer?.id ?? null,
    customerName: customer?.name ?? WALK_IN_CUSTOMER_NAME,
    customerPhone: customer ? maskPhone(customer.phone) : '',
    customerVip: vip,
    appointmentId: values.appointmentId,
    status: 'unpaid',
    lines,
    totalFen,
    discountFen: values.discountFen,
    payableFen: totalFen - values.discountFen,
    payments: [],
    paidFen: 0,
    refundedFen: 0,
    staffShares,
    note: values.note,
    cancelReason: '',
    createdBy: accountName(session),
    paidAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

const ordersPath = resourcePath(orderResource);
const afterSalesPath = resourcePath(afterSaleResource);
const mustBeUnpaid = (o: Order) => {
  if (o.status !== 'unpaid') throw conflict(`订单 ${o.orderNo} 不是待支付状态，不能再修改`);
};

/** What may still be asked back of an order: paid, less refunded, less pending refund requests. */
function refundableFen(o: Order): number {
  const pending = afterSales.table.rows.filter((a) => a.orderId === o.id && a.type === 'refund' && a.status === 'pending').reduce((s, a) => s + (a.amountFen ?? 0), 0);
  return o.paidFen - o.refundedFen - pending;
}

const orderCalls = [
  api.post(ordersPath, async ({ request }) => {
    const ctx = orders.authorize('create', request);
    const values = await input(orderCreateSchema, request);
    return once(ctx, values, () => orders.table.insert(priceOrder(values, ctx.session)));
  }),
  orders.action('pay', async (order, ctx) => {
    const { payments } = await input(orderPaySchema, ctx.request);
    return once(ctx, { payments }, () => {
      mustBeUnpaid(order);
      const sum = payments.reduce((s, p) => s + p.amountFen, 0);
      if (sum !== order.payableFen) throw badField('payments', `收款合计 ${yuan(sum)} 与应收 ${yuan(order.payableFen)} 不一致`);
      const now = new Date().toISOString();
      const appointment = order.appointmentId === null ? undefined : appointments.table.find(order.appointmentId);
      if (appointment?.status === 'arrived') appointments.table.replace(appointment, { ...appointment, status: 'completed', updatedAt: now });
      return orders.table.replace(order, { ...order, payments, paidFen: sum, status: 'paid', paidAt: now, updatedAt: now });
    });
  }),
  orders.action('cancel', async (order, ctx) => {
    const { reason } = await input(orderCancelSchema, ctx.request);
    mustBeUnpaid(order);
    return orders.table.replace(order, { ...order, status: 'cancelled', cancelReason: reason, updatedAt: new Date().toISOString() });
  }),
];

const afterSaleCalls = [
  api.post(afterSalesPath, async ({ request }) => {
    const ctx = afterSales.authorize('create', request);
    const values = await input(afterSaleCreateSchema, request);
    return once(ctx, values, () => {
      const order = orders.find(ctx, String(values.orderId));
      if (!(PAID_ORDER_STATUSES as readonly string[]).includes(order.status)) throw conflict(`订单 ${order.orderNo} 未支付，不能申请售后`);
      if (values.type === 'refund' && values.amountFen! > refundableFen(order)) throw badField('amountFen', `退款金额不能超过可退金额 ${yuan(refundableFen(order))}`);
      const now = new Date().toISOString();
      return afterSales.table.insert({
        ...values,
        id: afterSales.table.peekId(),
        shopId: order.shopId,
        shopName: order.shopName,
        orderNo: order.orderNo,
        customerName: order.customerName,
        status: 'pending',
        requestedBy: accountName(ctx.session),
        reviewedBy: '',
        reviewNote: '',
        rejectReason: '',
        reviewedAt: null,
        createdAt: now,
        updatedAt: now,
      });
    });
  }),
  afterSales.action('withdraw', async (row, ctx) => {
    await input(afterSaleWithdrawSchema, ctx.request);
    if (row.status !== 'pending') throw conflict('只有待审核的售后申请可以撤回');
    return afterSales.table.replace(row, { ...row, status: 'withdrawn', updatedAt: new Date().toISOString() });
  }),
];

// The checkstand's own calls come first: they answer before the engine's generic create.
export const orderHandlers = [...orderCalls, ...orders.handlers];
export const afterSaleHandlers = [...afterSaleCalls, ...afterSales.handlers];
