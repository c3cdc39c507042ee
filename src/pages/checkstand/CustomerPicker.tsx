import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { useCreate, useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Customer, CustomerCard, CustomerInput } from '../../../contract/customer';
import { CustomerCardView, useCustomerLookup } from '../../components/customerLookup';
import { applyServerErrors } from '../../providers/formRules';
import type { ApiError } from '../../providers/http';
import type { DraftCustomer } from './draft';
import { StatusTag, VIP_TONE } from '../../components/statusTag';

const fromRow = (c: Customer): DraftCustomer => ({ id: c.id, name: c.name, phone: c.phone, vip: c.vip });
const fromCard = (c: CustomerCard, ownShopId: number | undefined): DraftCustomer => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  vip: c.vip,
  homeShopName: c.shopId === ownShopId ? undefined : c.shopName,
});

/**
 * Who the order is for: this shop's customers by name, last four digits or full phone; a customer of
 * another shop of the chain by the full phone only (a card); the walk-in (散客, null); or a new
 * customer made on the spot.
 */
export function CustomerPicker({
  value,
  onChange,
  shopId,
}: {
  value: DraftCustomer | null;
  onChange: (c: DraftCustomer | null) => void;
  shopId?: number;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The last text searched for: the select clears its text when it loses focus (a click on the card
  // below), and the card must stay for that click.
  const [asked, setAsked] = useState('');
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<CustomerInput>();
  const { mutate: create, mutation } = useCreate<Customer, ApiError>();
  const q = asked.trim();
  const { result: found, query } = useList<Customer>({
    resource: 'customers',
    filters: [{ field: 'q', operator: 'eq', value: q || undefined }],
    pagination: { currentPage: 1, pageSize: 20 },
    queryOptions: { enabled: q.length > 0 },
  });
  const rows = q ? (found?.data ?? []) : [];
  const nobodyHere = q.length > 0 && query.isSuccess && rows.length === 0;
  const lookup = useCustomerLookup(q, nobodyHere);

  const pick = (c: DraftCustomer | null) => {
    onChange(c);
    setSearch('');
    setAsked('');
  };

  const submitNew = (v: CustomerInput) =>
    create(
      {
        resource: 'customers',
        values: v,
        successNotification: (r) => ({ type: 'success', message: t('customer.created', { name: r?.data.name }) }),
      },
      {
        onSuccess: (r) => {
          setCreating(false);
          form.resetFields();
          pick(fromRow(r.data));
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Flex wrap gap={8}>
        <Select<number>
          showSearch
          autoFocus
          aria-label={t('checkstand.customer.search')}
          style={{ flex: '1 1 220px', minWidth: 0 }}
          value={null}
          filterOption={false}
          searchValue={search}
          onSearch={(text) => {
            setSearch(text);
            if (text.trim()) setAsked(text);
          }}
          placeholder={t('checkstand.customer.search')}
          notFoundContent={q ? (query.isFetching ? t('checkstand.customer.searching') : t('checkstand.customer.none')) : null}
          onChange={(id) => {
            const row = rows.find((c) => c.id === id);
            if (row) pick(fromRow(row));
          }}
          options={rows.map((c) => ({ value: c.id, label: `${c.name} ${c.phone}${c.vip ? ' · VIP' : ''}` }))}
        />
        <Button icon={<UserOutlined />} onClick={() => pick(null)}>
          {t('checkstand.customer.walkIn')}
        </Button>
        <Button icon={<UserAddOutlined />} onClick={() => setCreating((v) => !v)}>
          {t('checkstand.customer.new')}
        </Button>
      </Flex>

      {nobodyHere && lookup.data && (
        <CustomerCardView
          card={lookup.data}
          extra={
            <Button type="primary" size="small" onClick={() => pick(fromCard(lookup.data!, shopId))}>
              {t('customerLookup.pick')}
            </Button>
          }
        />
      )}
      {nobodyHere && lookup.error && <Alert type="warning" showIcon message={lookup.error.message} />}
      {nobodyHere && !lookup.isFetching && lookup.data === undefined && !lookup.error && (
        <Typography.Text type="secondary">{t('customerLookup.hint')}</Typography.Text>
      )}

      {creating && (
        <Form<CustomerInput> form={form} layout="inline" onFinish={submitNew} initialValues={{ vip: false }} style={{ rowGap: 8 }}>
          <Form.Item name="name" rules={[{ required: true, message: t('checkstand.customer.nameRequired') }]}>
            <Input placeholder={t('customer.fields.name')} aria-label={t('customer.fields.name')} maxLength={30} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="phone" rules={[{ required: true, message: t('checkstand.customer.phoneRequired') }]}>
            <Input placeholder={t('customer.fields.phone')} aria-label={t('customer.fields.phone')} maxLength={11} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="vip" valuePropName="checked" label="VIP">
            <Switch size="small" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('checkstand.customer.create')}
            </Button>
          </Form.Item>
        </Form>
      )}

      <div data-testid="picked-customer">
        {value ? (
          <Space wrap>
            <Typography.Text strong>{value.name}</Typography.Text>
            <Typography.Text type="secondary">{value.phone}</Typography.Text>
            {value.vip && <StatusTag tone={VIP_TONE}>{t('checkstand.vipPrice')}</StatusTag>}
            {value.homeShopName && <StatusTag tone="info">{t('customerLookup.homeShop', { shop: value.homeShopName })}</StatusTag>}
          </Space>
        ) : (
          <Tag>{t('checkstand.customer.walkInTag')}</Tag>
        )}
      </div>
    </Space>
  );
}
