import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Spin, Tabs, message as toast } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS, MESSAGE_TYPES, type Message, type MessageType, type UnreadCount } from '../../../contract/message';
import { findRouteByName } from '../../../contract/routes';
import { MessageItem } from './MessageItem';
import { MessageDetail, showMessage } from './MessageDetail';
import { useClearMessages, useMarkRead, useMessageList, useReadAll, useUnreadCount } from './messageQueries';
import './messageBox.css';
import { Confirm } from '../confirm/Confirm';

/** The popover shows the newest few of a tab; the messages page has them all. */
const BOX_SIZE = 5;
const MESSAGES_PATH = findRouteByName('Messages')!.path;

/** Clicking a message opens its content and marks it read (the counts drop when the calls refetch). */
export function useOpenMessage() {
  const markRead = useMarkRead();
  return (m: Message) => {
    showMessage(m);
    if (m.status === MESSAGE_STATUS.unread) markRead.mutate([m.id]);
  };
}

function MessageTab({ type, onOpened }: { type: MessageType; onOpened: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useMessageList({ type, current: 1, pageSize: BOX_SIZE });
  const openMessage = useOpenMessage();
  // The box closes, so the message's dialog is not under it.
  const open = (m: Message) => {
    onOpened();
    openMessage(m);
  };
  const now = Date.now();
  return (
    <Spin spinning={isLoading}>
      <List<Message>
        className="message-box-list"
        dataSource={data?.rows ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.empty')} /> }}
        renderItem={(m) => <MessageItem message={m} now={now} onOpen={open} brief />}
      />
    </Spin>
  );
}

function MessagePanel({ unread, onViewMore, onOpened }: { unread: UnreadCount | undefined; onViewMore: () => void; onOpened: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MessageType>('message');
  const readAll = useReadAll();
  const clear = useClearMessages();
  const label = t(`message.options.type.${tab}`);
  return (
    <div className="message-box">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as MessageType)}
        centered
        destroyOnHidden
        items={MESSAGE_TYPES.map((type) => ({
          key: type,
          label: unread?.[type] ? `${t(`message.options.type.${type}`)}(${unread[type]})` : t(`message.options.type.${type}`),
          children: <MessageTab type={type} onOpened={onOpened} />,
        }))}
      />
      <div className="message-box-footer">
        <Confirm
          title={t('message.clear.confirm', { type: label })}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => clear.mutate(tab, { onSuccess: ({ deleted }) => void toast.success(t('message.cleared', { count: deleted })) })}
        >
          <Button type="text" size="small" loading={clear.isPending}>
            {t('message.clear')}
          </Button>
        </Confirm>
        <Button type="text" size="small" loading={readAll.isPending} disabled={!unread?.[tab]} onClick={() => readAll.mutate(tab)}>
          {t('message.readAll')}
        </Button>
        <Button type="text" size="small" onClick={onViewMore}>
          {t('message.viewMore')}
        </Button>
      </div>
    </div>
  );
}

/** The navbar bell: the unread count, and a popover with the message, notice and todo tabs. */
export function MessageBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data: unread } = useUnreadCount();
  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        rootClassName="message-box-popover"
        arrow={false}
        destroyOnHidden
        styles={{ body: { padding: 0 } }}
        content={
          <MessagePanel
            unread={unread}
            onOpened={() => setOpen(false)}
            onViewMore={() => {
              setOpen(false);
              navigate(MESSAGES_PATH);
            }}
          />
        }
      >
        <Badge count={unread?.total ?? 0} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined style={{ fontSize: 18 }} />}
            aria-label={t('message.box.title')}
            data-testid="message-bell"
          />
        </Badge>
      </Popover>
      {/* Mounted with the navbar, so a message opened from the box or the messages page shows here. */}
      <MessageDetail onFollow={() => setOpen(false)} />
    </>
  );
}
