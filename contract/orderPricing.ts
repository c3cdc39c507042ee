import { ORDER_FIELD_LABELS as L, type OrderLine } from './order';
import type { ProgramType } from './program';
import { fenToYuan } from './money';

export interface PricedProgram {
  id: number;
  name: string;
  type: ProgramType;
  priceFen: number;
  vipPriceFen: number;
}

export interface Priced {
  lines: OrderLine[];
  totalFen: number;
  discountFen: number;
  payableFen: number;
}

/**
 * The price of an order, the same for the server and mock mode: each line at the program's price
 * (its VIP price for a VIP customer) times the quantity, less the line's discount; the order's
 * discount off the sum. A discount never exceeds what it discounts, so no amount is ever negative:
 * `refuse` throws the caller's own error naming the field.
 */
export function priceOrder(
  lines: readonly { program: PricedProgram; quantity: number; discountFen: number }[],
  orderDiscountFen: number,
  vip: boolean,
  refuse: (field: string, message: string) => never,
): Priced {
  const priced = lines.map(({ program, quantity, discountFen }, i): OrderLine => {
    const unitPriceFen = vip ? program.vipPriceFen : program.priceFen;
    const grossFen = unitPriceFen * quantity;
    if (discountFen > grossFen)
      refuse(`lines.${i}.discountFen`, `「${program.name}」的${L.lineDiscountFen}不能超过项目金额 ${fenToYuan(grossFen)} 元`);
    return {
      programId: program.id,
      programName: program.name,
      programType: program.type,
      unitPriceFen,
      vipPrice: vip,
      listPriceFen: program.priceFen,
      quantity,
      discountFen,
      amountFen: grossFen - discountFen,
    };
  });
  const totalFen = priced.reduce((s, l) => s + l.amountFen, 0);
  if (orderDiscountFen > totalFen) refuse('discountFen', `整单${L.discountFen}不能超过项目合计 ${fenToYuan(totalFen)} 元`);
  return { lines: priced, totalFen, discountFen: orderDiscountFen, payableFen: totalFen - orderDiscountFen };
}
