import { CARD_KIND_LABELS } from '../../../contract/cardPlan';
import { MEMBER_CARD_FIELD_LABELS, MEMBER_CARD_STATUS_LABELS } from '../../../contract/memberCard';
import { fieldTexts, optionTexts } from '../contractTexts';

/** Member cards as the customer's page shows them. Field labels come from contract/memberCard.ts. */
const memberCard = {
  ...fieldTexts('memberCard', MEMBER_CARD_FIELD_LABELS),
  ...optionTexts('memberCard', 'kind', CARD_KIND_LABELS),
  ...optionTexts('memberCard', 'status', MEMBER_CARD_STATUS_LABELS),
  'memberCard.none': '暂无会员卡',
  'memberCard.balance': '余额 {{total}}（本金 {{principal}} + 赠送 {{bonus}}）',
  'memberCard.sessions': '剩余 {{left}} / {{total}} 次',
  'memberCard.noExpiry': '长期有效',
  'memberCard.transactions': '{{name}} 的流水',
};

export default memberCard;
