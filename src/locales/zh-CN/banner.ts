import { BANNER_FIELD_LABELS, BANNER_STATUS_LABELS } from '../../../contract/banner';
import { fieldTexts, optionTexts } from '../contractTexts';

/** The banners page (/operation/events). Field labels and messages come from contract/banner.ts. */
const banner = {
  ...fieldTexts('banner', BANNER_FIELD_LABELS),
  'banner.fields.createdAt': '创建时间',
  'banner.fields.updatedAt': '更新时间',
  ...optionTexts('banner', 'status', BANNER_STATUS_LABELS),
  'banner.create': '新建活动',
  'banner.edit': '编辑活动',
  'banner.created': '活动「{{name}}」已创建',
  'banner.updated': '活动「{{name}}」已保存',
  'banner.deleted': '活动「{{name}}」已删除',
  'banner.search.placeholder': '搜索名称、平台或来源',
  'banner.filter.status': '全部状态',
  'banner.period': '投放时间',
  'banner.period.open': '不限',
  'banner.period.always': '长期有效',
  'banner.noImage': '无图片',
  'banner.name.placeholder': '例如：春季纹眉节',
  'banner.platform.placeholder': '请选择投放平台',
  'banner.type.placeholder': '请选择活动位类型',
  'banner.source.placeholder': '请选择提出部门',
  'banner.image.extra': '上传一张活动图，客户端的活动位显示这张图',
  'banner.imageLink.extra': '图片存放在其他网站时，填该图片的网址（不上传图片时使用）；点击后打开的页面填在「跳转链接」',
  'banner.imageLink.placeholder': 'https:// 开头的图片网址，或 / 开头的站内路径',
  'banner.priority.extra': '数字越大越靠前',
  'banner.link.placeholder': 'https:// 开头的链接，或 / 开头的站内路径',
  'banner.startAt.placeholder': '不填则立即生效',
  'banner.endAt.placeholder': '不填则长期有效',
};

export default banner;
