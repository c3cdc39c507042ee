/** The login page (docs/console.md); the success and failure messages are in auth.ts. */
const login = {
  'login.subtitle': '门店、预约、收银与财务，一处管理',
  'login.heading': '登录后台',
  'login.tab.password': '密码登录',
  'login.tab.captcha': '验证码登录',
  'login.phone.placeholder': '请输入手机号',
  'login.phone.required': '手机号不能为空',
  'login.phone.invalid': '手机号格式不正确，应为 11 位手机号',
  'login.password.placeholder': '请输入密码',
  'login.password.required': '密码不能为空',
  'login.captcha.placeholder': '请输入短信验证码',
  'login.captcha.required': '验证码不能为空',
  'login.captcha.invalid': '验证码应为 6 位数字',
  'login.captcha.send': '获取验证码',
  'login.captcha.resend': '{{seconds}} 秒后重新获取',
  'login.captcha.sent': '验证码已发送，5 分钟内有效',
  'login.remember': '记住手机号',
  'login.remember.hint': '为保护账号安全，只在本机记住手机号，不保存密码',
  'login.forgot': '忘记密码',
  'login.forgot.content': '后台密码由总部管理员统一重置，请联系管理员为您重置密码。如果手机号仍可接收短信，也可以直接用短信验证码登录。',
  'login.forgot.useCaptcha': '用验证码登录',
  'login.register': '注册账号',
  'login.register.content': '后台账号由总部管理员在「账号管理」中开通并分配角色与门店，请联系管理员为您开通账号。',
  'login.gotIt': '知道了',
  'login.submit': '登录',
};

export default login;
