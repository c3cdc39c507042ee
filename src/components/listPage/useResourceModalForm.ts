import type { BaseRecord, HttpError } from '@refinedev/core';
import { useModalForm } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type ResourceName } from '../../../contract/resources';

/**
 * The create or edit modal form of a resource (refine's useModalForm), saying what was saved with
 * the resource's own texts: `<labels>.created` / `<labels>.updated`, given the row's name.
 */
export function useResourceModalForm<Row extends BaseRecord, Input extends object>(resource: ResourceName, action: 'create' | 'edit') {
  const { t } = useTranslation();
  const { labels } = RESOURCES[resource];
  return useModalForm<Row, HttpError, Input>({
    resource,
    action,
    successNotification: (data) => ({
      type: 'success',
      message: t(`${labels}.${action === 'create' ? 'created' : 'updated'}`, { name: (data?.data as { name?: string } | undefined)?.name }),
    }),
  });
}
