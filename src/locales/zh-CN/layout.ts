/** Navbar, sider and footer of the default layout. */
const layout = {
  'layout.logout': '退出登录',
  'layout.forbidden': '当前角色不能打开「{{page}}」，已转到「{{target}}」',
  'layout.allShops': '全部门店',
  'layout.footer': '© {{year}} 美业连锁管理后台',
  'layout.menu.collapse': '收起菜单',
  'layout.menu.expand': '展开菜单',
  'layout.menu.drawer': '导航菜单',
};

export default layout;
