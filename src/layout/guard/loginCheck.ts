import type { UserInfo } from '../../../contract/auth';
import { DEFAULT_ROUTE, LOGIN_ROUTE } from '../../../contract/routes';
import { CONTINUE, redirect, type GuardDecision, type RouteTarget } from './decision';

/** /login?redirect=<path+query>: the login page sends the user back there afterwards. */
export function loginUrl(target: string): string {
  return `${LOGIN_ROUTE}?${new URLSearchParams({ redirect: target })}`;
}

/**
 * The redirect parameter as a path inside the console, Workplace otherwise. Only same-origin paths
 * are followed so that a crafted link cannot send a fresh login to another site.
 */
export function redirectTarget(search: string): string {
  const raw = new URLSearchParams(search).get('redirect');
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_ROUTE;
  if (raw === LOGIN_ROUTE || raw.startsWith(`${LOGIN_ROUTE}?`)) return DEFAULT_ROUTE;
  return raw;
}

export interface LoginState {
  /** A token is stored. */
  loggedIn: boolean;
  /** The account's user info; undefined while the role is unknown (a reload, a fresh login). */
  user: UserInfo | undefined;
}

/**
 * The login check. Not logged in: login itself goes on, any other page goes to login with the page
 * (path and query) as its redirect. Role unknown: fetch the user info first. Logged in at login: on
 * to the redirect target or Workplace.
 */
export function loginCheck({ pathname, search }: RouteTarget, { loggedIn, user }: LoginState): GuardDecision {
  const atLogin = pathname === LOGIN_ROUTE;
  // From login a failure stays at login, keeping where the login was meant to lead.
  const back = atLogin ? redirectTarget(search) : pathname + search;
  if (!loggedIn) return atLogin ? CONTINUE : redirect(loginUrl(back));
  if (!user) return { kind: 'loadUser', onFailure: loginUrl(back) };
  return atLogin ? redirect(back) : CONTINUE;
}

export interface UserInfoSource {
  /** The user info, fetched when unknown (it lands in the current-user store); null or a rejection when it cannot be had. */
  getIdentity(): Promise<UserInfo | null>;
  logout(): Promise<unknown>;
}

/**
 * The fetch a `loadUser` decision asks for. Success goes on (the check then runs again with the user
 * known); a failure ends the session and goes to `onFailure`.
 */
export async function loadUserInfo(onFailure: string, source: UserInfoSource): Promise<GuardDecision> {
  const user = await source.getIdentity().catch(() => null);
  if (user) return CONTINUE;
  await source.logout();
  return redirect(onFailure);
}
