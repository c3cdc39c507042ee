import { DEMO_ACCOUNTS } from '../../contract/demo';
import { DEMO_MESSAGES } from '../../contract/demoMessages';
import {
  MESSAGE_API,
  MESSAGE_LIST,
  MESSAGE_STATUS,
  MESSAGE_TYPES,
  messageReadSchema,
  messageScopeSchema,
  type Message,
} from '../../contract/message';
import { api, input, page } from './engine/http';
import { matchingRows, pageBounds } from './engine/listQuery';
import { authenticate } from './engine/session';
import { Table, type StoredRow } from './engine/store';

/** The message box: every call works on the caller's own messages only. */

interface StoredMessage extends Message, StoredRow {
  accountId: number;
}

const HOUR_MS = 3_600_000;

/** The demo boxes, by the demo accounts' phones; the accounts get ids in their order, from 1. */
const messages = new Table<StoredMessage>('messages', () =>
  DEMO_ACCOUNTS.flatMap((a, i) =>
    (DEMO_MESSAGES[a.phone] ?? []).map(({ hoursAgo, ...m }) => {
      const time = new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();
      return { ...m, accountId: i + 1, avatar: '', link: '', time };
    }),
  ),
);

/** A new unread message in an account's box, as the server raises one on an event. */
export function raise(
  accountId: number,
  m: Pick<Message, 'type' | 'title' | 'subTitle' | 'content' | 'messageType'> & Partial<Pick<Message, 'link'>>,
): void {
  messages.add({ link: '', ...m, accountId, avatar: '', time: new Date().toISOString(), status: MESSAGE_STATUS.unread });
}

const mine = (request: Request) => {
  const { accountId } = authenticate(request);
  return messages.rows.filter((m) => m.accountId === accountId);
};

const markRead = (hit: StoredMessage[]) => {
  for (const m of hit) m.status = MESSAGE_STATUS.read;
  return { updated: hit.length };
};

export const messageHandlers = [
  api.get(MESSAGE_API.unreadCount, ({ request }) => {
    const unread = mine(request).filter((m) => m.status === MESSAGE_STATUS.unread);
    return { total: unread.length, ...Object.fromEntries(MESSAGE_TYPES.map((t) => [t, unread.filter((m) => m.type === t).length])) };
  }),

  api.get(MESSAGE_API.list, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const box = mine(request);
    const { start, end } = pageBounds(params);
    const found = matchingRows(MESSAGE_LIST, { defaultSort: (a, b) => b.time.localeCompare(a.time) }, params, box);
    return page(
      found.slice(start, end).map(({ accountId: _owner, createdAt: _c, updatedAt: _u, ...m }) => m),
      found.length,
    );
  }),

  api.post(MESSAGE_API.read, async ({ request }) => {
    const box = mine(request);
    const { ids } = await input(messageReadSchema, request);
    return markRead(box.filter((m) => ids.includes(m.id) && m.status === MESSAGE_STATUS.unread));
  }),

  api.post(MESSAGE_API.readAll, async ({ request }) => {
    const box = mine(request);
    const { type } = await input(messageScopeSchema, request);
    return markRead(box.filter((m) => m.status === MESSAGE_STATUS.unread && (!type || m.type === type)));
  }),

  // Clear empties the tab the user looks at: every message of that type, read or not.
  api.post(MESSAGE_API.clear, async ({ request }) => {
    const box = mine(request);
    const { type } = await input(messageScopeSchema, request);
    const gone = box.filter((m) => !type || m.type === type);
    for (const m of gone) messages.remove(m);
    return { deleted: gone.length };
  }),
];
