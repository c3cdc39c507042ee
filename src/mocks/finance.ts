import { HttpResponse } from 'msw';
import { afterRefund, checkChannels, refundableByMethod, type RefundChannel } from '../../contract/refund';
import { afterSaleApproveSchema, afterSaleRejectSchema, afterSaleReviewRefusal, type AfterSale } from '../../contract/afterSale';
import { performanceBatchApproveSchema, performanceRejectSchema, performanceReviewRefusal } from '../../contract/performanceRecord';
import type { PerformanceBatchResult } from '../../contract/performanceRecord';
import {
  LEDGER_CATEGORY_LABELS,
  SYSTEM_LEDGER_CATEGORIES,
  ledgerReverseSchema,
  ledgerSummaryQuerySchema,
} from '../../contract/ledgerEntry';
import type { LedgerSummary } from '../../contract/ledgerEntry';
import { badField, conflict, input, query, refusalOf } from './engine/http';
import { shanghaiDay } from './engine/listQuery';
import { statusStep, type CallContext, type MockResource } from './engine/resource';
import type { StoredRow } from './engine/store';
import { afterSales, book, callerName, ledger, orders, performanceRecords, shareOut } from './money';
import { cardTransactions, returnToCard } from './cards';

/** The finance calls: review of performance and after-sales, refunds, reversals, the sums and the exports of the lists. */

const DAY_MS = 86_400_000;
const sum = <R>(rows: R[], fen: (row: R) => number) => rows.reduce((s, r) => s + fen(r), 0);

/** A list's query without its page: what its sums and its export read. */
const queryOf = (request: Request) => {
  const params = new URL(request.url).searchParams;
  for (const key of ['_start', '_end']) params.delete(key);
  return params;
};

/** GET <resource>/export: what the list shows, as CSV (the server writes .xlsx), under the server's Chinese file name in filename*. */
function exportAs<Row extends StoredRow>(resource: MockResource<Row>, title: string, columns: (keyof Row & string)[]) {
  resource.route('get', '/export', 'list', (ctx) => {
    const params = queryOf(ctx.request);
    const cell = (v: unknown) => `"${String(v ?? '').replaceAll('"', '""')}"`;
    const rows = resource.matching(ctx, params).map((r) => columns.map((c) => cell(r[c])).join(','));
    const fileName = `${title}_${[params.get('from'), params.get('to')].filter(Boolean).join('至') || '全部'}.csv`;
    const disposition = `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    const headers = { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': disposition };
    return new HttpResponse([columns.join(','), ...rows].join('\n'), { headers });
  });
}
exportAs(performanceRecords, '业绩记录', ['orderNo', 'shopName', 'staffName', 'kind', 'amountFen', 'commissionFen', 'status']);
exportAs(afterSales, '售后申请', ['orderNo', 'shopName', 'customerName', 'type', 'amountFen', 'status', 'reason']);
exportAs(ledger, '收支流水', ['occurredOn', 'type', 'category', 'amountFen', 'note', 'orderNo']);

/** The stamps of a review by the caller. */
const reviewedBy = (ctx: CallContext) => ({ reviewedBy: callerName(ctx), reviewedAt: new Date().toISOString() });

// Performance records: reviewed once each, one at a time or a picked batch.
const approve = statusStep(performanceRecords, 'approve', {
  from: ['pending'],
  refusal: (r) => performanceReviewRefusal(r.status),
  set: (_r, _body, ctx) => ({ status: 'approved', ...reviewedBy(ctx) }),
});
statusStep(performanceRecords, 'reject', {
  from: ['pending'],
  refusal: (r) => performanceReviewRefusal(r.status),
  body: performanceRejectSchema,
  set: (_, { reason }, ctx) => ({ status: 'rejected', rejectReason: reason, ...reviewedBy(ctx) }),
});

performanceRecords.route('post', '/approve', 'action:approve', async (ctx): Promise<PerformanceBatchResult> => {
  const { ids } = await input(performanceBatchApproveSchema, ctx.request);
  const result: PerformanceBatchResult = { approved: [], skipped: [] };
  for (const id of new Set(ids)) {
    const r = performanceRecords.table.find(id);
    const reason = r ? refusalOf(() => approve(r, undefined, ctx)) : '业绩记录不存在';
    if (reason === null) result.approved.push(id);
    else result.skipped.push({ id, reason });
  }
  return result;
});

performanceRecords.route('get', '/summary', 'list', (ctx) => {
  const rows = performanceRecords.matching(ctx, queryOf(ctx.request));
  return { count: rows.length, amountFen: sum(rows, (r) => r.amountFen), commissionFen: sum(rows, (r) => r.commissionFen) };
});

/**
 * A refund approved, as the server executes it: the order's refund and state, a negative ledger line
 * per money channel, the stored-value channel back onto its card, negative performance; answers the
 * channels.
 */
function refund(a: AfterSale, named: RefundChannel[] | undefined, ctx: CallContext): AfterSale['refundChannels'] {
  const order = orders.table.find(a.orderId)!;
  const amount = a.amountFen ?? 0;
  const refunded = afterRefund(order, amount);
  if ('refusal' in refunded) throw conflict(refunded.refusal);
  const earlier = ledger.table.rows.filter((e) => e.orderId === order.id && e.category === 'refund' && e.method !== null);
  const backOnCard = cardTransactions.table.rows.filter((r) => r.orderId === order.id && r.kind === 'reversal');
  const checked = checkChannels(
    refundableByMethod(order.payments, [
      ...earlier.map((e) => ({ method: e.method!, amountFen: -e.amountFen })),
      ...backOnCard.map((r) => ({ method: 'stored-value' as const, amountFen: r.principalFen + r.bonusFen })),
    ]),
    amount,
    named,
  );
  if ('refusal' in checked) throw badField('channels', checked.refusal);
  const now = new Date().toISOString();
  for (const c of checked.channels) {
    if (c.method === 'stored-value') {
      const paid = order.payments.filter((p) => p.cardId === c.cardId);
      const taken = { principalFen: sum(paid, (p) => p.principalFen ?? 0), bonusFen: sum(paid, (p) => p.bonusFen ?? 0) };
      returnToCard(c.cardId!, taken, c.amountFen, {
        shopId: order.shopId,
        orderId: order.id,
        orderNo: order.orderNo,
        accountName: callerName(ctx),
        at: now,
      });
      continue;
    }
    book(
      order,
      { category: 'refund', amountFen: -c.amountFen, method: c.method, note: a.reason, afterSaleId: a.id, createdBy: callerName(ctx) },
      now,
    );
  }
  orders.table.update(order, refunded);
  shareOut(order, -amount, a.id, now);
  return checked.channels;
}

statusStep(afterSales, 'approve', {
  from: ['pending'],
  refusal: (a) => afterSaleReviewRefusal(a.status),
  body: afterSaleApproveSchema,
  set: (a, { note, channels }, ctx) => {
    const refundChannels = a.type === 'refund' ? refund(a, channels, ctx) : [];
    return { status: 'approved', reviewNote: note, refundChannels, ...reviewedBy(ctx) };
  },
});
statusStep(afterSales, 'reject', {
  from: ['pending'],
  refusal: (a) => afterSaleReviewRefusal(a.status),
  body: afterSaleRejectSchema,
  set: (_, { reason }, ctx) => ({ status: 'rejected', rejectReason: reason, ...reviewedBy(ctx) }),
});

ledger.route('get', '/summary', 'list', (ctx): LedgerSummary => {
  const { from, to, shopId } = query(ledgerSummaryQuerySchema, ctx.request);
  const rows = ledger.matching(ctx, new URLSearchParams({ from, to, ...(shopId ? { shopId: String(shopId) } : {}) }));
  const days = Array.from({ length: (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 }, (_, i) => {
    const day = new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10);
    const of = (type: string) =>
      sum(
        rows.filter((r) => r.occurredOn === day && r.type === type),
        (r) => r.amountFen,
      );
    return { day, incomeFen: of('income'), expenseFen: of('expense') };
  });
  const incomeFen = sum(days, (d) => d.incomeFen);
  const expenseFen = sum(days, (d) => d.expenseFen);
  return { incomeFen, expenseFen, netFen: incomeFen - expenseFen, days };
});

ledger.action('reverse', async (e, ctx) => {
  const { reason } = await input(ledgerReverseSchema, ctx.request);
  if (e.reversalOf !== null) throw conflict('冲正记录不能再冲正');
  if (Object.hasOwn(SYSTEM_LEDGER_CATEGORIES, e.category)) throw conflict(`${LEDGER_CATEGORY_LABELS[e.category]}由系统记账，不能冲正`);
  if (e.reversedBy !== null) throw conflict('该账目已冲正');
  const now = new Date().toISOString();
  const reversal = ledger.table.add({
    ...e,
    amountFen: -e.amountFen,
    note: reason,
    reversalOf: e.id,
    createdBy: callerName(ctx),
    occurredOn: shanghaiDay(now),
    createdAt: now,
    updatedAt: now,
  });
  ledger.table.update(e, { reversedBy: reversal.id });
  return reversal;
});
