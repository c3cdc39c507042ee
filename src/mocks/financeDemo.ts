import { HttpResponse } from 'msw';
import { orderResource, formatOrderNo, type Order, type OrderStatus } from '../../contract/order';
import { afterSaleApproveSchema, afterSaleRejectSchema, afterSaleResource, type AfterSale } from '../../contract/afterSale';
import {
  performanceBatchApproveSchema,
  performanceRecordResource,
  performanceRejectSchema,
  type PerformanceBatchResult,
  type PerformanceRecord,
  type PerformanceSummary,
} from '../../contract/performanceRecord';
import { LEDGER_CATEGORY_LABELS, SYSTEM_LEDGER_CATEGORIES, ledgerEntryResource, ledgerReverseSchema, type LedgerEntry, type LedgerSummary } from '../../contract/ledgerEntry';
import { commissionFen, splitByShares } from '../../contract/shareSplit';
import { resourcePath, type ResourceDescriptor } from '../../contract/resource';
import { api, badField, conflict, input } from './engine/http';
import type { CallContext, MockResource } from './engine/resource';
import { tableOf, type StoredRow } from './engine/store';
import { daysFromNow } from './demoTime';
import { callerName, shanghaiDay, shopNameOf } from './financeHooks';
import { afterSales, ledger, orders, performanceRecords } from './money';

/**
 * The finance calls of the API in memory (review, refunds, reversals, sums, exports), and the demo
 * money the finance pages' tests start from (seedFinanceDemo): a few paid orders of shops 1 and 2
 * with their performance records, after-sale requests and ledger lines. Approving a refund does what
 * the server does: the order's refund and state, a negative ledger line, and negative performance
 * adjustments split by the original shares.
 */

const DAY_MS = 86_400_000;
const staffOf = (id: number) => tableOf<StoredRow & { name: string; commissionRateBp: number }>('staff').find(id);
/** A record's commission: its amount times the member's rate, rounded to the fen. */
const commission = (staffId: number, amountFen: number) => commissionFen(amountFen, staffOf(staffId)?.commissionRateBp ?? 0);

interface DemoSale {
  shopId: number;
  daysAgo: number;
  customerName: string;
  program: { id: number; name: string; priceFen: number };
  shares: { staffId: number; shareBp: number }[];
  method: Order['payments'][number]['method'];
}

const BROWS = { id: 1, name: '雾眉', priceFen: 168_000 };
const LIPS = { id: 2, name: '水晶唇', priceFen: 198_000 };
const BUBBLE = { id: 3, name: '小气泡清洁', priceFen: 29_800 };

/** The demo sales, oldest first; staff 1 and 2 work in shop 1, staff 3 in shop 2. */
const SALES: DemoSale[] = [
  { shopId: 1, daysAgo: 6, customerName: '陈雪', program: BROWS, shares: [{ staffId: 1, shareBp: 10_000 }], method: 'wechat' },
  { shopId: 1, daysAgo: 5, customerName: '周悦', program: LIPS, shares: [{ staffId: 1, shareBp: 6_000 }, { staffId: 2, shareBp: 4_000 }], method: 'alipay' },
  { shopId: 2, daysAgo: 4, customerName: '散客', program: BUBBLE, shares: [{ staffId: 3, shareBp: 10_000 }], method: 'cash' },
  { shopId: 1, daysAgo: 3, customerName: '陈雪', program: BUBBLE, shares: [{ staffId: 2, shareBp: 10_000 }], method: 'card' },
  { shopId: 1, daysAgo: 2, customerName: '周悦', program: BROWS, shares: [{ staffId: 1, shareBp: 5_000 }, { staffId: 2, shareBp: 5_000 }], method: 'wechat' },
  { shopId: 2, daysAgo: 1, customerName: '散客', program: LIPS, shares: [{ staffId: 3, shareBp: 10_000 }], method: 'alipay' },
];

/**
 * The demo money of the finance pages' tests, put in the emptied tables (mock mode itself starts
 * without money): the sales as paid orders with their performance records (the oldest one approved)
 * and service income, two hand expenses of shop 1, and three after-sale requests waiting for review.
 */
export function seedFinanceDemo(): void {
  SALES.forEach((s, i) => {
    const at = daysFromNow(-s.daysAgo);
    const shopName = shopNameOf(s.shopId);
    const staffShares = s.shares.map((x) => ({ ...x, staffName: staffOf(x.staffId)?.name ?? '' }));
    const order = orders.table.insert({
      id: orders.table.peekId(),
      orderNo: formatOrderNo(shanghaiDay(at), s.shopId, i + 1),
      shopId: s.shopId,
      shopName,
      customerId: null,
      customerName: s.customerName,
      customerPhone: '',
      customerVip: false,
      appointmentId: null,
      status: 'paid' as OrderStatus,
      lines: [{ programId: s.program.id, programName: s.program.name, programType: s.program.id, unitPriceFen: s.program.priceFen, vipPrice: false, quantity: 1, discountFen: 0, amountFen: s.program.priceFen }],
      totalFen: s.program.priceFen,
      discountFen: 0,
      payableFen: s.program.priceFen,
      payments: [{ method: s.method, amountFen: s.program.priceFen }],
      paidFen: s.program.priceFen,
      refundedFen: 0,
      staffShares,
      note: '',
      cancelReason: '',
      createdBy: '王店长',
      paidAt: at,
      createdAt: at,
      updatedAt: at,
    });
    const amounts = splitByShares(order.paidFen, s.shares.map((x) => x.shareBp));
    staffShares.forEach((x, k) =>
      performanceRecords.table.insert({
        id: performanceRecords.table.peekId(),
        orderId: order.id,
        orderNo: order.orderNo,
        afterSaleId: null,
        shopId: s.shopId,
        shopName,
        staffId: x.staffId,
        staffName: x.staffName,
        kind: 'sale',
        shareBp: x.shareBp,
        amountFen: amounts[k],
        commissionFen: commission(x.staffId, amounts[k]),
        status: i === 0 ? 'approved' : 'pending',
        reviewedBy: i === 0 ? '赵财务' : '',
        reviewedAt: i === 0 ? daysFromNow(-s.daysAgo + 1) : null,
        rejectReason: '',
        createdAt: at,
        updatedAt: at,
      }),
    );
    ledger.table.insert(ledgerLine(s.shopId, { type: 'income', category: 'service', amountFen: order.paidFen, occurredOn: shanghaiDay(at), note: s.program.name, orderId: order.id, orderNo: order.orderNo }, at));
  });
  ledger.table.insert(ledgerLine(1, { type: 'expense', category: 'materials', amountFen: 12_000, occurredOn: shanghaiDay(daysFromNow(-4)), note: '色料补货', orderId: null, orderNo: null }, daysFromNow(-4)));
  ledger.table.insert(ledgerLine(1, { type: 'expense', category: 'utilities', amountFen: 3_560, occurredOn: shanghaiDay(daysFromNow(-2)), note: '电费', orderId: null, orderNo: null }, daysFromNow(-2)));

  const request = (orderId: number, a: Pick<AfterSale, 'type' | 'amountFen' | 'reason' | 'images'>, daysAgo: number) => {
    const order = orders.table.find(orderId)!;
    afterSales.table.insert({
      id: afterSales.table.peekId(),
      shopId: order.shopId,
      shopName: order.shopName,
      orderId,
      orderNo: order.orderNo,
      customerName: order.customerName,
      ...a,
      status: 'pending',
      requestedBy: '王店长',
      reviewedBy: '',
      reviewNote: '',
      rejectReason: '',
      reviewedAt: null,
      createdAt: daysFromNow(-daysAgo),
      updatedAt: daysFromNow(-daysAgo),
    });
  };
  request(2, { type: 'refund', amountFen: 50_000, reason: '唇色与预期不符，协商退部分款项', images: [] }, 1);
  request(1, { type: 'complaint', amountFen: null, reason: '等待时间过长', images: [] }, 2);
  request(5, { type: 'touch-up', amountFen: null, reason: '眉尾掉色，申请补色', images: [] }, 0.5);
}

type LedgerFields = Pick<LedgerEntry, 'type' | 'category' | 'amountFen' | 'occurredOn' | 'note' | 'orderId' | 'orderNo'>;
function ledgerLine(shopId: number, e: LedgerFields, at: string): LedgerEntry & { updatedAt: string } {
  return { id: ledger.table.peekId(), shopId, shopName: shopNameOf(shopId), afterSaleId: null, reversalOf: null, reversedBy: null, createdBy: '王店长', createdAt: at, updatedAt: at, ...e };
}

const queryOf = (request: Request) => {
  const params = new URL(request.url).searchParams;
  for (const key of ['_start', '_end']) params.delete(key);
  return params;
};

/**
 * GET <resource>/export: the mock serves what the list shows as CSV (the server writes .xlsx),
 * under a Chinese file name given in filename*, as the server names its files.
 */
function exportHandler<Row extends StoredRow>(descriptor: ResourceDescriptor, resource: MockResource<Row>, title: string, columns: (keyof Row & string)[]) {
  return api.get(`${resourcePath(descriptor)}/export`, ({ request }) => {
    const ctx = resource.authorize('list', request);
    const params = queryOf(request);
    const rows = resource.matching(ctx, params);
    const cell = (v: unknown) => `"${String(v ?? '').replaceAll('"', '""')}"`;
    const csv = [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n');
    const period = [params.get('from'), params.get('to')].filter(Boolean).join('至') || '全部';
    const fileName = `${title}_${period}.csv`;
    return new HttpResponse(csv, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}` },
    });
  });
}

const now = () => new Date().toISOString();
const refuse = (msg: string) => conflict(msg);

/** Marks a pending performance record reviewed, or says why not. */
function review(r: PerformanceRecord, ctx: CallContext, status: 'approved' | 'rejected', rejectReason = ''): string | null {
  if (r.status !== 'pending') return `业绩记录${r.status === 'approved' ? '已通过' : '已驳回'}，不能再次审核`;
  performanceRecords.table.replace(r, { ...r, status, rejectReason, reviewedBy: callerName(ctx), reviewedAt: now(), updatedAt: now() });
  return null;
}

const performanceHandlers = [
  api.get(`${resourcePath(performanceRecordResource)}/summary`, ({ request }): PerformanceSummary => {
    const rows = performanceRecords.matching(performanceRecords.authorize('list', request), queryOf(request));
    return { count: rows.length, amountFen: rows.reduce((s, r) => s + r.amountFen, 0), commissionFen: rows.reduce((s, r) => s + r.commissionFen, 0) };
  }),
  exportHandler(performanceRecordResource, performanceRecords, '业绩记录', ['orderNo', 'shopName', 'staffName', 'kind', 'amountFen', 'commissionFen', 'status']),
  api.post(`${resourcePath(performanceRecordResource)}/approve`, async ({ request }): Promise<PerformanceBatchResult> => {
    const ctx = performanceRecords.authorize('action:approve', request);
    const { ids } = await input(performanceBatchApproveSchema, request);
    const result: PerformanceBatchResult = { approved: [], skipped: [] };
    for (const id of new Set(ids)) {
      const r = performanceRecords.table.find(id);
      const why = r ? review(r, ctx, 'approved') : '业绩记录不存在';
      if (why) result.skipped.push({ id, reason: why });
      else result.approved.push(id);
    }
    return result;
  }),
  performanceRecords.action('approve', (r, ctx) => {
    const why = review(r, ctx, 'approved');
    if (why) throw refuse(why);
    return performanceRecords.table.find(r.id);
  }),
  performanceRecords.action('reject', async (r, ctx) => {
    const { reason } = await input(performanceRejectSchema, ctx.request);
    const why = review(r, ctx, 'rejected', reason);
    if (why) throw refuse(why);
    return performanceRecords.table.find(r.id);
  }),
];

/** A refund approved: the order's refund and state, a negative ledger line, and negative performance split by the shares. */
function executeRefund(a: AfterSale, ctx: CallContext): void {
  const order = orders.table.find(a.orderId)!;
  const amount = a.amountFen ?? 0;
  if (order.refundedFen + amount > order.paidFen) throw refuse(`退款金额超出可退金额（实收 ${order.paidFen / 100} 元，已退 ${order.refundedFen / 100} 元）`);
  const refundedFen = order.refundedFen + amount;
  orders.table.replace(order, { ...order, refundedFen, status: refundedFen === order.paidFen ? 'refunded' : 'partially-refunded', updatedAt: now() });
  ledger.table.insert({
    id: ledger.table.peekId(),
    shopId: order.shopId,
    shopName: order.shopName,
    type: 'income',
    category: 'refund',
    amountFen: -amount,
    occurredOn: shanghaiDay(now()),
    note: a.reason,
    orderId: order.id,
    orderNo: order.orderNo,
    afterSaleId: a.id,
    reversalOf: null,
    reversedBy: null,
    createdBy: callerName(ctx),
    createdAt: now(),
    updatedAt: now(),
  });
  const amounts = splitByShares(-amount, order.staffShares.map((s) => s.shareBp));
  order.staffShares.forEach((s, k) =>
    performanceRecords.table.insert({
      id: performanceRecords.table.peekId(),
      orderId: order.id,
      orderNo: order.orderNo,
      afterSaleId: a.id,
      shopId: order.shopId,
      shopName: order.shopName,
      staffId: s.staffId,
      staffName: s.staffName,
      kind: 'adjustment',
      shareBp: s.shareBp,
      amountFen: amounts[k],
      commissionFen: commission(s.staffId, amounts[k]),
      status: 'pending',
      reviewedBy: '',
      reviewedAt: null,
      rejectReason: '',
      createdAt: now(),
      updatedAt: now(),
    }),
  );
}

const afterSaleHandlers = [
  exportHandler(afterSaleResource, afterSales, '售后申请', ['orderNo', 'shopName', 'customerName', 'type', 'amountFen', 'status', 'reason']),
  afterSales.action('approve', async (a, ctx) => {
    const { note } = await input(afterSaleApproveSchema, ctx.request);
    if (a.status !== 'pending') throw refuse('售后申请已处理，不能再次审核');
    if (a.type === 'refund') executeRefund(a, ctx);
    return afterSales.table.replace(a, { ...a, status: 'approved', reviewNote: note, reviewedBy: callerName(ctx), reviewedAt: now(), updatedAt: now() });
  }),
  afterSales.action('reject', async (a, ctx) => {
    const { reason } = await input(afterSaleRejectSchema, ctx.request);
    if (a.status !== 'pending') throw refuse('售后申请已处理，不能再次审核');
    return afterSales.table.replace(a, { ...a, status: 'rejected', rejectReason: reason, reviewedBy: callerName(ctx), reviewedAt: now(), updatedAt: now() });
  }),
];

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const ledgerHandlers = [
  api.get(`${resourcePath(ledgerEntryResource)}/summary`, ({ request }): LedgerSummary => {
    const ctx = ledger.authorize('list', request);
    const params = new URL(request.url).searchParams;
    const day = (name: 'from' | 'to') => {
      const v = params.get(name) ?? '';
      if (!DAY_RE.test(v)) throw badField(name, `${name === 'from' ? '开始日期' : '结束日期'}格式不正确`);
      return v;
    };
    const [from, to] = [day('from'), day('to')];
    const summary = new URLSearchParams({ from, to });
    if (params.get('shopId')) summary.set('shopId', params.get('shopId')!);
    const rows = ledger.matching(ctx, summary);
    const days: LedgerSummary['days'] = [];
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
      const d = new Date(t).toISOString().slice(0, 10);
      const on = rows.filter((r) => r.occurredOn === d);
      days.push({ day: d, incomeFen: on.filter((r) => r.type === 'income').reduce((s, r) => s + r.amountFen, 0), expenseFen: on.filter((r) => r.type === 'expense').reduce((s, r) => s + r.amountFen, 0) });
    }
    const incomeFen = days.reduce((s, d) => s + d.incomeFen, 0);
    const expenseFen = days.reduce((s, d) => s + d.expenseFen, 0);
    return { incomeFen, expenseFen, netFen: incomeFen - expenseFen, days };
  }),
  exportHandler(ledgerEntryResource, ledger, '收支流水', ['occurredOn', 'type', 'category', 'amountFen', 'note', 'orderNo']),
  ledger.action('reverse', async (e, ctx) => {
    const { reason } = await input(ledgerReverseSchema, ctx.request);
    if (e.reversalOf !== null) throw refuse('冲正记录不能再冲正');
    if (Object.hasOwn(SYSTEM_LEDGER_CATEGORIES, e.category)) throw refuse(`${LEDGER_CATEGORY_LABELS[e.category]}由系统记账，不能冲正`);
    if (e.reversedBy !== null) throw refuse('该账目已冲正');
    const reversal = ledger.table.insert({
      ...e,
      id: ledger.table.peekId(),
      amountFen: -e.amountFen,
      occurredOn: shanghaiDay(now()),
      note: reason,
      reversalOf: e.id,
      reversedBy: null,
      createdBy: callerName(ctx),
      createdAt: now(),
      updatedAt: now(),
    });
    ledger.table.replace(e, { ...e, reversedBy: reversal.id });
    return reversal;
  }),
];

/** Answered before the engine's generic handlers (summary and export before GET /:id). */
export const financeHandlers = [
  exportHandler(orderResource, orders, '订单', ['orderNo', 'shopName', 'customerName', 'status', 'payableFen', 'paidFen', 'refundedFen']),
  ...performanceHandlers,
  ...afterSaleHandlers,
  ...ledgerHandlers,
];
