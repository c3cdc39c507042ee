import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_API, type Message, type MessageStatus, type MessageType, type UnreadCount } from '../../../contract/message';
import { TOTAL_COUNT_HEADER } from '../../../contract/envelope';
import { api, http } from '../../providers/http';

/**
 * The message calls as react-query hooks (refine's QueryClient). Every key starts with
 * MESSAGES_KEY, so each action refreshes the bell, the popover and the messages page together.
 */
const MESSAGES_KEY = ['messages'] as const;
/** The bell asks for new messages once a minute and when the window regains focus. */
const UNREAD_POLL_MS = 60_000;

export interface MessageQuery {
  type?: MessageType;
  status?: MessageStatus;
  current: number;
  pageSize: number;
}

export interface MessagePage {
  rows: Message[];
  total: number;
}

export function useUnreadCount() {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'unread-count'],
    queryFn: () => api.get<UnreadCount>(MESSAGE_API.unreadCount),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    // The next poll asks again; retries would only repeat the error toast.
    retry: false,
  });
}

export function useMessageList(query: MessageQuery, enabled = true) {
  const { type, status, current, pageSize } = query;
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'list', { type, status, current, pageSize }],
    queryFn: async (): Promise<MessagePage> => {
      const res = await http.get<Message[]>(MESSAGE_API.list, {
        params: { type, status, _start: (current - 1) * pageSize, _end: current * pageSize },
      });
      return { rows: res.data, total: Number(res.headers[TOTAL_COUNT_HEADER] ?? res.data.length) };
    },
    enabled,
    retry: false,
  });
}

function useMessageAction<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Also after a failure: another tab may have changed the box meanwhile.
    onSettled: () => client.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/** POST messages/read {ids}. */
export const useMarkRead = () => useMessageAction((ids: number[]) => api.post<{ updated: number }>(MESSAGE_API.read, { ids }));
/** POST messages/read-all {type}: one tab, or every tab without a type. */
export const useReadAll = () =>
  useMessageAction((type?: MessageType) => api.post<{ updated: number }>(MESSAGE_API.readAll, type ? { type } : {}));
/** POST messages/clear {type}: deletes every message of the tab, read or not. */
export const useClearMessages = () =>
  useMessageAction((type?: MessageType) => api.post<{ deleted: number }>(MESSAGE_API.clear, type ? { type } : {}));
