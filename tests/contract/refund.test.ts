import { describe, expect, it } from 'vitest';
import { afterRefund } from '../../contract/refund';

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
