import type { MessageTag, MessageType } from '../../contract/message';
import type { DbOrTx } from '../db/client';
import { messages } from '../db/schema';

export interface NewMessage {
  type: MessageType;
  title: string;
  subTitle?: string;
  content?: string;
  avatar?: string;
  /** The tag of a notice or todo (docs/console.md: messageType is for notices and todos). */
  messageType?: MessageTag | null;
  /** The console page of the record the message is about, e.g. /finance/review. */
  link?: string;
}

/** Column widths of the messages table; titles often embed names, so they are cut, never refused. */
const TITLE_MAX = 100;
export const SUB_TITLE_MAX = 100;
const AVATAR_MAX = 500;
const LINK_MAX = 200;

/**
 * THE way the server puts something into message boxes. Call it with the transaction of the change
 * the message is about, so the message exists exactly when the change commits. Each account gets its
 * own unread copy; answers the ids created.
 */
export async function raiseMessage(db: DbOrTx, accountIds: number[] | number, msg: NewMessage): Promise<number[]> {
  const recipients = [...new Set(Array.isArray(accountIds) ? accountIds : [accountIds])];
  if (recipients.length === 0) return [];
  const row = {
    type: msg.type,
    title: msg.title.slice(0, TITLE_MAX),
    subTitle: (msg.subTitle ?? '').slice(0, SUB_TITLE_MAX),
    content: msg.content ?? '',
    avatar: (msg.avatar ?? '').slice(0, AVATAR_MAX),
    messageType: msg.type === 'message' ? null : (msg.messageType ?? null),
    link: (msg.link ?? '').slice(0, LINK_MAX),
  };
  const created = await db
    .insert(messages)
    .values(recipients.map((accountId) => ({ ...row, accountId })))
    .returning({ id: messages.id });
  return created.map((r) => r.id);
}
