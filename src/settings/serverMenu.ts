import { notification } from 'antd';
import { API } from '../../contract/api';
import type { ServerMenuItem } from '../../contract/access';
import { NOT_FOUND_ROUTE_NAME, type RouteDef } from '../../contract/routes';
import { api } from '../providers/http';
import { i18n, loadPageTexts } from '../providers/i18nProvider';
import { setServerMenu } from '../providers/session';
// The event module itself, not the account components: this file is part of the login bundle.
import { onRoleSwitched } from '../components/account/roleSwitchEvents';

/** One notice, updated in place from loading to its outcome (SPEC.md section 4). */
const NOTICE_KEY = 'menuNotice';

let loading: Promise<boolean> | undefined;

/**
 * Fetches /api/user/menu into the session's server menu, with the loading / success / error notice.
 * Callers asking while a fetch runs share it. Answers whether the menu arrived.
 */
export function loadServerMenu(): Promise<boolean> {
  loading ??= (async () => {
    // The guard may ask before the layout has loaded the texts of the pages' areas.
    await loadPageTexts();
    notification.info({ key: NOTICE_KEY, message: i18n.t('settings.menuFromServer.loading'), duration: 0 });
    try {
      setServerMenu(await api.post<ServerMenuItem[]>(API.menu));
      notification.success({ key: NOTICE_KEY, message: i18n.t('settings.menuFromServer.success') });
      return true;
    } catch {
      // http.ts has toasted the server's message; the notice says what it was for.
      notification.error({ key: NOTICE_KEY, message: i18n.t('settings.menuFromServer.error') });
      return false;
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/**
 * Pages the guard lets through whatever the server menu says: not-found and login (SPEC.md section 4),
 * and the pages no menu can list (the account's own pages, detail pages), which the guard still
 * checks against the role.
 */
export function outsideServerMenu(route: Pick<RouteDef, 'name' | 'group'>): boolean {
  return route.name === NOT_FOUND_ROUTE_NAME || route.group === null;
}

/** Whether the server menu lists a route (at any depth). */
export function inServerMenu(menu: readonly ServerMenuItem[], name: string): boolean {
  return menu.some((item) => item.name === name || inServerMenu(item.children ?? [], name));
}

// The menu belongs to the role: after a switch it is fetched again (the guard asks when it is empty).
onRoleSwitched(() => setServerMenu([]));
