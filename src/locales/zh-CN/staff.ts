import { STAFF_FIELD_LABELS, STAFF_JOB_LABELS, STAFF_STATUS_LABELS } from '../../../contract/staff';
import { fieldTexts, optionTexts } from '../contractTexts';

/** The staff page (/shop/staff). Field labels and messages come from contract/staff.ts. */
const staff = {
  ...fieldTexts('staff', STAFF_FIELD_LABELS),
  'staff.fields.shopId': '所属门店',
  'staff.fields.createdAt': '创建时间',
  'staff.fields.updatedAt': '更新时间',
  ...optionTexts('staff', 'job', STAFF_JOB_LABELS),
  ...optionTexts('staff', 'status', STAFF_STATUS_LABELS),
  'staff.create': '新建员工',
  'staff.edit': '编辑员工',
  'staff.created': '员工「{{name}}」已创建',
  'staff.updated': '员工「{{name}}」已保存',
  'staff.deleted': '员工「{{name}}」已删除',
  'staff.markLeft': '离职',
  'staff.markLeft.confirm': '确定将「{{name}}」标记为离职？',
  'staff.markActive': '复职',
  'staff.markedLeft': '「{{name}}」已标记为离职',
  'staff.markedActive': '「{{name}}」已恢复在职',
  'staff.search.placeholder': '搜索姓名或手机号',
  'staff.filter.job': '全部岗位',
  'staff.filter.status': '全部状态',
  'staff.job.placeholder': '请选择岗位',
  'staff.level.placeholder': '例如：高级',
  'staff.commission.extra': '按业绩金额的百分比计算，例如 12.5',
};

export default staff;
