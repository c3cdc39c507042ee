import { DatePicker, Form, Select, Space, Tag } from 'antd';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SOURCES, MAX_TAGS, type CustomerInput, type CustomerSource, type Gender } from '../../../contract/customer';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { dayRange, optionKey, useOptions } from '../../components/crud';
import { ResourceListPage, type ListSearch } from '../../components/listPage';
import { CUSTOMER_FORM } from './CustomerForm';
import { customerPath } from './paths';
import { StatusTag, VIP_TONE } from '../../components/statusTag';

interface CustomerSearch extends ListSearch {
  source?: CustomerSource;
  vip?: boolean;
  tags?: string[];
  createdAt?: [Dayjs | null, Dayjs | null] | null;
}

/** /shop/consumer (shop-manager): the current shop's customers; phones arrive masked from the server. */
export default function CustomerListPage() {
  const { t } = useTranslation();
  const sourceOptions = useOptions('customer', 'source', CUSTOMER_SOURCES);
  return (
    <ResourceListPage<'customers', CustomerSearch, CustomerInput>
      resource="customers"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      // The search box: the server matches a full phone, its last four digits, part of it, or part of the name.
      searchWidth={260}
      filters={
        <>
          <Form.Item name="source">
            <Select
              placeholder={t('customer.filter.source')}
              aria-label={t('common.filterBy', { what: t('customer.fields.source') })}
              options={sourceOptions}
              allowClear
              style={{ width: 130 }}
            />
          </Form.Item>
          <Form.Item name="vip">
            <Select
              placeholder={t('customer.filter.vip')}
              aria-label={t('common.filterBy', { what: t('customer.fields.vip') })}
              options={[
                { value: true, label: t('customer.vip.yes') },
                { value: false, label: t('customer.vip.no') },
              ]}
              allowClear
              style={{ width: 120 }}
            />
          </Form.Item>
          <Form.Item name="tags">
            <Select
              mode="tags"
              maxCount={MAX_TAGS}
              open={false}
              suffixIcon={null}
              tokenSeparators={[',', '，', ' ']}
              placeholder={t('customer.filter.tags')}
              aria-label={t('common.filterBy', { what: t('customer.fields.tags') })}
              style={{ minWidth: 160 }}
            />
          </Form.Item>
          <Form.Item name="createdAt">
            <DatePicker.RangePicker placeholder={[t('customer.filter.createdFrom'), t('customer.filter.createdTo')]} />
          </Form.Item>
        </>
      }
      toFilters={({ source, vip, tags, createdAt }) => {
        const { from, to } = dayRange(createdAt);
        return [
          { field: 'source', operator: 'eq', value: source },
          { field: 'vip', operator: 'eq', value: vip },
          // Customers carrying every one of these tags.
          { field: 'tags', operator: 'eq', value: tags?.length ? tags : undefined },
          // Inclusive days in China time.
          { field: 'createdAt', operator: 'gte', value: from },
          { field: 'createdAt', operator: 'lte', value: to },
        ];
      }}
      // Fits 1280 px windows: nothing sits hidden under the fixed 操作 column.
      scrollX={960}
      actionsWidth={170}
      columns={[
        {
          field: 'name',
          sortable: true,
          render: (name: string, c) => <Link to={customerPath(c.id)}>{name}</Link>,
        },
        { field: 'phone', width: 124 },
        { field: 'vip', sortable: true, width: 84, render: (vip: boolean) => (vip ? <StatusTag tone={VIP_TONE}>VIP</StatusTag> : '-') },
        { field: 'gender', sortable: true, render: (gender: Gender) => t(optionKey('customer', 'gender', gender)) },
        { field: 'source', sortable: true, render: (source: CustomerSource) => t(optionKey('customer', 'source', source)) },
        {
          field: 'tags',
          render: (tags: string[]) =>
            tags.length ? (
              <Space size={[0, 4]} wrap>
                {tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </Space>
            ) : (
              '-'
            ),
        },
        {
          field: 'storedValueFen',
          align: 'right',
          width: 100,
          render: (fen: number | undefined) => (fen ? formatFen(fen) : '-'),
        },
        {
          field: 'lastVisitAt',
          width: 110,
          // The day is what a receptionist asks about ("last came in March").
          render: (at: string | null | undefined) => (at ? formatDateTime(at).slice(0, 10) : t('customer.neverVisited')),
        },
        { field: 'birthday', sortable: true, render: (d: string | null) => d ?? '-' },
        { field: 'createdAt', sortable: true, render: (iso: string) => formatDateTime(iso) },
      ]}
      rowActions={(c, { edit, remove }) => (
        <>
          <Link to={customerPath(c.id)} style={{ padding: '0 7px' }}>
            {t('customer.detail')}
          </Link>
          {edit}
          {remove}
        </>
      )}
      form={CUSTOMER_FORM}
    />
  );
}
