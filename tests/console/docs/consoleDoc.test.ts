import { describe, expect, it } from 'vitest';
import login from '../../../src/locales/zh-CN/login';
import http from '../../../src/locales/zh-CN/http';
import auth from '../../../src/locales/zh-CN/auth';
import doc from '../../../docs/console.md?raw';

describe('docs/console.md', () => {
  it.each([
    login['login.phone.required'],
    login['login.phone.invalid'],
    login['login.password.required'],
    login['login.captcha.required'],
    login['login.captcha.invalid'],
    login['login.remember'],
    login['login.forgot'],
    login['login.register'],
    auth['auth.welcome'],
    auth['auth.loginError'],
    http['http.sessionExpired.title'],
    http['http.sessionExpired.content'],
    http['http.sessionExpired.ok'],
    http['http.sessionExpired.cancel'],
  ])('quotes the console text %s as the code shows it', (text) => {
    expect(doc).toContain(`\`${text}\``);
  });
});
