import type { AuthActionResponse, AuthProvider } from '@refinedev/core';
import { API } from '../../contract/api';
import type { UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import { DEFAULT_ROUTE, LOGIN_ROUTE } from '../../contract/routes';
import { api, type ApiError } from './http';
import { i18n } from './i18nProvider';
import { getUser, setUser } from '../stores/currentUser';
import { clearSession, getToken, setToken } from './session';

interface LoginTarget {
  /** Where to go after login: the guard's `redirect` target; Workplace when absent. */
  redirectTo?: string;
}
/** `remember` is the login form's own concern (it is not part of the server's payload). */
type PasswordLogin = LoginTarget & { phone: string; password: string; remember?: boolean };
type CaptchaLogin = LoginTarget & { phone: string; captcha: string };
export type LoginParams = PasswordLogin | CaptchaLogin;

/** http.ts rejects every failed call with an ApiError; anything else is a bug of the client. */
function isApiError(e: unknown): e is ApiError {
  return typeof e === 'object' && e !== null && typeof (e as ApiError).code === 'number' && typeof (e as ApiError).message === 'string';
}

/** One user-info request at a time: the guard, the navbar and can() may all ask at once. */
let loadingUser: Promise<UserInfo> | undefined;

function loadUser(): Promise<UserInfo> {
  loadingUser ??= api
    .post<UserInfo>(API.userInfo)
    .then((info) => {
      setUser(info);
      return info;
    })
    .finally(() => {
      loadingUser = undefined;
    });
  return loadingUser;
}

/** The cached user info, fetched with user/info when the role is unknown; null when logged out. */
async function getIdentity(): Promise<UserInfo | null> {
  if (!getToken()) return null;
  return getUser() ?? loadUser();
}

export const authProvider = {
  /**
   * refine's contract: login always resolves; a failure is {success: false, error} and the login form
   * shows error.message once, inline (the call is silent, so no toast repeats it).
   */
  async login(params: LoginParams): Promise<AuthActionResponse> {
    try {
      const { token } =
        'captcha' in params
          ? await api.post<{ token: string }>(API.loginCaptcha, { phone: params.phone, captcha: params.captcha }, { silent: true })
          : await api.post<{ token: string }>(API.loginPassword, { phone: params.phone, password: params.password }, { silent: true });
      // A new account may log in over a stale one: forget the previous user and menu.
      clearSession();
      setToken(token);
      return { success: true, redirectTo: params.redirectTo || DEFAULT_ROUTE, successNotification: { message: i18n.t('auth.welcome') } };
    } catch (e) {
      // docs/routes.md: a failed login clears the token and hands the server's reason to the form.
      clearSession();
      const error: ApiError = isApiError(e) ? e : { message: '', statusCode: 0, code: 0 };
      return { success: false, error };
    }
  },

  async logout() {
    try {
      // Best effort: a session that already ended answers 5001x, and logout must still succeed locally.
      if (getToken()) await api.post(API.logout, undefined, { silent: true });
    } catch {
      // The local state is cleared below either way.
    } finally {
      clearSession();
    }
    return { success: true, redirectTo: LOGIN_ROUTE };
  },

  async check() {
    return getToken() ? { authenticated: true } : { authenticated: false, redirectTo: LOGIN_ROUTE };
  },

  getIdentity,

  async getPermissions(): Promise<Role | null> {
    return (await getIdentity())?.role ?? null;
  },

  // Session errors already brought up the session-expired modal; other errors are the page's to show.
  async onError(_error: unknown) {
    return {};
  },
} satisfies AuthProvider;
