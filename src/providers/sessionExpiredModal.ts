import { Modal } from 'antd';
import { i18n } from './i18nProvider';
import { authProvider } from './authProvider';

/** Concurrent calls failing with a session code must not stack dialogs: one at a time. */
let open = false;

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
      await authProvider.logout();
      window.location.reload();
    },
    afterClose() {
      open = false;
    },
  });
}
