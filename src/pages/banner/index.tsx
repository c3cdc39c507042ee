import { Form, Image, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BANNER_STATUSES, type Banner, type BannerInput, type BannerStatus } from '../../../contract/banner';
import { formatDateTime } from '../../components/format';
import { imageSrc } from '../../components/upload';
import { optionKey, useOptions } from '../../components/crud';
import { ResourceListPage, type ListSearch } from '../../components/listPage';
import BannerForm from './BannerForm';
import { PROGRAM_STATUS_TONES, StatusTag } from '../../components/statusTag';

interface BannerSearch extends ListSearch {
  status?: BannerStatus;
}

/** What a new banner starts with: the create schema's defaults, shown in the form. */
const NEW_BANNER: Partial<BannerInput> = { priority: 0, status: 'on' };

/** /operation/events (admin): the customer app's banners, highest priority first. */
export default function BannerListPage() {
  const { t } = useTranslation();
  const statusOptions = useOptions('banner', 'status', BANNER_STATUSES);
  return (
    <ResourceListPage<'banners', BannerSearch, BannerInput>
      resource="banners"
      initialSort={{ field: 'priority', order: 'desc' }}
      searchWidth={260}
      filters={
        <Form.Item name="status">
          <Select
            placeholder={t('banner.filter.status')}
            aria-label={t('common.filterBy', { what: t('banner.fields.status') })}
            options={statusOptions}
            allowClear
            style={{ width: 140 }}
          />
        </Form.Item>
      }
      toFilters={({ status }) => [{ field: 'status', operator: 'eq', value: status }]}
      // Fits 1280 px windows: source and link show from 1600 px on.
      scrollX={960}
      actionsWidth={120}
      columns={[
        {
          field: 'image',
          width: 110,
          render: (url: string, banner: Banner) =>
            url ? (
              <Image src={imageSrc(url)} alt={banner.name} width={88} height={44} style={{ objectFit: 'cover', borderRadius: 4 }} />
            ) : (
              <Typography.Text type="secondary">{t('banner.noImage')}</Typography.Text>
            ),
        },
        { field: 'name', width: 140, sortable: true },
        { field: 'platform', sortable: true },
        { field: 'type', sortable: true },
        { field: 'source', ellipsis: true, responsive: ['xxl'] },
        { field: 'priority', sortable: true, width: 100 },
        {
          field: 'status',
          sortable: true,
          width: 90,
          render: (status: BannerStatus) => (
            <StatusTag tone={PROGRAM_STATUS_TONES[status]}>{t(optionKey('banner', 'status', status))}</StatusTag>
          ),
        },
        {
          field: 'startAt',
          titleKey: 'banner.period',
          width: 160,
          sortable: true,
          render: (_, b) =>
            b.startAt || b.endAt ? (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(b.startAt) || t('banner.period.open')}
                <br />
                {formatDateTime(b.endAt) || t('banner.period.open')}
              </span>
            ) : (
              t('banner.period.always')
            ),
        },
        {
          field: 'jumpLink',
          width: 160,
          responsive: ['xxl'],
          ellipsis: true,
          render: (link: string) => (link ? <Typography.Text copyable={{ text: link }}>{link}</Typography.Text> : '-'),
        },
      ]}
      form={{ width: 720, initialValues: NEW_BANNER, render: (formProps) => <BannerForm formProps={formProps} /> }}
    />
  );
}
