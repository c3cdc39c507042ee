import { Button, Popconfirm } from 'antd';
import { useDelete, type BaseKey } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

/**
 * A row's delete link behind the confirm of docs/console.md ("确定是否删除?"), which names the record
 * under it. A refusal (409 when history refers to the row) arrives as the server's toast from http.ts.
 */
export function DeleteAction({
  resource,
  id,
  name,
  deletedMessage,
  onDeleted,
}: {
  resource: string;
  id: BaseKey;
  /** The record as people call it (its name), shown under the question. */
  name?: string;
  deletedMessage: string;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useDelete();
  return (
    <Popconfirm
      title={t('common.deleteConfirm')}
      description={name ? t('common.deleteWhat', { name }) : undefined}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => mutate({ resource, id, successNotification: () => ({ type: 'success', message: deletedMessage }) }, { onSuccess: onDeleted })}
    >
      <Button type="link" size="small" danger loading={mutation.isPending}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
