/** The user center (/user/center) and user settings (/user/settings). */
const user = {
  'user.center.role': '当前角色',
  'user.center.phoneHint': '手机号是登录账号，如需更换请联系管理员',
  'user.center.saved': '个人信息已保存',
  'user.settings.password': '修改密码',
  'user.settings.hint': '新密码至少 8 位，且须同时包含字母和数字。修改成功后，其他已登录的客户端需要重新登录。',
  'user.settings.oldPassword': '原密码',
  'user.settings.newPassword': '新密码',
  'user.settings.confirmPassword': '确认新密码',
  'user.settings.confirm.required': '请再次输入新密码',
  'user.settings.confirm.mismatch': '两次输入的新密码不一致',
  'user.settings.same': '新密码不能与原密码相同',
  'user.settings.submit': '确认修改',
  'user.settings.done': '密码已修改，其他已登录的客户端已退出登录',
};

export default user;
