import type { z } from 'zod';
import { formatOrderNo, isCardLine, orderResource, WALK_IN_CUSTOMER_NAME, type Order, type OrderPayment } from '../../contract/order';
import type { orderCreateSchema } from '../../contract/order';
import { afterSaleResource, type AfterSale, type afterSaleCreateSchema } from '../../contract/afterSale';
import { performanceRecordResource, type PerformanceRecord } from '../../contract/performanceRecord';
import { ledgerEntryResource, type LedgerEntry } from '../../contract/ledgerEntry';
import { commissionFen, splitByShares } from '../../contract/shareSplit';
import { priceOrder as priceLines, type PricedLineInput } from '../../contract/orderPricing';
import { maskPhone } from '../../contract/mask';
import { badField } from './engine/http';
import { shanghaiDay, textSearch } from './engine/listQuery';
import { mockResource, type CallContext } from './engine/resource';
import { accounts } from './accounts';
import { customers } from './customers';
import { programs } from './programs';
import { shopName } from './shops';
import { staff } from './staff';
import { cardPlans, memberCards, redeemSession, sellCard, spendStoredValue, usableCard, type CardEvent } from './cards';

/**
 * The money resources: orders, after-sales, performance records and the ledger. Mock mode starts
 * with none (seedFinanceDemo puts some in for tests). What the server does to them when an order is
 * priced, paid or asked back is here, in outline, for the checkstand's and finance's calls and the demo.
 */

/** Ledger entries are never updated; the engine keeps an updatedAt on every row all the same. */
type StoredEntry = LedgerEntry & { updatedAt: string };

const createdOn = (row: { createdAt: string }) => shanghaiDay(row.createdAt);
const stamped = (at: string) => ({ createdAt: at, updatedAt: at });
/** A performance record or an after-sale request as it waits for review. */
const UNREVIEWED = { status: 'pending', reviewedBy: '', reviewedAt: null, rejectReason: '' } as const;

/** The name of the account making a call, as the server stamps createdBy and reviewedBy. */
export const callerName = ({ session }: CallContext) => accounts.table.find(session.accountId)?.name ?? '';

export const orders = mockResource<Order>(orderResource, {
  search: (o, q) => o.orderNo.includes(q) || o.customerName.includes(q) || o.customerPhone.endsWith(q),
  // from/to are days of the order's creation, or of its payment with dateField=paidAt (read here, so no filter of its own).
  period: (o, params) => {
    const at = params.get('dateField') === 'paidAt' ? o.paidAt : o.createdAt;
    return at === null ? null : shanghaiDay(at);
  },
  filters: { dateField: () => () => true },
});
export const afterSales = mockResource<AfterSale>(afterSaleResource, { search: textSearch('orderNo', 'customerName'), period: createdOn });
export const performanceRecords = mockResource<PerformanceRecord>(performanceRecordResource, {
  search: textSearch('orderNo'),
  period: createdOn,
});
export const ledger = mockResource<StoredEntry>(ledgerEntryResource, {
  search: textSearch('note'),
  period: (e) => e.occurredOn,
  defaultSort: (a, b) => b.occurredOn.localeCompare(a.occurredOn),
  // A hand entry is the manager's: stamped with its shop's name and its author; it links to nothing.
  beforeWrite: (entry, ctx) => Object.assign(entry, { shopName: shopName(entry.shopId) ?? '', createdBy: callerName(ctx) }),
});

/**
 * A new unpaid order of a shop, priced from the programs and the customer (a VIP pays VIP prices), numbered in the shop's day.
 * A card sold is charged its plan's price; a package session redeemed is charged 0 (its list price kept).
 */
export function priceOrder(values: z.output<typeof orderCreateSchema>, shopId: number, createdBy: string, at = new Date().toISOString()) {
  const customer = values.customerId === null ? undefined : customers.table.find(values.customerId);
  if (values.customerId !== null && !customer) throw badField('customerId', '客户不存在');
  const vip = customer?.vip ?? false;
  const refuse = (field: string, message: string): never => {
    throw badField(field, message);
  };
  if (!customer && values.lines.some((l) => l.cardPlanId !== undefined)) refuse('customerId', '售卡须选择客户，散客不能购卡');
  const items = values.lines.map((l, i): PricedLineInput => {
    if (l.cardPlanId !== undefined) {
      const plan = cardPlans.table.find(l.cardPlanId);
      if (!plan || plan.status !== 'on') return refuse(`lines.${i}.cardPlanId`, '卡项不存在或已下架');
      return { plan };
    }
    const program = programs.table.find(l.programId!);
    if (!program || program.status !== 'on') return refuse(`lines.${i}.programId`, '服务项目不存在或已下架');
    if (l.cardId === undefined) return { program, quantity: l.quantity, discountFen: l.discountFen };
    const card = usableCard(l.cardId, customer?.id ?? null, `lines.${i}.cardId`);
    if (card.programId !== program.id) return refuse(`lines.${i}.cardId`, '该次卡不含此服务项目');
    return { program, quantity: 1, discountFen: 0, cardId: card.id };
  });
  const { lines, totalFen, discountFen, payableFen } = priceLines(items, values.discountFen, vip, refuse);
  const staffShares = values.staffShares.map((s, i) => {
    const m = staff.table.find(s.staffId);
    if (!m || m.shopId !== shopId || m.status !== 'active') throw badField(`staffShares.${i}.staffId`, '服务人员不是本店在职员工');
    return { staffId: m.id, staffName: m.name, shareBp: s.shareBp };
  });
  const day = shanghaiDay(at);
  const sequence = orders.table.rows.filter((o) => o.shopId === shopId && createdOn(o) === day).length + 1;
  const { appointmentId, note } = values;
  return orders.table.add({
    orderNo: formatOrderNo(day, shopId, sequence),
    shopId,
    shopName: shopName(shopId) ?? '',
    appointmentId,
    createdBy,
    note,
    customerId: customer?.id ?? null,
    customerName: customer?.name ?? WALK_IN_CUSTOMER_NAME,
    customerVip: vip,
    customerPhone: customer ? maskPhone(customer.phone) : '',
    lines,
    staffShares,
    totalFen,
    discountFen,
    payableFen,
    status: 'unpaid',
    payments: [],
    paidFen: 0,
    refundedFen: 0,
    cancelReason: '',
    paidAt: null,
    ...stamped(at),
  });
}

/** The performance of an order's staff: `amountFen` (negative for a refund) split by their shares, each with the member's commission. */
export function shareOut(order: Order, amountFen: number, afterSaleId: number | null, at: string): void {
  const amounts = splitByShares(
    amountFen,
    order.staffShares.map((s) => s.shareBp),
  );
  order.staffShares.forEach(({ staffId, staffName, shareBp }, i) =>
    performanceRecords.table.add({
      orderId: order.id,
      orderNo: order.orderNo,
      afterSaleId,
      shopId: order.shopId,
      shopName: order.shopName,
      staffId,
      staffName,
      shareBp,
      kind: afterSaleId === null ? 'sale' : 'adjustment',
      amountFen: amounts[i],
      commissionFen: commissionFen(amounts[i], staff.table.find(staffId)?.commissionRateBp ?? 0),
      ...UNREVIEWED,
      ...stamped(at),
    }),
  );
}

type SystemLine = Pick<LedgerEntry, 'category' | 'amountFen' | 'note' | 'afterSaleId' | 'createdBy'> & Partial<Pick<LedgerEntry, 'method'>>;

/** A line the system writes in an order's shop's ledger: its service income or a refund. */
export function book(order: Order, line: SystemLine, at: string): void {
  ledger.table.add({
    shopId: order.shopId,
    shopName: order.shopName,
    type: 'income',
    occurredOn: shanghaiDay(at),
    orderId: order.id,
    orderNo: order.orderNo,
    reversalOf: null,
    reversedBy: null,
    method: null,
    ...line,
    ...stamped(at),
  });
}

const paidTotal = (payments: readonly OrderPayment[]) => payments.reduce((s, p) => s + p.amountFen, 0);

/**
 * An order paid, as the server pays it: the cards it sells issued, its sessions redeemed and its
 * stored-value payments taken (each checked before anything changes), a pending performance record
 * per staff share, and the money received in the ledger: cards sold as 售卡收入, the rest as service income.
 */
export function settle(order: Order, payments: OrderPayment[], by: string, at = new Date().toISOString()): Order {
  const event: CardEvent = { shopId: order.shopId, orderId: order.id, orderNo: order.orderNo, accountName: by, at };
  const moneyFen = payments.reduce((s, p) => s + (p.method === 'stored-value' ? 0 : p.amountFen), 0);
  const cardSaleFen = order.lines.reduce((s, l) => s + (isCardLine(l) ? l.amountFen : 0), 0);
  if (cardSaleFen > 0 && moneyFen < paidTotal(payments))
    throw badField('payments', '售卡订单只能用现金、微信、支付宝、银行卡或其他方式收款，不能用储值卡');
  const spends = payments.map((p, i) =>
    p.method === 'stored-value' ? usableCard(p.cardId!, order.customerId, `payments.${i}.cardId`) : null,
  );
  const sessions = order.lines.map((l, i) =>
    !isCardLine(l) && l.cardId !== undefined ? usableCard(l.cardId, order.customerId, `lines.${i}.cardId`) : null,
  );
  const taken = payments.map((p, i) => {
    const card = spends[i];
    return card ? { ...p, ...spendStoredValue(card, p.amountFen, event) } : p;
  });
  const lines = order.lines.map((l, i) => {
    const card = sessions[i];
    if (card) return { ...l, ...redeemSession(memberCards.table.find(card.id)!, event) };
    if (isCardLine(l)) return { ...l, cardId: sellCard(l.cardPlanId, order.customerId!, event).id };
    return l;
  });
  const paidFen = paidTotal(payments);
  const paid = orders.table.replace(order, { ...order, lines, payments: taken, paidFen, status: 'paid', paidAt: at, updatedAt: at });
  shareOut(paid, paid.payableFen, null, at);
  const note = `订单 ${paid.orderNo} ${paid.customerName}`;
  const income = (category: 'service' | 'card-sale', amountFen: number) =>
    amountFen > 0 && book(paid, { category, amountFen, note, afterSaleId: null, createdBy: by }, at);
  income('card-sale', cardSaleFen);
  income('service', moneyFen - cardSaleFen);
  return paid;
}

type AfterSaleInput = z.output<typeof afterSaleCreateSchema>;

/** An after-sale request on a paid order, waiting for review. */
export function requestAfterSale(order: Order, values: AfterSaleInput, requestedBy: string, at = new Date().toISOString()) {
  const { shopId, shopName, orderNo, customerName } = order;
  return afterSales.table.add({
    ...values,
    shopId,
    shopName,
    orderNo,
    customerName,
    requestedBy,
    refundChannels: [],
    reviewNote: '',
    ...UNREVIEWED,
    ...stamped(at),
  });
}
