import { clearUser } from '../stores/currentUser';
import { clearServerMenu } from '../stores/serverMenu';

/** Logged in means a token is stored in localStorage under "token". */
const TOKEN_KEY = 'token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/** Everything logout must forget: the token, the user info and the server menu. */
export function clearSession(): void {
  clearToken();
  clearUser();
  clearServerMenu();
}
