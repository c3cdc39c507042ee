import { ORDER_FIELD_LABELS as L, type OrderLine } from './order';
import type { ProgramType } from './program';
import type { CardKind } from './cardPlan';
import { fenToYuan } from './money';

export interface PricedProgram {
  id: number;
  name: string;
  type: ProgramType;
  priceFen: number;
  vipPriceFen: number;
}

export interface PricedCardPlan {
  id: number;
  name: string;
  kind: CardKind;
  priceFen: number;
}

/** A service line (with `cardId`: a package session redeemed), or a card sold. */
export type PricedLineInput = { program: PricedProgram; quantity: number; discountFen: number; cardId?: number } | { plan: PricedCardPlan };

export interface Priced {
  lines: OrderLine[];
  totalFen: number;
  discountFen: number;
  payableFen: number;
}

/**
 * The price of an order, the same for the server and mock mode: each line at the program's price
 * (its VIP price for a VIP customer) times the quantity, less the line's discount; the order's
 * discount off the sum. A package session redeemed is charged 0 (its list price kept for the
 * receipt); a card sold is charged its plan's price, never a VIP price or a discount, and an order
 * selling one takes no order discount. A discount never exceeds what it discounts, so no amount is
 * ever negative: `refuse` throws the caller's own error naming the field.
 */
export function priceOrder(
  lines: readonly PricedLineInput[],
  orderDiscountFen: number,
  vip: boolean,
  refuse: (field: string, message: string) => never,
): Priced {
  const priced = lines.map((line, i): OrderLine => {
    if ('plan' in line) {
      const { plan } = line;
      return {
        kind: 'card',
        cardPlanId: plan.id,
        cardPlanName: plan.name,
        cardKind: plan.kind,
        unitPriceFen: plan.priceFen,
        quantity: 1,
        discountFen: 0,
        amountFen: plan.priceFen,
      };
    }
    const { program, quantity, discountFen, cardId } = line;
    if (cardId !== undefined)
      return {
        programId: program.id,
        programName: program.name,
        programType: program.type,
        unitPriceFen: 0,
        vipPrice: false,
        listPriceFen: program.priceFen,
        quantity: 1,
        discountFen: 0,
        amountFen: 0,
        cardId,
      };
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
  if (orderDiscountFen > 0 && lines.some((l) => 'plan' in l)) refuse('discountFen', `售卡订单不能设整单${L.discountFen}`);
  if (orderDiscountFen > totalFen) refuse('discountFen', `整单${L.discountFen}不能超过项目合计 ${fenToYuan(totalFen)} 元`);
  return { lines: priced, totalFen, discountFen: orderDiscountFen, payableFen: totalFen - orderDiscountFen };
}
