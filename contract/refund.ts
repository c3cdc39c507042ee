import { z } from 'zod';
import { fenToYuan } from './money';
import { int, oneOf, strictObject } from './validation';
import { MAX_ORDER_FEN, MAX_PAYMENTS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from './order';

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

export const REFUND_CHANNEL_LABEL = '退款渠道';

/**
 * Where a refund's money goes: a payment method of the order, or (with cardId) the customer's stored
 * value, which the member-card module executes as a card transaction.
 */
export const refundChannelSchema = strictObject({
  method: oneOf(REFUND_CHANNEL_LABEL, PAYMENT_METHODS),
  amountFen: int(`${REFUND_CHANNEL_LABEL}金额`, 1, MAX_ORDER_FEN),
  cardId: int('储值卡', 1, 2_147_483_647).optional(),
});
export type RefundChannel = z.output<typeof refundChannelSchema>;

export const refundChannelsSchema = z
  .array(refundChannelSchema)
  .max(MAX_PAYMENTS + 1, `${REFUND_CHANNEL_LABEL}最多 ${MAX_PAYMENTS + 1} 个`);

/**
 * A channel as a refund keeps it: the after-sale row, its receipt and the ledger carry these. A
 * stored-value channel names the card the money went back onto.
 */
export const refundChannelRowSchema = z.object({ method: z.enum(PAYMENT_METHODS), amountFen: z.number(), cardId: z.number().optional() });

/** A channel of a refund: a method and its amount; the stored-value one with its card. */
export type ChannelAmount = { method: PaymentMethod; amountFen: number; cardId?: number };

/**
 * What each method of an order may still refund: what it paid minus what was refunded through it,
 * largest first. Stored value comes back onto the card that paid (an order pays from the customer's
 * one stored-value account), so its line carries that card.
 */
export function refundableByMethod(
  payments: readonly ChannelAmount[],
  refunded: readonly { method: PaymentMethod; amountFen: number }[],
): ChannelAmount[] {
  const left = new Map<PaymentMethod, ChannelAmount>();
  for (const p of payments) {
    const line = left.get(p.method) ?? { method: p.method, amountFen: 0, ...(p.cardId !== undefined && { cardId: p.cardId }) };
    left.set(p.method, { ...line, amountFen: line.amountFen + p.amountFen });
  }
  for (const r of refunded) {
    const line = left.get(r.method);
    if (line) line.amountFen -= r.amountFen;
  }
  return [...left.values()].sort((a, b) => b.amountFen - a.amountFen);
}

/** The console's proposal: the order's own methods, largest refundable first, filled up to the amount. */
export function proposedChannels(refundable: readonly ChannelAmount[], amountFen: number): ChannelAmount[] {
  let rest = amountFen;
  const channels: ChannelAmount[] = [];
  for (const r of refundable) {
    const part = Math.min(rest, Math.max(r.amountFen, 0));
    if (part > 0) channels.push({ ...r, amountFen: part });
    rest -= part;
  }
  return channels;
}

/**
 * The channels of a refund of `amountFen`, or why not: none named is the order's one method (an order
 * paid by several must name them); each a method that paid, once, at most what it may still refund;
 * together exactly the amount.
 */
export function checkChannels(
  refundable: readonly ChannelAmount[],
  amountFen: number,
  named: readonly ChannelAmount[] | undefined,
): { channels: ChannelAmount[] } | { refusal: string } {
  if (!named || named.length === 0) {
    if (refundable.length === 1) return { channels: [{ ...refundable[0], amountFen }] };
    return { refusal: `该订单由多种方式收款，请选择${REFUND_CHANNEL_LABEL}` };
  }
  const seen = new Set<PaymentMethod>();
  for (const c of named) {
    const label = PAYMENT_METHOD_LABELS[c.method];
    const left = refundable.find((r) => r.method === c.method);
    if (!left) return { refusal: `${REFUND_CHANNEL_LABEL}${label}不是该订单的收款方式` };
    if (seen.has(c.method)) return { refusal: `${REFUND_CHANNEL_LABEL}${label}重复` };
    seen.add(c.method);
    if (c.cardId !== undefined && c.cardId !== left.cardId)
      return {
        refusal:
          left.cardId === undefined
            ? `${REFUND_CHANNEL_LABEL}${label}不退回储值卡，不能指定储值卡`
            : `${REFUND_CHANNEL_LABEL}储值卡须退回付款的储值卡（卡号 ${left.cardId}）`,
      };
    if (c.amountFen > left.amountFen)
      return {
        refusal: `${REFUND_CHANNEL_LABEL}${label} ¥${fenToYuan(c.amountFen)} 超过该方式可退 ¥${fenToYuan(Math.max(left.amountFen, 0))}`,
      };
  }
  const sum = named.reduce((s, c) => s + c.amountFen, 0);
  if (sum !== amountFen) return { refusal: `${REFUND_CHANNEL_LABEL}合计 ¥${fenToYuan(sum)}，须等于退款金额 ¥${fenToYuan(amountFen)}` };
  return {
    channels: named.map(({ method, amountFen: fen }) => {
      const cardId = refundable.find((r) => r.method === method)!.cardId;
      return { method, amountFen: fen, ...(cardId !== undefined && { cardId }) };
    }),
  };
}
