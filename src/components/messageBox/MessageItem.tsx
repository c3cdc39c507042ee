import type { ReactNode } from 'react';
import { Avatar, List, Typography } from 'antd';
import { CheckSquareOutlined, NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS, type Message, type MessageType } from '../../../contract/message';
import { imageSrc } from '../upload';
import { formatDateTime } from '../format';
import { messageTime } from './messageTime';
import { MESSAGE_TAG_TONES, MESSAGE_TYPE_TONES, StatusTag } from '../statusTag';
import { useSettings } from '../../stores/settings';
import { SOLID_COLORS } from '../../stores/theme';

const TYPE_ICONS: Partial<Record<MessageType, ReactNode>> = {
  notice: <NotificationOutlined />,
  todo: <CheckSquareOutlined />,
};

/** Whose message or what kind: the sender's avatar, else the first character (messages) or the type's icon. */
function MessageAvatar({ message }: { message: Message }) {
  const { theme } = useSettings();
  if (message.avatar) return <Avatar src={imageSrc(message.avatar)} alt="" />;
  const colors = SOLID_COLORS[theme][MESSAGE_TYPE_TONES[message.type]];
  return (
    <Avatar style={{ backgroundColor: colors.background, color: colors.text }} icon={TYPE_ICONS[message.type]}>
      {message.title.slice(0, 1)}
    </Avatar>
  );
}

interface MessageItemProps {
  message: Message;
  now: number;
  onOpen: (m: Message) => void;
  actions?: ReactNode[];
  /** The box cuts the content to two lines (the messages page shows it whole). */
  brief?: boolean;
}

/**
 * One message as the box and the messages page show it: avatar, title with its tag, subTitle, content
 * and time. Unread messages stand out; a click reports the message so the caller can mark it read.
 */
export function MessageItem({ message, now, onOpen, actions, brief }: MessageItemProps) {
  const { t, i18n } = useTranslation();
  const unread = message.status === MESSAGE_STATUS.unread;
  const tag = message.messageType ?? undefined;
  return (
    <List.Item
      className={`message-item${unread ? ' message-item-unread' : ''}`}
      data-testid={`message-${message.id}`}
      onClick={() => onOpen(message)}
      actions={actions}
    >
      <List.Item.Meta
        avatar={<MessageAvatar message={message} />}
        title={
          <div className="message-item-title">
            <span className="message-item-name">{message.title}</span>
            {tag !== undefined && (
              <StatusTag tone={MESSAGE_TAG_TONES[tag]} bordered={false}>
                {t(`message.options.tag.${tag}`)}
              </StatusTag>
            )}
            {message.subTitle && <span className="message-item-sub">{message.subTitle}</span>}
          </div>
        }
        description={
          <>
            <Typography.Paragraph className="message-item-content" ellipsis={brief ? { rows: 2 } : false}>
              {message.content}
            </Typography.Paragraph>
            <time className="message-item-time" dateTime={message.time} title={formatDateTime(message.time)}>
              {messageTime(message.time, now, i18n.language, t('message.justNow'))}
            </time>
          </>
        }
      />
    </List.Item>
  );
}
