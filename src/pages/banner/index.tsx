import { Button, Card, Form, Image, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { getDefaultSortOrder, useModalForm, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { BANNER_FIELD_LABELS as L, BANNER_STATUS_LABELS, type Banner, type BannerInput, type BannerStatus } from '../../../contract/banner';
import { formatDateTime } from '../../components/format';
import { imageSrc } from '../../components/upload';
import { DeleteAction, FormModal, SearchButtons } from '../../components/crud';
import BannerForm, { BANNER_STATUS_OPTIONS } from './BannerForm';

interface BannerSearch {
  q?: string;
  status?: BannerStatus;
}

const RESOURCE = 'banners';
/** What a new banner starts with: the create schema's defaults, shown in the form. */
const NEW_BANNER: Partial<BannerInput> = { priority: 0, status: 'on' };

/** /operation/events (admin): the customer app's banners, highest priority first. */
export default function BannerListPage() {
  const { t } = useTranslation();

  const { tableProps, searchFormProps, sorters } = useTable<Banner, HttpError, BannerSearch>({
    resource: RESOURCE,
    syncWithLocation: true,
    sorters: { initial: [{ field: 'priority', order: 'desc' }] },
    filters: { defaultBehavior: 'replace' },
    onSearch: ({ q, status }): CrudFilters => [
      { field: 'q', operator: 'eq', value: q?.trim() || undefined },
      { field: 'status', operator: 'eq', value: status },
    ],
  });

  const create = useModalForm<Banner, HttpError, BannerInput>({
    resource: RESOURCE,
    action: 'create',
    successNotification: (data) => ({ type: 'success', message: t('banner.created', { name: data?.data.name }) }),
  });
  const edit = useModalForm<Banner, HttpError, BannerInput>({
    resource: RESOURCE,
    action: 'edit',
    successNotification: (data) => ({ type: 'success', message: t('banner.updated', { name: data?.data.name }) }),
  });

  const sortOrder = (field: keyof Banner) => getDefaultSortOrder(field, sorters);

  return (
    <Card
      title={t('menu.operation.events')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => create.show()}>
          {t('banner.create')}
        </Button>
      }
    >
      <Form<BannerSearch> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search placeholder={t('banner.search.placeholder')} allowClear maxLength={50} onSearch={() => searchFormProps.form?.submit()} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder={t('banner.filter.status')} options={BANNER_STATUS_OPTIONS} allowClear style={{ width: 140 }} />
        </Form.Item>
        <SearchButtons form={searchFormProps.form} />
      </Form>

      <Table<Banner>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1150 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      >
        <Table.Column<Banner>
          dataIndex="image"
          title={L.image}
          width={110}
          render={(url: string) => (url ? <Image src={imageSrc(url)} width={88} height={44} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <Typography.Text type="secondary">{t('banner.noImage')}</Typography.Text>)}
        />
        <Table.Column<Banner> dataIndex="name" title={L.name} width={160} sorter defaultSortOrder={sortOrder('name')} />
        <Table.Column<Banner> dataIndex="platform" title={L.platform} sorter defaultSortOrder={sortOrder('platform')} />
        <Table.Column<Banner> dataIndex="type" title={L.type} sorter defaultSortOrder={sortOrder('type')} />
        <Table.Column<Banner> dataIndex="source" title={L.source} ellipsis />
        <Table.Column<Banner> dataIndex="priority" title={L.priority} sorter defaultSortOrder={sortOrder('priority')} width={100} />
        <Table.Column<Banner>
          dataIndex="status"
          title={L.status}
          sorter
          defaultSortOrder={sortOrder('status')}
          width={90}
          render={(status: BannerStatus) => <Tag color={status === 'on' ? 'green' : 'default'}>{BANNER_STATUS_LABELS[status]}</Tag>}
        />
        <Table.Column<Banner>
          dataIndex="startAt"
          title={t('banner.period')}
          width={160}
          sorter
          defaultSortOrder={sortOrder('startAt')}
          render={(_, b) =>
            b.startAt || b.endAt ? (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(b.startAt) || t('banner.period.open')}
                <br />
                {formatDateTime(b.endAt) || t('banner.period.open')}
              </span>
            ) : (
              t('banner.period.always')
            )
          }
        />
        <Table.Column<Banner>
          dataIndex="jumpLink"
          title={L.jumpLink}
          width={160}
          ellipsis
          render={(link: string) => (link ? <Typography.Text copyable={{ text: link }}>{link}</Typography.Text> : '-')}
        />
        <Table.Column<Banner>
          key="actions"
          title={t('common.actions')}
          fixed="right"
          width={120}
          render={(_, banner) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => edit.show(banner.id)}>
                {t('common.edit')}
              </Button>
              <DeleteAction resource={RESOURCE} id={banner.id} deletedMessage={t('banner.deleted', { name: banner.name })} />
            </Space>
          )}
        />
      </Table>

      <FormModal title={t('banner.create')} modal={create} width={720} initialValues={NEW_BANNER}>
        {(formProps) => <BannerForm formProps={formProps} />}
      </FormModal>
      <FormModal title={t('banner.edit')} modal={edit} width={720}>
        {(formProps) => <BannerForm formProps={formProps} />}
      </FormModal>
    </Card>
  );
}
