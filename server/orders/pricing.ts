import { invalid } from '../http/errors';
import { priceOrder as priceWith, type Priced, type PricedLineInput, type PricedProgram } from '../../contract/orderPricing';

export type { Priced, PricedProgram };

/** contract/'s price of an order, refusing a discount larger than what it discounts with a 40000 naming the field. */
export function priceOrder(lines: readonly PricedLineInput[], orderDiscountFen: number, vip: boolean): Priced {
  return priceWith(lines, orderDiscountFen, vip, (field, message) => {
    throw invalid(message, [{ field, message }]);
  });
}
