import { notification } from 'antd';
import { API } from '../../contract/api';
import type { ServerMenuItem } from '../../contract/access';
import { api } from '../providers/http';
import { i18n, loadPageTexts } from '../providers/i18nProvider';
import { setServerMenu } from '../stores/serverMenu';

/** One notice, updated in place from loading to its outcome. */
const NOTICE_KEY = 'menuNotice';

let loading: Promise<boolean> | undefined;

/**
 * Fetches /api/user/menu into the server menu store, with the loading / success / error notice.
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
