import { Button, message, notification } from 'antd';
import type { NotificationProvider } from '@refinedev/core';
import { i18n } from './i18nProvider';

/**
 * refine's notifications through antd. Errors are dropped: http.ts has already shown the server's
 * message for every failed call, and a second toast would only repeat it.
 */
export const notificationProvider: NotificationProvider = {
  open({ key, type, message: text, description, undoableTimeout, cancelMutation }) {
    if (type === 'error') return;
    if (type === 'progress') {
      // Undoable mutations: refine re-opens this every second with the seconds left and closes it
      // itself when the call is sent, so it must not expire on its own.
      notification.info({
        key,
        message: `${text}（${undoableTimeout ?? 0}s）`,
        description,
        duration: 0,
        actions: (
          <Button
            size="small"
            onClick={() => {
              cancelMutation?.();
              if (key) notification.destroy(key);
            }}
          >
            {i18n.t('notification.undo')}
          </Button>
        ),
      });
      return;
    }
    message.success({ key, content: text || description });
  },
  close(key) {
    message.destroy(key);
    notification.destroy(key);
  },
};
