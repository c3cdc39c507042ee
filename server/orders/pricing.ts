import { invalid } from '../http/errors';
import { ORDER_FIELD_LABELS as L, type OrderLine } from '../../contract/order';
import type { ProgramType } from '../../contract/program';
// Pure decimal-string conversion shared with the console (no DOM in it).
import { fenToYuan } from '../../contract/money';

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

const fieldError = (field: string, message: string) => invalid(message, [{ field, message }]);

/**
 * The server's price of an order: each line at the program's price (its VIP price for a VIP
 * customer) times the quantity, less the line's discount; the order's discount off the sum. A
 * discount never exceeds what it discounts, so no amount is ever negative. Pure, so the demo data
 * prices its orders with the very same rules.
 */
export function priceOrder(
  lines: readonly { program: PricedProgram; quantity: number; discountFen: number }[],
  orderDiscountFen: number,
  vip: boolean,
): Priced {
  const priced = lines.map(({ program, quantity, discountFen }, i): OrderLine => {
    const unitPriceFen = vip ? program.vipPriceFen : program.priceFen;
    const grossFen = unitPriceFen * quantity;
    if (discountFen > grossFen)
      throw fieldError(`lines.${i}.discountFen`, `「${program.name}」的${L.lineDiscountFen}不能超过项目金额 ${fenToYuan(grossFen)} 元`);
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
  if (orderDiscountFen > totalFen) throw fieldError('discountFen', `整单${L.discountFen}不能超过项目合计 ${fenToYuan(totalFen)} 元`);
  return { lines: priced, totalFen, discountFen: orderDiscountFen, payableFen: totalFen - orderDiscountFen };
}
