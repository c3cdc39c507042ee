import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { canAccess, firstPermittedRoute } from '../../contract/access';
import { DEFAULT_ROUTE, LOGIN_ROUTE } from '../../contract/routes';
import { authProvider } from '../providers/authProvider';
import { getToken } from '../providers/session';
import { findAppRoute } from '../resources';
import { NotFoundPage } from '../resources/pages';
import PageLoading from '../components/PageLoading';
import { inServerMenu, loadServerMenu, outsideServerMenu } from '../settings/serverMenu';
import { useSettings } from '../settings/store';
import { beginProgress, endProgress } from './progress';
import { useCurrentUser } from './useCurrentUser';

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

/** SPEC.md section 4: the progress bar runs on every route change (pages still loading keep it running). */
export function NavigationProgress() {
  const { key } = useLocation();
  useEffect(() => {
    beginProgress();
    let ended = false;
    const end = () => {
      if (!ended) endProgress();
      ended = true;
    };
    const timer = window.setTimeout(end, 0);
    return () => {
      window.clearTimeout(timer);
      end();
    };
  }, [key]);
  return null;
}

/**
 * Role unknown (a reload, a fresh login): fetch user info. The store update re-renders the guard; on
 * failure the session is forced to end and the user goes to `onFailure` (SPEC.md section 4).
 */
function LoadUserInfo({ onFailure }: { onFailure: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    const fail = async () => {
      await authProvider.logout();
      if (current) navigate(onFailure, { replace: true });
    };
    authProvider.getIdentity().then((user) => (user ? undefined : fail()), fail);
    return () => {
      current = false;
    };
  }, [navigate, onFailure]);
  return <PageLoading />;
}

/**
 * Every page of the default layout: the login check, then the permission check of SPEC.md section 4.
 * Paths outside the route table pass through to the not-found route.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  const { menuFromServer } = useSettings();
  const target = pathname + search;
  if (!getToken()) return <Navigate to={loginUrl(target)} replace />;
  if (!user) return <LoadUserInfo onFailure={loginUrl(target)} />;
  const route = findAppRoute(pathname);
  // With the server menu, a forbidden route is not-found instead (useServerMenuGate, inside the layout).
  if (route && !canAccess(route, user.role) && !menuFromServer) {
    const first = firstPermittedRoute(user.role);
    return first ? <Navigate to={first.path} replace /> : <NotFoundPage />;
  }
  return children;
}

/**
 * SPEC.md section 4, "menu from server": the menu is fetched when empty; a route not in it nor
 * allowed without it (outsideServerMenu), or not permitted, is not-found. Answers what the layout
 * shows instead of the page (loading, not-found), or undefined when the page may show. Decided inside
 * the layout so that a refusal keeps the navbar, the kept tabs and the settings drawer.
 */
export function useServerMenuGate(): ReactNode {
  const { pathname, key } = useLocation();
  const user = useCurrentUser();
  const { menuFromServer, serverMenu } = useSettings();
  // The navigation whose fetch has ended (well or not): a failure is not retried until the next one.
  const [fetchedAt, setFetchedAt] = useState<string>();
  const fetching = menuFromServer && serverMenu.length === 0 && fetchedAt !== key;
  useEffect(() => {
    if (!fetching) return;
    let current = true;
    void loadServerMenu().then(() => current && setFetchedAt(key));
    return () => {
      current = false;
    };
  }, [fetching, key]);

  const route = findAppRoute(pathname);
  if (!menuFromServer || !route) return undefined;
  if (!canAccess(route, user?.role)) return <NotFoundPage />;
  if (outsideServerMenu(route)) return undefined;
  if (fetching) return <PageLoading />;
  return inServerMenu(serverMenu, route.name) ? undefined : <NotFoundPage />;
}

/** /login: a logged-in user goes on to the redirect target or Workplace instead. */
export function LoginGate({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const user = useCurrentUser();
  const target = redirectTarget(search);
  if (!getToken()) return children;
  if (!user) return <LoadUserInfo onFailure={loginUrl(target)} />;
  return <Navigate to={target} replace />;
}
