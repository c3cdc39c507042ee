import { useCallback, useEffect } from 'react';
import { Button, Card, Empty, List, Segmented, Select, Space, message as toast } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS, MESSAGE_TYPES, type Message, type MessageStatus, type MessageType } from '../../../contract/message';
import {
  MessageItem,
  useClearMessages,
  useMarkRead,
  useMessageList,
  useOpenMessage,
  useReadAll,
  useUnreadCount,
} from '../../components/messageBox';
import { Confirm } from '../../components/confirm/Confirm';

const ALL = 'all';
const PAGE_SIZES = [10, 20, 50];

/** Filters and paging live in the query string, so a reload or a tab switch keeps them. */
function useMessageParams() {
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type');
  const rawStatus = params.get('status');
  const type = (MESSAGE_TYPES as readonly string[]).includes(rawType ?? '') ? (rawType as MessageType) : undefined;
  const status =
    rawStatus === String(MESSAGE_STATUS.unread) || rawStatus === String(MESSAGE_STATUS.read)
      ? (Number(rawStatus) as MessageStatus)
      : undefined;
  const positive = (raw: string | null, fallback: number) => (raw && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : fallback);
  const current = positive(params.get('current'), 1);
  const pageSize = Math.min(positive(params.get('pageSize'), PAGE_SIZES[0]), PAGE_SIZES.at(-1)!);
  const update = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { type, status, current, pageSize, update };
}

/** /messages: every message of the account with type and status filters, paging, mark read, all read and clear. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { type, status, current, pageSize, update } = useMessageParams();
  const { data, isFetching } = useMessageList({ type, status, current, pageSize });
  const { data: unread } = useUnreadCount();
  const open = useOpenMessage();
  const markRead = useMarkRead();
  const readAll = useReadAll();
  const clear = useClearMessages();
  const now = Date.now();
  const unreadHere = unread ? (type ? unread[type] : unread.total) : 0;

  // Marking read under the "unread" filter or clearing can empty the last page: step back to one that has rows.
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  useEffect(() => {
    if (data && data.rows.length === 0 && current > lastPage) update({ current: lastPage === 1 ? undefined : lastPage });
  }, [data, current, lastPage, update]);

  const typeOptions = [
    { value: ALL, label: t('message.filter.allTypes') },
    ...MESSAGE_TYPES.map((value) => ({
      value,
      label: unread?.[value] ? `${t(`message.options.type.${value}`)}(${unread[value]})` : t(`message.options.type.${value}`),
    })),
  ];
  const statusOptions = [
    { value: MESSAGE_STATUS.unread, label: t('message.status.unread') },
    { value: MESSAGE_STATUS.read, label: t('message.status.read') },
  ];

  return (
    <Card
      title={t('menu.messages')}
      extra={
        <Space>
          <Button
            disabled={!unreadHere}
            loading={readAll.isPending}
            onClick={() =>
              readAll.mutate(type, { onSuccess: ({ updated }) => void toast.success(t('message.readAll.done', { count: updated })) })
            }
          >
            {t('message.readAll')}
          </Button>
          <Confirm
            title={type ? t('message.clear.confirm', { type: t(`message.options.type.${type}`) }) : t('message.clear.confirmAll')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              clear.mutate(type, {
                onSuccess: ({ deleted }) => {
                  update({ current: undefined });
                  void toast.success(t('message.cleared', { count: deleted }));
                },
              })
            }
          >
            <Button danger disabled={!data?.total} loading={clear.isPending}>
              {t('message.clear')}
            </Button>
          </Confirm>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={type ?? ALL}
          options={typeOptions}
          onChange={(v) => update({ type: v === ALL ? undefined : v, current: undefined })}
        />
        <Select<MessageStatus>
          value={status}
          options={statusOptions}
          allowClear
          placeholder={t('message.filter.status')}
          style={{ width: 120 }}
          onChange={(v) => update({ status: v, current: undefined })}
          aria-label={t('message.filter.status')}
        />
      </Space>
      <List<Message>
        loading={isFetching && !data}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.empty')} /> }}
        pagination={{
          current,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, size) =>
            update({ current: size !== pageSize || page === 1 ? undefined : page, pageSize: size === PAGE_SIZES[0] ? undefined : size }),
          hideOnSinglePage: false,
        }}
        renderItem={(m) => (
          <MessageItem
            message={m}
            now={now}
            onOpen={open}
            actions={
              m.status === MESSAGE_STATUS.unread
                ? [
                    <Button
                      key="read"
                      type="link"
                      size="small"
                      onClick={(e) => {
                        e.stopPropagation();
                        markRead.mutate([m.id]);
                      }}
                    >
                      {t('message.markRead')}
                    </Button>,
                  ]
                : undefined
            }
          />
        )}
      />
    </Card>
  );
}
