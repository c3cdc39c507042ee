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
import { ledgerEntryResource, ledgerReverseSchema, type LedgerEntry, type LedgerSummary } from '../../contract/ledgerEntry';
import { commissionFen, splitByShares } from '../../contract/shareSplit';
import type { ResourceDescriptor } from '../../contract/resource';
import { api, badField, conflict, input } from './engine/http';
import { textSearch, type FilterValue } from './engine/listQuery';
import { mockResource, type CallContext, type MockResource } from './engine/resource';
import { tableOf, type StoredRow } from './engine/store';
import { daysFromNow } from './demoTime';
// The demo rows name shops and staff: their tables fill first on every reset.
import './shops';
import './staff';

/**
 * Mock mode's money: a few paid orders of shops 1 and 2 with their performance records, after-sale
 * requests and ledger lines, so the finance pages have something to review. Approving a refund here
 * does what the server does (the order's refund and state, a negative ledger line, negative
 * performance adjustments split by the original shares); the prices are given, not computed.
 */

const DAY_MS = 86_400_000;
const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

/** Who made a call, by name, as the server stamps reviewedBy and createdBy. */
function callerName({ session }: CallContext): string {
  return tableOf<StoredRow & { name: string }>('accounts').find(session.accountId)?.name ?? '';
}
const shopNameOf = (id: number) => tableOf<StoredRow & { name: string }>('shops').find(id)?.name ?? '';
const staffOf = (id: number) => tableOf<StoredRow & { name: string; commissionRateBp: number }>('staff').find(id);

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

const paidAt = (s: DemoSale) => daysFromNow(-s.daysAgo);
const orderNoOf = (s: DemoSale, i: number) => formatOrderNo(shanghaiDay(paidAt(s)), s.shopId, i + 1);

const dayFilters = (field: 'createdAt' | 'occurredOn') => ({
  from: ([day]: FilterValue[]) => (row: Record<string, unknown>) => (field === 'createdAt' ? shanghaiDay(String(row[field])) : String(row[field])) >= String(day),
  to: ([day]: FilterValue[]) => (row: Record<string, unknown>) => (field === 'createdAt' ? shanghaiDay(String(row[field])) : String(row[field])) <= String(day),
});

export const orders = mockResource<Order>(orderResource, {
  seed: () =>
    SALES.map((s, i) => {
      const at = paidAt(s);
      return {
        orderNo: orderNoOf(s, i),
        shopId: s.shopId,
        shopName: shopNameOf(s.shopId),
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
        staffShares: s.shares.map((x) => ({ ...x, staffName: staffOf(x.staffId)?.name ?? '' })),
        note: '',
        cancelReason: '',
        createdBy: '王店长',
        paidAt: at,
        createdAt: at,
        updatedAt: at,
      };
    }),
  search: textSearch('orderNo', 'customerName'),
});

/** A record's commission: its amount times the member's rate, rounded to the fen. */
const commission = (staffId: number, amountFen: number) => commissionFen(amountFen, staffOf(staffId)?.commissionRateBp ?? 0);

export const performanceRecords = mockResource<PerformanceRecord>(performanceRecordResource, {
  seed: () =>
    SALES.flatMap((s, i) => {
      const amounts = splitByShares(s.program.priceFen, s.shares.map((x) => x.shareBp));
      return s.shares.map((x, k) => ({
        orderId: i + 1,
        orderNo: orderNoOf(s, i),
        afterSaleId: null,
        shopId: s.shopId,
        shopName: shopNameOf(s.shopId),
        staffId: x.staffId,
        staffName: staffOf(x.staffId)?.name ?? '',
        kind: 'sale' as const,
        shareBp: x.shareBp,
        amountFen: amounts[k],
        commissionFen: commission(x.staffId, amounts[k]),
        // The oldest sale was reviewed already: one record approved.
        status: i === 0 ? ('approved' as const) : ('pending' as const),
        reviewedBy: i === 0 ? '赵财务' : '',
        reviewedAt: i === 0 ? daysFromNow(-s.daysAgo + 1) : null,
        rejectReason: '',
        createdAt: paidAt(s),
        updatedAt: paidAt(s),
      }));
    }),
  filters: dayFilters('createdAt'),
  search: textSearch('orderNo'),
});

export const afterSales = mockResource<AfterSale>(afterSaleResource, {
  seed: () => {
    const request = (orderIndex: number, a: Pick<AfterSale, 'type' | 'amountFen' | 'reason' | 'images'>, daysAgo: number) => {
      const s = SALES[orderIndex];
      return {
        shopId: s.shopId,
        shopName: shopNameOf(s.shopId),
        orderId: orderIndex + 1,
        orderNo: orderNoOf(s, orderIndex),
        customerName: s.customerName,
        ...a,
        status: 'pending' as const,
        requestedBy: '王店长',
        reviewedBy: '',
        reviewNote: '',
        rejectReason: '',
        reviewedAt: null,
        createdAt: daysFromNow(-daysAgo),
        updatedAt: daysFromNow(-daysAgo),
      };
    };
    return [
      request(1, { type: 'refund', amountFen: 50_000, reason: '唇色与预期不符，协商退部分款项', images: [] }, 1),
      request(0, { type: 'complaint', amountFen: null, reason: '等待时间过长', images: [] }, 2),
      request(4, { type: 'touch-up', amountFen: null, reason: '眉尾掉色，申请补色', images: [] }, 0.5),
    ];
  },
  filters: dayFilters('createdAt'),
  search: textSearch('orderNo', 'customerName'),
});

// Ledger entries are never updated; the engine keeps an updatedAt on every row all the same.
export const ledger = mockResource<LedgerEntry & { updatedAt: string }>(ledgerEntryResource, {
  seed: () => {
    const line = (shopId: number, e: Pick<LedgerEntry, 'type' | 'category' | 'amountFen' | 'occurredOn' | 'note' | 'orderId' | 'orderNo' | 'createdBy'>) => ({
      shopId,
      shopName: shopNameOf(shopId),
      afterSaleId: null,
      reversalOf: null,
      reversedBy: null,
      ...e,
    });
    return [
      ...SALES.map((s, i) =>
        line(s.shopId, { type: 'income', category: 'service', amountFen: s.program.priceFen, occurredOn: shanghaiDay(paidAt(s)), note: s.program.name, orderId: i + 1, orderNo: orderNoOf(s, i), createdBy: '王店长' }),
      ),
      line(1, { type: 'expense', category: 'materials', amountFen: 12_000, occurredOn: shanghaiDay(daysFromNow(-4)), note: '色料补货', orderId: null, orderNo: null, createdBy: '王店长' }),
      line(1, { type: 'expense', category: 'utilities', amountFen: 3_560, occurredOn: shanghaiDay(daysFromNow(-2)), note: '电费', orderId: null, orderNo: null, createdBy: '王店长' }),
    ];
  },
  filters: dayFilters('occurredOn'),
  search: textSearch('note'),
  defaultSort: (a, b) => b.occurredOn.localeCompare(a.occurredOn),
  // A hand entry is the manager's: stamped with its shop and author; it links to nothing.
  beforeWrite: (entry, ctx) => Object.assign(entry, { shopName: shopNameOf(entry.shopId), createdBy: callerName(ctx) }),
});

/** The query of a sums or export call, as a list query without pages. */
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
  return api.get(`/api/beer/backstage/${descriptor.name}/export`, ({ request }) => {
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
  api.get(`/api/beer/backstage/performance-records/summary`, ({ request }): PerformanceSummary => {
    const rows = performanceRecords.matching(performanceRecords.authorize('list', request), queryOf(request));
    return { count: rows.length, amountFen: rows.reduce((s, r) => s + r.amountFen, 0), commissionFen: rows.reduce((s, r) => s + r.commissionFen, 0) };
  }),
  exportHandler(performanceRecordResource, performanceRecords, '业绩审核', ['orderNo', 'shopName', 'staffName', 'kind', 'amountFen', 'commissionFen', 'status']),
  api.post(`/api/beer/backstage/performance-records/approve`, async ({ request }): Promise<PerformanceBatchResult> => {
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
  ...performanceRecords.handlers,
  performanceRecords.action('approve', (r, ctx) => {
    const why = review(r, ctx, 'approved');
    if (why) throw refuse(why);
    return performanceRecords.table.find(r.id);
  }),
  api.post(`/api/beer/backstage/performance-records/:id/reject`, async ({ request, params }) => {
    const ctx = performanceRecords.authorize('action:reject', request);
    const { reason } = await input(performanceRejectSchema, request);
    const r = performanceRecords.find(ctx, params.id);
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
  exportHandler(afterSaleResource, afterSales, '售后审核', ['orderNo', 'shopName', 'customerName', 'type', 'amountFen', 'status', 'reason']),
  ...afterSales.handlers,
  api.post(`/api/beer/backstage/after-sales/:id/approve`, async ({ request, params }) => {
    const ctx = afterSales.authorize('action:approve', request);
    const { note } = await input(afterSaleApproveSchema, request);
    const a = afterSales.find(ctx, params.id);
    if (a.status !== 'pending') throw refuse('售后申请已处理，不能再次审核');
    if (a.type === 'refund') executeRefund(a, ctx);
    return afterSales.table.replace(a, { ...a, status: 'approved', reviewNote: note, reviewedBy: callerName(ctx), reviewedAt: now(), updatedAt: now() });
  }),
  api.post(`/api/beer/backstage/after-sales/:id/reject`, async ({ request, params }) => {
    const ctx = afterSales.authorize('action:reject', request);
    const { reason } = await input(afterSaleRejectSchema, request);
    const a = afterSales.find(ctx, params.id);
    if (a.status !== 'pending') throw refuse('售后申请已处理，不能再次审核');
    return afterSales.table.replace(a, { ...a, status: 'rejected', rejectReason: reason, reviewedBy: callerName(ctx), reviewedAt: now(), updatedAt: now() });
  }),
];

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const ledgerHandlers = [
  api.get(`/api/beer/backstage/ledger/summary`, ({ request }): LedgerSummary => {
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
  exportHandler(ledgerEntryResource, ledger, '收支明细', ['occurredOn', 'type', 'category', 'amountFen', 'note', 'orderNo']),
  ...ledger.handlers,
  api.post(`/api/beer/backstage/ledger/:id/reverse`, async ({ request, params }) => {
    const ctx = ledger.authorize('action:reverse', request);
    const { reason } = await input(ledgerReverseSchema, request);
    const e = ledger.find(ctx, params.id);
    if (e.reversalOf !== null) throw refuse('冲正账目不能再冲正');
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

export const moneyHandlers = {
  orders: [exportHandler(orderResource, orders, '订单', ['orderNo', 'shopName', 'customerName', 'status', 'payableFen', 'paidFen', 'refundedFen']), ...orders.handlers],
  afterSales: afterSaleHandlers,
  performanceRecords: performanceHandlers,
  ledger: ledgerHandlers,
};
