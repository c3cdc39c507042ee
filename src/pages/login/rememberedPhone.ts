/**
 * "记住手机号" (the login form's remember box, on both tabs) keeps only the phone number on this
 * device. A password in localStorage would be readable by any script on the page and by anyone at a
 * shared shop computer, so it is never stored: the box saves a step without weakening the account.
 */
const KEY = 'login-phone';

export function rememberedPhone(): string | undefined {
  return localStorage.getItem(KEY) ?? undefined;
}

export function rememberPhone(phone: string | undefined): void {
  if (phone) localStorage.setItem(KEY, phone);
  else localStorage.removeItem(KEY);
}
