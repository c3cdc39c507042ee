import { Button, Tooltip } from 'antd';
import { useDelete, type BaseKey } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Confirm } from '../confirm/Confirm';

/**
 * A row's delete link behind the confirm of docs/console.md ("确定是否删除?"), which names the record
 * under it. Where history keeps the row (`blockedReason`, the server's words for its 409) the link is
 * disabled and says why instead; a refusal that arrives anyway shows as the server's toast (http.ts).
 */
export function DeleteAction({
  resource,
  id,
  name,
  deletedMessage,
  onDeleted,
  blockedReason,
  waiting = false,
}: {
  resource: string;
  id: BaseKey;
  /** The record as people call it (its name), shown under the question. */
  name?: string;
  deletedMessage: string;
  onDeleted?: () => void;
  blockedReason?: string;
  /** Whether history keeps the row is not known yet. */
  waiting?: boolean;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useDelete();
  if (waiting) {
    return (
      <Button type="link" size="small" danger disabled>
        {t('common.delete')}
      </Button>
    );
  }
  if (blockedReason) {
    return (
      <Tooltip title={blockedReason}>
        <Button type="link" size="small" danger disabled aria-label={`${t('common.delete')}：${blockedReason}`}>
          {t('common.delete')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Confirm
      title={t('common.deleteConfirm')}
      description={name ? t('common.deleteWhat', { name }) : undefined}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() =>
        mutate({ resource, id, successNotification: () => ({ type: 'success', message: deletedMessage }) }, { onSuccess: onDeleted })
      }
    >
      <Button type="link" size="small" danger loading={mutation.isPending}>
        {t('common.delete')}
      </Button>
    </Confirm>
  );
}
