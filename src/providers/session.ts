import type { UserInfo } from '../../contract/auth';
import type { ServerMenuItem } from '../../contract/access';

/** SPEC.md section 4: logged in means a token is stored in localStorage under "token". */
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

/** A value with listeners, shaped for React's useSyncExternalStore(subscribe, get). */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<(v: T) => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const fn of listeners) fn(next);
    },
    subscribe(fn: (v: T) => void) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
  };
}

/** The current account; kept in memory only, so a reload fetches user/info again (role unknown). */
const user = createStore<UserInfo | undefined>(undefined);
/** The server menu of SPEC.md section 4 ("menu from server"); empty until fetched. */
const serverMenu = createStore<ServerMenuItem[]>([]);

export const getUser = user.get;
export const setUser = (u: UserInfo) => user.set(u);
export const clearUser = () => user.set(undefined);
export const subscribeUser = user.subscribe;

export const getServerMenu = serverMenu.get;
export const setServerMenu = (items: ServerMenuItem[]) => serverMenu.set(items);
export const subscribeServerMenu = serverMenu.subscribe;

/** Everything logout must forget (SPEC.md section 4): token, user info and the server menu. */
export function clearSession(): void {
  clearToken();
  clearUser();
  serverMenu.set([]);
}
