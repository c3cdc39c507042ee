export { MessageBox, useOpenMessage } from './MessageBox';
export { MessageItem } from './MessageItem';
export { useClearMessages, useMarkRead, useMessageList, useReadAll, useUnreadCount } from './messageQueries';
