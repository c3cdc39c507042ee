import type zhCN from '../zh-CN/http';

const http: Record<keyof typeof zhCN, string> = {
  'http.sessionExpired.title': 'Confirm logout',
  'http.sessionExpired.content': 'You have been logged out, you can cancel to stay on this page, or log in again',
  'http.sessionExpired.ok': 'Re-Login',
  'http.sessionExpired.cancel': 'Cancel',
};

export default http;
