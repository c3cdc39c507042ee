import { CUSTOMER_FIELD_LABELS, CUSTOMER_SOURCE_LABELS, GENDER_LABELS } from '../../../contract/customer';
import { fieldTexts, optionTexts } from '../contractTexts';

/** The customers pages (/shop/consumer, /shop/consumer/:id). Field labels and messages come from contract/customer.ts. */
const customer = {
  ...fieldTexts('customer', CUSTOMER_FIELD_LABELS),
  'customer.fields.createdAt': '建档时间',
  'customer.fields.updatedAt': '更新时间',
  ...optionTexts('customer', 'gender', GENDER_LABELS),
  ...optionTexts('customer', 'source', CUSTOMER_SOURCE_LABELS),
  'customer.create': '新建客户',
  'customer.edit': '编辑客户',
  'customer.created': '客户「{{name}}」已创建',
  'customer.updated': '客户「{{name}}」已保存',
  'customer.deleted': '客户「{{name}}」已删除',
  'customer.detail': '详情',
  'customer.search.placeholder': '姓名或手机号（可输后四位）',
  'customer.filter.source': '全部来源',
  'customer.filter.vip': '会员与否',
  'customer.filter.tags': '按标签筛选',
  'customer.filter.createdFrom': '建档起',
  'customer.filter.createdTo': '建档止',
  'customer.vip.yes': '会员',
  'customer.neverVisited': '未到店消费',
  'customer.vip.no': '非会员',
  'customer.vip.extra': '会员下单按会员价结算',
  'customer.tags.extra': '输入后按回车添加，最多 {{max}} 个',
  'customer.tags.placeholder': '例如：敏感肌、老客',
  'customer.healthNotes.placeholder': '过敏史、孕期、疾病、用药等，服务前务必查看',
  'customer.backToList': '返回客户列表',
  'customer.notFound': '客户不存在或不属于当前门店',
  'customer.tab.profile': '资料',
  'customer.tab.visits': '到店记录',
  'customer.tab.records': '服务档案',
  'customer.tab.notes': '备注',
  'customer.visits.empty': '暂无到店记录',
  'customer.revealPhone': '显示完整手机号',
  'customer.consent.missing': '未签署',
  'customer.notes.placeholder': '客户偏好、沟通记录等',
  'customer.notes.saved': '备注已保存',
};

export default customer;
