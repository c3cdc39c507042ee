import { z } from 'zod';
import { API } from './api';
import { oneOf, strictObject } from './validation';
import { filter, type FilterField } from './resource';

/** The message box (docs/console.md "Message", docs/domain.md "message"). */
export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = { message: '消息', notice: '通知', todo: '待办' };

/** status: 0 unread, 1 read. */
export const MESSAGE_STATUS = { unread: 0, read: 1 } as const;
export type MessageStatus = (typeof MESSAGE_STATUS)[keyof typeof MESSAGE_STATUS];

/**
 * messageType: the tag a notice or todo carries (plain messages carry none). The server picks it
 * when it raises the message; the console shows the label in its tone (src/components/statusTag/tones.ts).
 */
export const MESSAGE_TAGS = {
  info: 0,
  done: 1,
  pending: 2,
  attention: 3,
} as const;
export type MessageTag = (typeof MESSAGE_TAGS)[keyof typeof MESSAGE_TAGS];
export const MESSAGE_TAG_LABELS: Record<MessageTag, string> = { 0: '通知', 1: '已生效', 2: '待处理', 3: '请留意' };

/** One row of GET messages; time is the ISO time the message was raised. */
export const messageRowSchema = z.object({
  id: z.number(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  time: z.string(),
  status: z.literal(Object.values(MESSAGE_STATUS)),
  messageType: z.literal(Object.values(MESSAGE_TAGS)).nullable(),
  /** The console page of the record the message is about (a path of the route table), '' for none. */
  link: z.string(),
});
export type Message = z.infer<typeof messageRowSchema>;

/** What GET messages may filter and sort on (the box is not a REST resource of its own: every row is the caller's). */
export const MESSAGE_LIST = {
  filters: {
    id: filter.int,
    type: filter.oneOf(MESSAGE_TYPES),
    status: filter.oneOf(Object.values(MESSAGE_STATUS)),
    messageType: filter.int,
    title: filter.text,
    time: filter.instant,
  },
  sortable: ['id', 'type', 'status', 'messageType', 'title', 'time'],
} as const satisfies { filters: Record<string, FilterField>; sortable: readonly string[] };

/** data of GET messages/unread-count. */
export type UnreadCount = Record<MessageType | 'total', number>;
export const unreadCountSchema = z.object({
  total: z.number(),
  message: z.number(),
  notice: z.number(),
  todo: z.number(),
}) satisfies z.ZodType<UnreadCount>;

export const MESSAGE_READ_MAX = 200;

/** Body of POST messages/read. */
export const messageReadSchema = strictObject({
  ids: z
    .array(
      z
        .number({ error: '消息 ID 必须是数字' })
        .int('消息 ID 必须是整数')
        .positive('消息 ID 必须是正整数')
        .max(2_147_483_647, '消息 ID 不正确'),
      {
        error: (i) => (i.input === undefined ? '请选择要标记已读的消息' : '消息 ID 列表必须是数组'),
      },
    )
    .min(1, '请选择要标记已读的消息')
    .max(MESSAGE_READ_MAX, `一次最多标记 ${MESSAGE_READ_MAX} 条消息`),
});

/** Body of POST messages/read-all and messages/clear: one tab (type) or, without it, every tab. */
export const messageScopeSchema = strictObject({ type: oneOf('消息类型', MESSAGE_TYPES).optional() });

const base = `${API.resourceBase}/messages`;
export const MESSAGE_API = {
  /** GET; filters type, status; paging _start/_end; x-total-count. */
  list: base,
  /** GET -> UnreadCount */
  unreadCount: `${base}/unread-count`,
  /** POST {ids} -> {updated} */
  read: `${base}/read`,
  /** POST {type?} -> {updated} */
  readAll: `${base}/read-all`,
  /** POST {type?} -> {deleted} */
  clear: `${base}/clear`,
} as const;
