import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { regionLabel } from '../../../contract/region';
import { SHOP_STATUSES, type ShopInput, type ShopStatus } from '../../../contract/shop';
import RegionCascader from '../../components/RegionCascader';
import { formatDateTime } from '../../components/format';
import { optionKey, useOptions } from '../../components/crud';
import { ResourceListPage, type ListSearch } from '../../components/listPage';
import ShopForm from './ShopForm';
import { SHOP_STATUS_TONES, StatusTag } from '../../components/statusTag';

interface ShopSearch extends ListSearch {
  regionCode?: string;
  status?: ShopStatus;
}

/** /business/shop (admin): the shops of the chain, searchable and filterable, created and edited in a modal. */
export default function ShopListPage() {
  const { t } = useTranslation();
  const statusOptions = useOptions('shop', 'status', SHOP_STATUSES);
  return (
    <ResourceListPage<'shops', ShopSearch, ShopInput>
      resource="shops"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      searchWidth={260}
      filters={
        <>
          <Form.Item name="regionCode">
            <RegionCascader
              anyLevel
              placeholder={t('shop.filter.region')}
              aria-label={t('common.filterBy', { what: t('shop.fields.regionCode') })}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              placeholder={t('shop.filter.status')}
              aria-label={t('common.filterBy', { what: t('shop.fields.status') })}
              options={statusOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
        </>
      }
      toFilters={({ regionCode, status }) => [
        // A province or city code matches every shop below it (the server filters by prefix).
        { field: 'regionCode', operator: 'eq', value: regionCode },
        { field: 'status', operator: 'eq', value: status },
      ]}
      restoredFilters={['regionCode', 'status']}
      scrollX={960}
      columns={[
        { field: 'name', sortable: true },
        { field: 'regionCode', sortable: true, render: (code: string) => regionLabel(code) },
        { field: 'address', ellipsis: true },
        { field: 'phone' },
        { field: 'openTime', titleKey: 'shop.hours', sortable: true, render: (_, shop) => `${shop.openTime} - ${shop.closeTime}` },
        {
          field: 'status',
          sortable: true,
          render: (status: ShopStatus) => <StatusTag tone={SHOP_STATUS_TONES[status]}>{t(optionKey('shop', 'status', status))}</StatusTag>,
        },
        { field: 'createdAt', sortable: true, render: (iso: string) => formatDateTime(iso) },
      ]}
      form={{ width: 560, initialValues: { status: 'open' }, render: (formProps) => <ShopForm formProps={formProps} /> }}
    />
  );
}
