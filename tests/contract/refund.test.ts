import { describe, expect, it } from 'vitest';
import { afterRefund, checkChannels, proposedChannels, refundableByMethod } from '../../contract/refund';

describe('an order after a refund', () => {
  it('is partly refunded while money is left, refunded once none is', () => {
    expect(afterRefund({ paidFen: 30_000, refundedFen: 0 }, 10_000)).toEqual({ refundedFen: 10_000, status: 'partially-refunded' });
    expect(afterRefund({ paidFen: 30_000, refundedFen: 10_000 }, 20_000)).toEqual({ refundedFen: 30_000, status: 'refunded' });
  });

  it('refuses more than is left, saying how much is', () => {
    expect(afterRefund({ paidFen: 30_000, refundedFen: 25_000 }, 5_001)).toEqual({
      refusal: '退款金额 ¥50.01 超过订单可退金额 ¥50.00，请驳回或让门店重新申请',
    });
  });
});

describe('refund channels', () => {
  const payments = [
    { method: 'cash' as const, amountFen: 200 },
    { method: 'stored-value' as const, amountFen: 333, cardId: 7 },
  ];

  it('proposes the order’s methods largest first, stored value with the card that paid', () => {
    const refundable = refundableByMethod(payments, [{ method: 'stored-value', amountFen: 100 }]);
    expect(refundable).toEqual([
      { method: 'stored-value', amountFen: 233, cardId: 7 },
      { method: 'cash', amountFen: 200 },
    ]);
    expect(proposedChannels(refundable, 300)).toEqual([
      { method: 'stored-value', amountFen: 233, cardId: 7 },
      { method: 'cash', amountFen: 67 },
    ]);
  });

  it('keeps the card on a stored-value channel, refuses another card or a card on a money method', () => {
    const refundable = refundableByMethod(payments, []);
    expect(checkChannels(refundable, 333, [{ method: 'stored-value', amountFen: 333 }])).toEqual({
      channels: [{ method: 'stored-value', amountFen: 333, cardId: 7 }],
    });
    expect(checkChannels(refundable, 333, [{ method: 'stored-value', amountFen: 333, cardId: 8 }])).toEqual({
      refusal: '退款渠道储值卡须退回付款的储值卡（卡号 7）',
    });
    expect(checkChannels(refundable, 200, [{ method: 'cash', amountFen: 200, cardId: 7 }])).toEqual({
      refusal: '退款渠道现金不退回储值卡，不能指定储值卡',
    });
    expect(checkChannels(refundable, 334, [{ method: 'stored-value', amountFen: 334 }])).toEqual({
      refusal: '退款渠道储值卡 ¥3.34 超过该方式可退 ¥3.33',
    });
  });
});
