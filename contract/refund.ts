import { fenToYuan } from './money';
import type { OrderStatus } from './order';

/**
 * A paid order after a refund of `amountFen`, the same for the server and mock mode: its refunded
 * amount and its state (refunded once nothing is left), or why not (more than is left to refund).
 */
export function afterRefund(
  order: { paidFen: number; refundedFen: number },
  amountFen: number,
): { refundedFen: number; status: Extract<OrderStatus, 'refunded' | 'partially-refunded'> } | { refusal: string } {
  const refundable = order.paidFen - order.refundedFen;
  if (amountFen > refundable)
    return { refusal: `退款金额 ¥${fenToYuan(amountFen)} 超过订单可退金额 ¥${fenToYuan(refundable)}，请驳回或让门店重新申请` };
  const refundedFen = order.refundedFen + amountFen;
  return { refundedFen, status: refundedFen === order.paidFen ? 'refunded' : 'partially-refunded' };
}
