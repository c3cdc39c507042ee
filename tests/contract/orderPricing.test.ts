import { describe, expect, it } from 'vitest';
import { priceOrder, type PricedProgram } from '../../contract/orderPricing';
import { programLines } from '../../contract/order';

const brows: PricedProgram = { id: 1, name: '雾眉', type: 1, priceFen: 168_000, vipPriceFen: 138_000 };
const care: PricedProgram = { id: 2, name: '眉部护理', type: 2, priceFen: 12_800, vipPriceFen: 9_800 };
const refuse = (field: string, message: string): never => {
  throw Object.assign(new Error(message), { field });
};

describe('the price of an order', () => {
  it('takes VIP prices for a VIP, times the quantity, less each line discount, then the order discount', () => {
    const priced = priceOrder(
      [
        { program: brows, quantity: 1, discountFen: 8_000 },
        { program: care, quantity: 2, discountFen: 0 },
      ],
      1_000,
      true,
      refuse,
    );
    expect(programLines(priced.lines).map((l) => [l.unitPriceFen, l.vipPrice, l.amountFen])).toEqual([
      [138_000, true, 130_000],
      [9_800, true, 19_600],
    ]);
    expect([priced.totalFen, priced.discountFen, priced.payableFen]).toEqual([149_600, 1_000, 148_600]);
  });

  it('refuses a discount larger than what it discounts, naming the field', () => {
    expect(() => priceOrder([{ program: care, quantity: 1, discountFen: 12_801 }], 0, false, refuse)).toThrow(
      expect.objectContaining({ field: 'lines.0.discountFen', message: '「眉部护理」的项目优惠不能超过项目金额 128.00 元' }),
    );
    expect(() => priceOrder([{ program: care, quantity: 1, discountFen: 0 }], 12_801, false, refuse)).toThrow(
      expect.objectContaining({ field: 'discountFen' }),
    );
  });
});
