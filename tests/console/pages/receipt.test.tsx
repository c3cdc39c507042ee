import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Receipt } from '../../../src/pages/checkstand/Receipt';
import type { Order } from '../../../contract/order';

/** A ¥500 order paid ¥200 by WeChat and ¥300 by Alipay, ¥400 of it refunded in two refunds. */
const order: Order = {
  id: 7,
  orderNo: '20261128-001-0007',
  shopId: 1,
  shopName: '美颜坊·静安店',
  customerId: 3,
  customerName: '王小姐',
  customerPhone: '138****0001',
  customerVip: false,
  appointmentId: null,
  status: 'paid',
  lines: [
    {
      kind: 'program',
      programId: 2,
      programName: '雾眉',
      programType: 1,
      unitPriceFen: 50_000,
      vipPrice: false,
      quantity: 1,
      discountFen: 0,
      amountFen: 50_000,
    },
  ],
  totalFen: 50_000,
  discountFen: 0,
  payableFen: 50_000,
  payments: [
    { method: 'wechat', amountFen: 20_000 },
    { method: 'alipay', amountFen: 30_000 },
  ],
  paidFen: 50_000,
  refundedFen: 40_000,
  staffShares: [{ staffId: 4, staffName: '李师傅', shareBp: 10_000 }],
  note: '',
  cancelReason: '',
  createdBy: '店长',
  paidAt: '2026-11-28T05:30:00.000Z',
  createdAt: '2026-11-28T05:20:00.000Z',
  updatedAt: '2026-11-28T05:30:00.000Z',
};

describe('the receipt of a refunded order', () => {
  it('says what was refunded and through which channels, refund by refund', () => {
    render(
      <Receipt
        order={order}
        paper="80mm"
        refunds={[
          {
            id: 11,
            refundChannels: [
              { method: 'wechat', amountFen: 20_000 },
              { method: 'alipay', amountFen: 10_000 },
            ],
          },
          { id: 12, refundChannels: [{ method: 'alipay', amountFen: 10_000 }] },
        ]}
      />,
    );
    expect(screen.getByText('−¥400.00')).toBeTruthy();
    expect(screen.getAllByTestId('receipt-refund').map((e) => e.textContent)).toEqual([
      '退回 微信 ¥200.00、支付宝 ¥100.00',
      '退回 支付宝 ¥100.00',
    ]);
  });
});
