import { ORDER_FIELD_LABELS, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '../../../contract/order';
import { fieldTexts, optionTexts } from '../contractTexts';

/** Orders as the checkstand and the finance pages show them. Field labels come from contract/order.ts. */
const order = {
  ...fieldTexts('order', ORDER_FIELD_LABELS),
  ...optionTexts('order', 'status', ORDER_STATUS_LABELS),
  ...optionTexts('order', 'method', PAYMENT_METHOD_LABELS),
  'order.search.placeholder': '订单号或客户姓名、手机号',
};

export default order;
