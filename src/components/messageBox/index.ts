export { MessageBox, useOpenMessage } from './MessageBox';
export { MessageItem } from './MessageItem';
export { useClearMessages, useMarkRead, useMessageList, useReadAll, useUnreadCount, type MessageQuery, type MessagePage } from './messageQueries';
