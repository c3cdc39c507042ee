import { Modal } from 'antd';
import { i18n } from './i18nProvider';

/** Concurrent calls failing with a session code must not stack dialogs: one at a time. */
let open = false;

/**
 * What 重新登录 does before the reload: the auth provider's logout, registered when the console starts
 * (src/App.tsx). It is passed in rather than imported because the auth provider calls the API through
 * src/providers/http.ts, which opens this dialog.
 */
let logout: () => Promise<unknown> = async () => undefined;

export function setSessionExpiredLogout(fn: () => Promise<unknown>): void {
  logout = fn;
}

/** Whether the dialog is on screen: what fails meanwhile fails because the session ended. */
export function isSessionExpiredModalOpen(): boolean {
  return open;
}

/** docs/console.md: "确认登出"; 重新登录 logs out and reloads, 取消 stays on the page. */
export function showSessionExpiredModal(): void {
  if (open) return;
  open = true;
  Modal.confirm({
    title: i18n.t('http.sessionExpired.title'),
    content: i18n.t('http.sessionExpired.content'),
    okText: i18n.t('http.sessionExpired.ok'),
    cancelText: i18n.t('http.sessionExpired.cancel'),
    async onOk() {
      await logout();
      window.location.reload();
    },
    afterClose() {
      open = false;
    },
  });
}
