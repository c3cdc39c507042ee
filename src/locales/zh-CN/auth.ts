const auth = {
  'auth.welcome': '欢迎使用',
  'auth.loginError': '登录出错，请刷新重试',
  'auth.forbidden': '当前角色无权访问',
};

export default auth;
