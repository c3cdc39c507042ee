/** The Workplace greeting (docs/routes.md: the default landing page). */
const workplace = {
  'workplace.greeting.morning': '{{name}}，早上好',
  'workplace.greeting.noon': '{{name}}，中午好',
  'workplace.greeting.afternoon': '{{name}}，下午好',
  'workplace.greeting.evening': '{{name}}，晚上好',
  'workplace.role': '角色',
  'workplace.shop': '当前门店',
  'workplace.job': '职位',
  'workplace.phone': '手机号',
  'workplace.shortcuts': '我的功能',
};

export default workplace;
