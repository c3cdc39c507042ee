import type zhCN from '../zh-CN/notification';

const notification: Record<keyof typeof zhCN, string> = {
  'notification.undo': 'Undo',
};

export default notification;
