import { AFTER_SALE_FIELD_LABELS, AFTER_SALE_STATUS_LABELS, AFTER_SALE_TYPE_LABELS } from '../../../contract/afterSale';
import { fieldTexts, optionTexts } from '../contractTexts';

/** After-sale requests, as the checkstand asks for them and finance reviews them. Field labels come from contract/afterSale.ts. */
const afterSale = {
  ...fieldTexts('afterSale', AFTER_SALE_FIELD_LABELS),
  ...optionTexts('afterSale', 'type', AFTER_SALE_TYPE_LABELS),
  ...optionTexts('afterSale', 'status', AFTER_SALE_STATUS_LABELS),
  'afterSale.create': '申请售后',
  'afterSale.search.placeholder': '订单号或客户姓名',
};

export default afterSale;
