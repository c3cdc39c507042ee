import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { message } from 'antd';
import { useTranslation } from 'react-i18next';
import { authProvider } from '../providers/authProvider';
import { loadPageTexts } from '../providers/i18nProvider';
import { getToken } from '../providers/session';
import { findAppRoute } from '../resources';
import { NotFoundPage } from '../resources/pages';
import PageLoading from '../components/PageLoading';
import { loadServerMenu } from '../settings/loadServerMenu';
import { useCurrentUser } from '../stores/currentUser';
import { useServerMenu } from '../stores/serverMenu';
import { useSettings } from '../stores/settings';
import { recordRouteChange, recordTab } from './guard/recordRoute';
import { loadUserInfo, loginCheck } from './guard/loginCheck';
import { permissionCheck } from './guard/permissionCheck';

/** What the layout shows instead of the page (not-found, the server menu loading); undefined lets the page show. */
const BlockedPage = createContext<ReactNode>(undefined);

/**
 * Read by the layout, so that a refusal decided by the guard keeps the navbar, the kept tabs and the
 * settings drawer around it.
 */
export function useBlockedPage(): ReactNode {
  return useContext(BlockedPage);
}

/**
 * The navigation steps, in order: record the route change (progress bar, tab), the login check, the
 * permission check (./guard). Wraps the login page and the default layout.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search, key } = useLocation();
  const user = useCurrentUser();
  const serverMenu = useServerMenu();
  const { menuFromServer, tabBar } = useSettings();
  const target = { pathname, search };

  useEffect(() => {
    const end = recordRouteChange();
    const timer = window.setTimeout(end, 0);
    return () => {
      window.clearTimeout(timer);
      end();
    };
  }, [key]);

  const login = loginCheck(target, { loggedIn: getToken() !== null, user });
  const menuLoading = useServerMenuFetch(login.kind === 'continue' && user !== undefined && menuFromServer && serverMenu.length === 0, key);
  const decision =
    login.kind === 'continue'
      ? permissionCheck(findAppRoute(pathname), { role: user?.role, menuFromServer, serverMenu, menuLoading })
      : login;

  const shown = decision.kind === 'continue' || decision.kind === 'notFound' || decision.kind === 'loadingMenu';
  useEffect(() => {
    if (shown && tabBar) recordTab({ pathname, search });
  }, [shown, tabBar, pathname, search]);

  if (decision.kind === 'redirect' && decision.forbidden)
    return <ForbiddenRedirect to={decision.to} titleKey={decision.forbidden.titleKey} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadUser') return <LoadUserInfo onFailure={decision.onFailure} />;
  const blocked = decision.kind === 'notFound' ? <NotFoundPage /> : decision.kind === 'loadingMenu' ? <PageLoading /> : undefined;
  // Always the same element around the children, so a refusal does not remount the layout.
  return <BlockedPage value={blocked}>{children}</BlockedPage>;
}

/**
 * The server menu is fetched when `wanted` (menu from server on, the menu empty), once per navigation:
 * a failure is not retried until the next one. Answers whether the fetch is under way.
 */
function useServerMenuFetch(wanted: boolean, key: string): boolean {
  // The navigation whose fetch has ended (well or not).
  const [fetchedAt, setFetchedAt] = useState<string>();
  const fetching = wanted && fetchedAt !== key;
  useEffect(() => {
    if (!fetching) return;
    let current = true;
    void loadServerMenu().then(() => current && setFetchedAt(key));
    return () => {
      current = false;
    };
  }, [fetching, key]);
  return fetching;
}

/** The permission check's redirect (docs/routes.md), with a short message saying why the page changed. */
function ForbiddenRedirect({ to, titleKey }: { to: string; titleKey: string }) {
  const { t } = useTranslation();
  const target = findAppRoute(to.split('?')[0]);
  useEffect(() => {
    // An address typed or bookmarked is checked before the layout has loaded the pages' texts.
    void loadPageTexts().then(() =>
      message.warning({
        key: 'forbidden-redirect',
        content: t('layout.forbidden', { page: t(titleKey), target: target ? t(target.titleKey) : to }),
      }),
    );
  }, [t, titleKey, target, to]);
  return <Navigate to={to} replace />;
}

/** The login check's `loadUser`: the store update re-runs the guard; a failure goes where the check said. */
function LoadUserInfo({ onFailure }: { onFailure: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void loadUserInfo(onFailure, authProvider).then((decision) => {
      if (current && decision.kind === 'redirect') navigate(decision.to, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate, onFailure]);
  return <PageLoading />;
}
