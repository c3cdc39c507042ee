import type { PaymentMethod } from '../../contract/order';
import type { AfterSale } from '../../contract/afterSale';
import { shanghaiDay } from './engine/listQuery';
import { daysFromNow } from './demoTime';
import { ledger, orders, performanceRecords, priceOrder, requestAfterSale, settle } from './money';
import { shopName } from './shops';

/**
 * The demo money the finance pages' tests start from, put in the emptied tables (mock mode itself
 * starts without money): sales of shops 1 and 2 priced, paid and booked as the checkstand's are (the
 * oldest one's performance approved), two hand expenses of shop 1, and three after-sale requests
 * waiting for review.
 */

const MANAGER = '王店长';

interface DemoSale {
  daysAgo: number;
  shopId: number;
  /** A customer of shop 1; null: a walk-in. */
  customerId: number | null;
  programId: number;
  /** [staff id, share in bp]: staff 1 and 2 work in shop 1, staff 3 in shop 2. */
  shares: [number, number][];
  method: PaymentMethod;
}

/** Oldest first. */
const SALES: DemoSale[] = [
  { daysAgo: 6, shopId: 1, customerId: 1, programId: 1, shares: [[1, 10_000]], method: 'wechat' },
  {
    daysAgo: 5,
    shopId: 1,
    customerId: 2,
    programId: 2,
    shares: [
      [1, 6_000],
      [2, 4_000],
    ],
    method: 'alipay',
  },
  { daysAgo: 4, shopId: 2, customerId: null, programId: 1, shares: [[3, 10_000]], method: 'cash' },
  { daysAgo: 3, shopId: 1, customerId: 1, programId: 2, shares: [[2, 10_000]], method: 'card' },
  {
    daysAgo: 2,
    shopId: 1,
    customerId: 2,
    programId: 1,
    shares: [
      [1, 5_000],
      [2, 5_000],
    ],
    method: 'wechat',
  },
  { daysAgo: 1, shopId: 2, customerId: null, programId: 2, shares: [[3, 10_000]], method: 'alipay' },
];

const REQUESTS: { orderId: number; daysAgo: number; request: Pick<AfterSale, 'type' | 'amountFen' | 'reason'> }[] = [
  { orderId: 2, daysAgo: 1, request: { type: 'refund', amountFen: 50_000, reason: '唇色与预期不符，协商退部分款项' } },
  { orderId: 1, daysAgo: 2, request: { type: 'complaint', amountFen: null, reason: '等待时间过长' } },
  { orderId: 5, daysAgo: 0.5, request: { type: 'touch-up', amountFen: null, reason: '眉尾掉色，申请补色' } },
];

export function seedFinanceDemo(): void {
  for (const s of SALES) {
    const at = daysFromNow(-s.daysAgo);
    const lines = [{ programId: s.programId, quantity: 1, discountFen: 0 }];
    const staffShares = s.shares.map(([staffId, shareBp]) => ({ staffId, shareBp }));
    const values = { customerId: s.customerId, appointmentId: null, lines, discountFen: 0, staffShares, note: '' };
    const order = priceOrder(values, s.shopId, MANAGER, at);
    settle(order, [{ method: s.method, amountFen: order.payableFen }], MANAGER, at);
  }
  const first = performanceRecords.table.rows[0];
  performanceRecords.table.replace(first, { ...first, status: 'approved', reviewedBy: '赵财务', reviewedAt: daysFromNow(-5) });

  for (const [daysAgo, category, amountFen, note] of [
    [4, 'materials', 12_000, '色料补货'],
    [2, 'utilities', 3_560, '电费'],
  ] as const) {
    const at = daysFromNow(-daysAgo);
    ledger.table.add({
      shopId: 1,
      shopName: shopName(1) ?? '',
      type: 'expense',
      category,
      amountFen,
      method: 'cash',
      occurredOn: shanghaiDay(at),
      note,
      orderId: null,
      orderNo: null,
      afterSaleId: null,
      reversalOf: null,
      reversedBy: null,
      createdBy: MANAGER,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (const { orderId, daysAgo, request } of REQUESTS) {
    requestAfterSale(orders.table.find(orderId)!, { orderId, images: [], cardId: null, ...request }, MANAGER, daysFromNow(-daysAgo));
  }
}
