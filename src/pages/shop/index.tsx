import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useDelete, type CrudFilters, type HttpError } from '@refinedev/core';
import { getDefaultFilter, getDefaultSortOrder, useModalForm, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { regionLabel } from '../../../contract/region';
import { SHOP_STATUS_LABELS, type Shop, type ShopInput, type ShopStatus } from '../../../contract/shop';
import RegionCascader from '../../components/RegionCascader';
import { formatDateTime } from '../../components/format';
import ShopForm, { STATUS_OPTIONS } from './ShopForm';
import { SearchButtons } from '../../components/crud/SearchButtons';

interface ShopSearch {
  q?: string;
  regionCode?: string;
  status?: ShopStatus;
}

const RESOURCE = 'shops';

/** /business/shop (admin): the shops of the chain, searchable and filterable, created and edited in a modal. */
export default function ShopListPage() {
  const { t } = useTranslation();

  const { tableProps, searchFormProps, sorters, filters } = useTable<Shop, HttpError, ShopSearch>({
    resource: RESOURCE,
    syncWithLocation: true,
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    // Each search states every filter, so an emptied field drops its filter.
    filters: { defaultBehavior: 'replace' },
    onSearch: ({ q, regionCode, status }): CrudFilters => [
      { field: 'q', operator: 'eq', value: q?.trim() || undefined },
      // A province or city code matches every shop below it (the server filters by prefix).
      { field: 'regionCode', operator: 'eq', value: regionCode },
      { field: 'status', operator: 'eq', value: status },
    ],
  });

  const create = useModalForm<Shop, HttpError, ShopInput>({
    resource: RESOURCE,
    action: 'create',
    successNotification: (data) => ({ type: 'success', message: t('shop.created', { name: data?.data.name }) }),
  });
  const edit = useModalForm<Shop, HttpError, ShopInput>({
    resource: RESOURCE,
    action: 'edit',
    successNotification: (data) => ({ type: 'success', message: t('shop.updated', { name: data?.data.name }) }),
  });
  const { mutate: remove } = useDelete();

  const sortOrder = (field: keyof Shop) => getDefaultSortOrder(field, sorters);

  return (
    <Card
      title={t('menu.business.shop')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => create.show()}>
          {t('shop.create')}
        </Button>
      }
    >
      <Form<ShopSearch>
        {...searchFormProps}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        // The filters live in the URL (syncWithLocation): a reload or a shared link shows them again.
        initialValues={{
          q: getDefaultFilter('q', filters, 'eq'),
          regionCode: getDefaultFilter('regionCode', filters, 'eq'),
          status: getDefaultFilter('status', filters, 'eq'),
        }}
      >
        <Form.Item name="q">
          <Input.Search
            placeholder={t('shop.search.placeholder')}
            allowClear
            maxLength={50}
            onSearch={() => searchFormProps.form?.submit()}
            style={{ width: 260 }}
          />
        </Form.Item>
        <Form.Item name="regionCode">
          <RegionCascader anyLevel placeholder={t('shop.filter.region')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder={t('shop.filter.status')} options={STATUS_OPTIONS} allowClear style={{ width: 140 }} />
        </Form.Item>
        <SearchButtons form={searchFormProps.form} />
      </Form>

      <Table<Shop>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 960 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      >
        <Table.Column<Shop> dataIndex="name" title={t('shop.name')} sorter defaultSortOrder={sortOrder('name')} />
        <Table.Column<Shop>
          dataIndex="regionCode"
          title={t('shop.regionCode')}
          sorter
          defaultSortOrder={sortOrder('regionCode')}
          render={(code: string) => regionLabel(code)}
        />
        <Table.Column<Shop> dataIndex="address" title={t('shop.address')} ellipsis />
        <Table.Column<Shop> dataIndex="phone" title={t('shop.phone')} />
        <Table.Column<Shop>
          dataIndex="openTime"
          title={t('shop.hours')}
          sorter
          defaultSortOrder={sortOrder('openTime')}
          render={(_, shop) => `${shop.openTime} - ${shop.closeTime}`}
        />
        <Table.Column<Shop>
          dataIndex="status"
          title={t('shop.status')}
          sorter
          defaultSortOrder={sortOrder('status')}
          render={(status: ShopStatus) => <Tag color={status === 'open' ? 'green' : 'default'}>{SHOP_STATUS_LABELS[status]}</Tag>}
        />
        <Table.Column<Shop>
          dataIndex="createdAt"
          title={t('shop.createdAt')}
          sorter
          defaultSortOrder={sortOrder('createdAt')}
          render={(iso: string) => formatDateTime(iso)}
        />
        <Table.Column<Shop>
          key="actions"
          title={t('common.actions')}
          fixed="right"
          render={(_, shop) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => edit.show(shop.id)}>
                {t('common.edit')}
              </Button>
              <Popconfirm
                title={t('common.deleteConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() =>
                  remove({ resource: RESOURCE, id: shop.id, successNotification: () => ({ type: 'success', message: t('shop.deleted') }) })
                }
              >
                <Button type="link" size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        />
      </Table>

      <ShopModal name="shop-create" title={t('shop.create')} modal={create} initialValues={{ status: 'open' }} />
      <ShopModal name="shop-edit" title={t('shop.edit')} modal={edit} />
    </Card>
  );
}

function ShopModal({
  name,
  title,
  modal,
  initialValues,
}: {
  name: string;
  title: string;
  modal: ReturnType<typeof useModalForm<Shop, HttpError, ShopInput>>;
  initialValues?: Partial<ShopInput>;
}) {
  const { t } = useTranslation();
  return (
    <Modal {...modal.modalProps} title={title} okText={t('common.save')} cancelText={t('common.cancel')} width={560}>
      <ShopForm
        name={name}
        formProps={{
          ...modal.formProps,
          initialValues: { ...initialValues, ...modal.formProps.initialValues },
          // refine's modal form rethrows a failed save; http.ts has shown it and refine has put the
          // field errors on the form, so the dialog just stays open.
          onFinish: async (values) => {
            try {
              await modal.formProps.onFinish?.(values);
            } catch {
              // Shown above.
            }
          },
        }}
      />
    </Modal>
  );
}
