import type zhCN from '../zh-CN/auth';

const auth: Record<keyof typeof zhCN, string> = {
  'auth.welcome': 'Welcome',
  'auth.loginError': 'Login error, refresh and retry',
  'auth.forbidden': 'Your role may not access this',
};

export default auth;
