import { CARD_KIND_LABELS } from '../../../contract/cardPlan';
import { CARD_TRANSACTION_FIELD_LABELS, CARD_TRANSACTION_KIND_LABELS } from '../../../contract/cardTransaction';
import { fieldTexts, optionTexts } from '../contractTexts';

/** Card transactions (the customer's cards, /finance/cards). Field labels come from contract/cardTransaction.ts. */
const cardTransaction = {
  ...fieldTexts('cardTransaction', CARD_TRANSACTION_FIELD_LABELS),
  ...optionTexts('cardTransaction', 'kind', CARD_TRANSACTION_KIND_LABELS),
  ...optionTexts('cardTransaction', 'cardKind', CARD_KIND_LABELS),
  'cardTransaction.search.placeholder': '客户姓名或订单号',
  'cardTransaction.sessions': '{{count}} 次',
};

export default cardTransaction;
