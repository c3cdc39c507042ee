import { useSyncExternalStore } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../contract/message';
import { findRouteByPath } from '../../../contract/routes';
import { createStore } from '../../stores/createStore';
import { formatDateTime } from '../format';
import { MESSAGE_TAG_TONES, StatusTag } from '../statusTag';

/** The message whose content is on screen; one dialog for the box and the messages page. */
const opened = createStore<Message | undefined>(undefined);

export const showMessage = (m: Message) => opened.set(m);
const closeMessage = () => opened.set(undefined);

/**
 * A message opened from the box or the messages page: its whole content, and where it is about a
 * record, a button to that record's page (only a path of the route table is followed).
 */
export function MessageDetail({ onFollow }: { onFollow?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useSyncExternalStore(opened.subscribe, opened.get);
  const link = message?.link && findRouteByPath(message.link.split('?')[0]) ? message.link : undefined;
  const tag = message?.messageType ?? undefined;
  return (
    <Modal
      open={message !== undefined}
      title={message?.title}
      onCancel={closeMessage}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={closeMessage}>
          {t('common.close')}
        </Button>,
        link && (
          <Button
            key="open"
            type="primary"
            onClick={() => {
              closeMessage();
              onFollow?.();
              navigate(link);
            }}
          >
            {t('message.openRecord')}
          </Button>
        ),
      ]}
    >
      {message && (
        <div data-testid="message-detail">
          <Typography.Paragraph type="secondary">
            {t(`message.options.type.${message.type}`)}
            {tag !== undefined && (
              <StatusTag tone={MESSAGE_TAG_TONES[tag]} bordered={false} style={{ marginInlineStart: 8 }}>
                {t(`message.options.tag.${tag}`)}
              </StatusTag>
            )}
            {message.subTitle && ` · ${message.subTitle}`} · {formatDateTime(message.time)}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{message.content || '-'}</Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
