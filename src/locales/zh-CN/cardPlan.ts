import { CARD_KIND_LABELS, CARD_PLAN_FIELD_LABELS, CARD_PLAN_STATUS_LABELS } from '../../../contract/cardPlan';
import { fieldTexts, optionTexts } from '../contractTexts';

/** The card plans page (/operation/cards). Field labels come from contract/cardPlan.ts. */
const cardPlan = {
  ...fieldTexts('cardPlan', CARD_PLAN_FIELD_LABELS),
  ...optionTexts('cardPlan', 'kind', CARD_KIND_LABELS),
  ...optionTexts('cardPlan', 'status', CARD_PLAN_STATUS_LABELS),
  'cardPlan.create': '新建卡项',
  'cardPlan.edit': '编辑卡项',
  'cardPlan.created': '卡项「{{name}}」已创建',
  'cardPlan.updated': '卡项「{{name}}」已保存，新的条件只用于之后售出的卡',
  'cardPlan.deleted': '卡项「{{name}}」已删除',
  'cardPlan.shelfOn': '上架',
  'cardPlan.shelfOff': '下架',
  'cardPlan.shelvedOn': '卡项「{{name}}」已上架',
  'cardPlan.shelvedOff': '卡项「{{name}}」已下架，收银台不再出售；已售出的卡照常使用',
  'cardPlan.search.placeholder': '搜索卡项名称',
  'cardPlan.filter.kind': '全部类型',
  'cardPlan.filter.status': '全部状态',
  'cardPlan.column.terms': '内容',
  'cardPlan.terms': '{{program}} {{sessions}} 次，有效期 {{days}} 天',
  'cardPlan.noExpiry': '储值金额长期有效',
  'cardPlan.name.placeholder': '例如：充 5000 送 800',
  'cardPlan.kind.fixed': '卡类型创建后不能修改',
  'cardPlan.bonus.extra': '赠送金额可消费，不计收入，退卡时清零',
  'cardPlan.program.required': '请选择服务项目',
  'cardPlan.program.placeholder': '请选择',
  'cardPlan.sessions.required': '请输入次数',
  'cardPlan.validDays.required': '请输入有效期',
};

export default cardPlan;
