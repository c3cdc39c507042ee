/** Texts shared by pages: list toolbars, row actions, the blank and not-found pages. */
const common = {
  'common.appName': '美业连锁管理后台',
  'common.search': '搜索',
  'common.filterBy': '按{{what}}筛选',
  'common.reset': '重置',
  'common.create': '新建',
  'common.edit': '编辑',
  'common.delete': '删除',
  'common.deleteConfirm': '确定是否删除?',
  'common.deleteWhat': '将删除「{{name}}」',
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.save': '保存',
  'common.actions': '操作',
  'common.total': '共 {{total}} 条',
  'common.notFound.title': '页面不存在',
  'common.notFound.description': '抱歉，您访问的页面不存在',
  'common.backHome': '返回工作台',
};

export default common;
