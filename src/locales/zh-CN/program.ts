import { PROGRAM_FIELD_LABELS, PROGRAM_STATUS_LABELS, PROGRAM_TYPE_LABELS } from '../../../contract/program';
import { fieldTexts, optionTexts } from '../contractTexts';

/** The service programs page (/operation/program). Field labels and messages come from contract/program.ts. */
const program = {
  ...fieldTexts('program', PROGRAM_FIELD_LABELS),
  'program.fields.createdAt': '创建时间',
  'program.fields.updatedAt': '更新时间',
  ...optionTexts('program', 'type', PROGRAM_TYPE_LABELS),
  ...optionTexts('program', 'status', PROGRAM_STATUS_LABELS),
  'program.create': '新建项目',
  'program.edit': '编辑项目',
  'program.created': '项目「{{name}}」已创建',
  'program.updated': '项目「{{name}}」已保存',
  'program.deleted': '项目「{{name}}」已删除',
  'program.shelfOn': '上架',
  'program.shelfOff': '下架',
  'program.shelvedOn': '项目「{{name}}」已上架',
  'program.shelvedOff': '项目「{{name}}」已下架，不再用于新的预约和订单',
  'program.search.placeholder': '搜索名称或标签',
  'program.filter.type': '全部类型',
  'program.filter.status': '全部状态',
  'program.noImage': '无图片',
  'program.column.duration': '时长',
  'program.column.status': '状态',
  'program.column.touchUpDays': '补色期',
  'program.minutes': '{{count}} 分钟',
  'program.days': '{{count}} 天',
  'program.name.placeholder': '例如：雾眉',
  'program.type.placeholder': '请选择',
  'program.tag.placeholder': '例如：热销',
  'program.touchUpDays.extra': '纹眉、纹唇默认 60 天，美容默认 0 天',
  'program.detailImages.extra': '最多 {{max}} 张，可用箭头调整顺序',
  'program.details.extra': '最多 {{max}} 条，按顺序展示',
  'program.details.key': '参数名，例如：适合人群',
  'program.details.value': '参数内容',
  'program.details.add': '添加一行',
  'program.details.up': '上移',
  'program.details.down': '下移',
  'program.details.remove': '删除此行',
};

export default program;
