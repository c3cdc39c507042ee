import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE, PAID_ORDER_STATUSES, type Order } from '../../contract/order';
import { orderCancelRefusal, orderCancelSchema, orderCreateSchema, orderPayRefusal, orderPaySchema } from '../../contract/order';
import { afterSaleCreateSchema, afterSaleWithdrawRefusal, afterSaleWithdrawSchema } from '../../contract/afterSale';
import { badField, conflict, input, MockError } from './engine/http';
import { statusStep, type CallContext } from './engine/resource';
import { kept } from './engine/store';
import { appointments } from './appointments';
import { afterSales, callerName, orders, priceOrder, requestAfterSale, settle } from './money';
import { formatFen } from '../../contract/money';

/**
 * The checkstand's calls: an order priced and paid (payments adding up to the payable), cancelled
 * while unpaid, and after-sale requests on paid orders, within what was paid; each with the server's
 * idempotency keys.
 */

/** Answers kept per account, path and key: the same key and body answer the first answer again. */
const answered = kept(new Map<string, { body: string; answer?: unknown; error?: MockError }>());

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

orders.route('post', '', 'create', async (ctx) => {
  const values = await input(orderCreateSchema, ctx.request);
  return once(ctx, values, () => priceOrder(values, ctx.session.shopID!, callerName(ctx)));
});

orders.action('pay', async (order, ctx) => {
  const { payments } = await input(orderPaySchema, ctx.request);
  return once(ctx, { payments }, () => {
    if (order.status !== 'unpaid') throw conflict(orderPayRefusal(order.status));
    const sum = payments.reduce((s, p) => s + p.amountFen, 0);
    if (sum !== order.payableFen) throw badField('payments', `收款合计 ${formatFen(sum)} 与应收 ${formatFen(order.payableFen)} 不一致`);
    const appointment = order.appointmentId === null ? undefined : appointments.table.find(order.appointmentId);
    if (appointment?.status === 'arrived') appointments.table.update(appointment, { status: 'completed' });
    return settle(order, payments, callerName(ctx));
  });
});

statusStep(orders, 'cancel', {
  from: ['unpaid'],
  refusal: (o) => orderCancelRefusal(o.status),
  body: orderCancelSchema,
  set: (_, { reason }) => ({ status: 'cancelled', cancelReason: reason }),
});

/** What may still be asked back of an order: paid, less refunded, less pending refund requests. */
function refundableFen(o: Order): number {
  const pending = afterSales.table.rows.filter((a) => a.orderId === o.id && a.type === 'refund' && a.status === 'pending');
  return o.paidFen - o.refundedFen - pending.reduce((s, a) => s + (a.amountFen ?? 0), 0);
}

afterSales.route('post', '', 'create', async (ctx) => {
  const values = await input(afterSaleCreateSchema, ctx.request);
  return once(ctx, values, () => {
    const order = orders.find(ctx, String(values.orderId));
    if (!(PAID_ORDER_STATUSES as readonly string[]).includes(order.status)) throw conflict(`订单 ${order.orderNo} 未支付，不能申请售后`);
    const most = refundableFen(order);
    if (values.type === 'refund' && values.amountFen! > most) throw badField('amountFen', `退款金额不能超过可退金额 ${formatFen(most)}`);
    return requestAfterSale(order, values, callerName(ctx));
  });
});

statusStep(afterSales, 'withdraw', {
  from: ['pending'],
  refusal: (a) => afterSaleWithdrawRefusal(a.status),
  body: afterSaleWithdrawSchema,
  set: () => ({ status: 'withdrawn' }),
});
