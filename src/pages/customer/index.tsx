import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_FIELD_LABELS as L, CUSTOMER_SOURCE_LABELS, GENDER_LABELS, MAX_TAGS, type Customer, type CustomerSource, type Gender } from '../../../contract/customer';
import { formatDateTime } from '../../components/format';
import { DeleteAction, SearchButtons, dayRange } from '../../components/crud';
import { CUSTOMER_RESOURCE, CustomerModal, SOURCE_OPTIONS, useCustomerModal } from './CustomerForm';
import { customerPath } from './paths';

interface CustomerSearch {
  q?: string;
  source?: CustomerSource;
  vip?: boolean;
  tags?: string[];
  createdAt?: [Dayjs | null, Dayjs | null] | null;
}

/** /shop/consumer (shop-manager): the current shop's customers; phones arrive masked from the server. */
export default function CustomerListPage() {
  const { t } = useTranslation();

  const { tableProps, searchFormProps, sorters } = useTable<Customer, HttpError, CustomerSearch>({
    resource: CUSTOMER_RESOURCE,
    syncWithLocation: true,
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { defaultBehavior: 'replace' },
    onSearch: ({ q, source, vip, tags, createdAt }): CrudFilters => {
      const { from, to } = dayRange(createdAt);
      return [
        // The server matches a full phone, its last four digits, part of it, or part of the name.
        { field: 'q', operator: 'eq', value: q?.trim() || undefined },
        { field: 'source', operator: 'eq', value: source },
        { field: 'vip', operator: 'eq', value: vip },
        // Customers carrying every one of these tags.
        { field: 'tags', operator: 'eq', value: tags?.length ? tags : undefined },
        // Inclusive days in China time.
        { field: 'createdAt', operator: 'gte', value: from },
        { field: 'createdAt', operator: 'lte', value: to },
      ];
    },
  });

  const create = useCustomerModal('create');
  const edit = useCustomerModal('edit');
  const sortOrder = (field: keyof Customer) => getDefaultSortOrder(field, sorters);

  return (
    <Card
      title={t('menu.shop.consumer')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => create.show()}>
          {t('customer.create')}
        </Button>
      }
    >
      <Form<CustomerSearch> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search placeholder={t('customer.search.placeholder')} allowClear maxLength={50} onSearch={() => searchFormProps.form?.submit()} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="source">
          <Select placeholder={t('customer.filter.source')} options={SOURCE_OPTIONS} allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="vip">
          <Select
            placeholder={t('customer.filter.vip')}
            options={[
              { value: true, label: t('customer.vip.yes') },
              { value: false, label: t('customer.vip.no') },
            ]}
            allowClear
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name="tags">
          <Select mode="tags" maxCount={MAX_TAGS} open={false} suffixIcon={null} tokenSeparators={[',', '，', ' ']} placeholder={t('customer.filter.tags')} style={{ minWidth: 160 }} />
        </Form.Item>
        <Form.Item name="createdAt">
          <DatePicker.RangePicker placeholder={[t('customer.filter.createdFrom'), t('customer.filter.createdTo')]} />
        </Form.Item>
        <SearchButtons form={searchFormProps.form} />
      </Form>

      <Table<Customer>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1100 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      >
        <Table.Column<Customer>
          dataIndex="name"
          title={L.name}
          sorter
          defaultSortOrder={sortOrder('name')}
          render={(name: string, c) => (
            <Space size={4}>
              <Link to={customerPath(c.id)}>{name}</Link>
              {c.vip && <Tag color="gold">VIP</Tag>}
            </Space>
          )}
        />
        <Table.Column<Customer> dataIndex="phone" title={L.phone} />
        <Table.Column<Customer> dataIndex="gender" title={L.gender} sorter defaultSortOrder={sortOrder('gender')} render={(g: Gender) => GENDER_LABELS[g]} />
        <Table.Column<Customer> dataIndex="source" title={L.source} sorter defaultSortOrder={sortOrder('source')} render={(s: CustomerSource) => CUSTOMER_SOURCE_LABELS[s]} />
        <Table.Column<Customer>
          dataIndex="tags"
          title={L.tags}
          render={(tags: string[]) =>
            tags.length ? (
              <Space size={[0, 4]} wrap>
                {tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </Space>
            ) : (
              '-'
            )
          }
        />
        <Table.Column<Customer> dataIndex="birthday" title={L.birthday} sorter defaultSortOrder={sortOrder('birthday')} render={(d: string | null) => d ?? '-'} />
        <Table.Column<Customer>
          dataIndex="createdAt"
          title={t('customer.createdAt')}
          sorter
          defaultSortOrder={sortOrder('createdAt')}
          render={(iso: string) => formatDateTime(iso)}
        />
        <Table.Column<Customer>
          key="actions"
          title={t('common.actions')}
          fixed="right"
          width={170}
          render={(_, c) => (
            <Space size={0}>
              <Link to={customerPath(c.id)} style={{ padding: '0 7px' }}>
                {t('customer.detail')}
              </Link>
              <Button type="link" size="small" onClick={() => edit.show(c.id)}>
                {t('common.edit')}
              </Button>
              <DeleteAction resource={CUSTOMER_RESOURCE} id={c.id} deletedMessage={t('customer.deleted', { name: c.name })} />
            </Space>
          )}
        />
      </Table>

      <CustomerModal modal={create} action="create" />
      <CustomerModal modal={edit} action="edit" />
    </Card>
  );
}
