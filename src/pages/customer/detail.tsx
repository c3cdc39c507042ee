import { useState } from 'react';
import { Button, Card, Descriptions, Form, Grid, Input, Result, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import { useOne, useUpdate, type HttpError } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import { customerCreateSchema, type Customer, type RevealedPhone } from '../../../contract/customer';
import { api, type ApiError } from '../../providers/http';
import { applyServerErrors, zodRule } from '../../providers/formRules';
import { formatDateTime } from '../../components/format';
import { optionKey } from '../../components/crud';
import { CUSTOMER_RESOURCE, CustomerEditModal, useCustomerEditModal } from './CustomerForm';
import { customerListPath } from './paths';
import CustomerVisits from '../appointment/CustomerVisits';
import CustomerCards from './CustomerCards';
import CustomerOrders from './CustomerOrders';
import ServiceRecordTimeline from '../serviceRecord/ServiceRecordTimeline';
import { useTabLabel } from '../../layout/tabBar/useTabLabel';
import { StatusTag, VIP_TONE } from '../../components/statusTag';

/** /shop/consumer/:id (shop-manager): one customer's profile, visits, member cards, orders and notes. */
export default function CustomerDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const { result: customer, query } = useOne<Customer, HttpError>({ resource: CUSTOMER_RESOURCE, id });
  const edit = useCustomerEditModal();
  const [section, setSection] = useState('profile');
  const phone = Grid.useBreakpoint().md === false;
  useTabLabel(customer?.name);

  const back = (
    <Link to={customerListPath}>
      <ArrowLeftOutlined /> {t('customer.backToList')}
    </Link>
  );

  if (query.isError) {
    // http.ts has toasted the reason (404 for another shop's customer, as for a missing one).
    return <Result status="404" title={t('customer.notFound')} extra={back} />;
  }
  if (!customer) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }

  const sections = [
    // Keyed on updatedAt: an edit re-mounts them, dropping a revealed old phone and stale note text.
    { key: 'profile', label: t('customer.tab.profile'), children: <Profile key={customer.updatedAt} customer={customer} /> },
    { key: 'visits', label: t('customer.tab.visits'), children: <CustomerVisits customerId={customer.id} /> },
    { key: 'cards', label: t('customer.tab.cards'), children: <CustomerCards customerId={customer.id} /> },
    { key: 'orders', label: t('customer.tab.orders'), children: <CustomerOrders customerId={customer.id} /> },
    { key: 'records', label: t('customer.tab.records'), children: <ServiceRecordTimeline customerId={customer.id} /> },
    { key: 'notes', label: t('customer.tab.notes'), children: <Notes key={customer.updatedAt} customer={customer} /> },
  ];

  return (
    <Card
      title={
        <Space>
          {customer.name}
          {customer.vip && <StatusTag tone={VIP_TONE}>VIP</StatusTag>}
        </Space>
      }
      extra={
        <Space>
          {back}
          <Button type="primary" onClick={() => edit.show(customer.id)}>
            {t('common.edit')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={section}
        onChange={setSection}
        items={sections}
        // On a phone the six tabs overflow their bar: a full-width select names the section shown and lists the others.
        renderTabBar={
          phone
            ? () => (
                <Select
                  aria-label={t('customer.tab.section')}
                  prefix={<Typography.Text type="secondary">{t('customer.tab.sectionPrefix')}</Typography.Text>}
                  value={section}
                  onChange={setSection}
                  options={sections.map(({ key, label }) => ({ value: key, label }))}
                  style={{ width: '100%', marginBottom: 16 }}
                />
              )
            : undefined
        }
      />
      <CustomerEditModal modal={edit} />
    </Card>
  );
}

function Profile({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  return (
    // On a phone, one column with each label above its value: side by side, a value is left a character wide.
    // Beside the menu a tablet's width holds two label-value pairs a row, not three.
    <Descriptions
      column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 3 }}
      layout={screens.md ? 'horizontal' : 'vertical'}
      bordered
      size="middle"
      styles={{ label: { whiteSpace: 'nowrap' } }}
    >
      <Descriptions.Item label={t('customer.fields.name')}>{customer.name}</Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.phone')}>
        <RevealablePhone customer={customer} />
      </Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.gender')}>{t(optionKey('customer', 'gender', customer.gender))}</Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.birthday')}>{customer.birthday ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.source')}>{t(optionKey('customer', 'source', customer.source))}</Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.vip')}>{customer.vip ? t('customer.vip.yes') : t('customer.vip.no')}</Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.tags')} span="filled">
        {customer.tags.length ? customer.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.healthNotes')} span="filled">
        <Typography.Text type={customer.healthNotes ? 'danger' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
          {customer.healthNotes || '-'}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.consentSignedAt')}>
        {customer.consentSignedAt ? (
          formatDateTime(customer.consentSignedAt)
        ) : (
          <Typography.Text type="warning">{t('customer.consent.missing')}</Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('customer.fields.createdAt')}>{formatDateTime(customer.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The masked phone with a button that asks the server for the full number (each reveal is audited there). */
function RevealablePhone({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<string>();
  const [loading, setLoading] = useState(false);

  const reveal = async () => {
    setLoading(true);
    try {
      const data = await api.post<RevealedPhone>(`${API.resourceBase}/${CUSTOMER_RESOURCE}/${customer.id}/reveal-phone`);
      setPhone(data.phone);
    } catch {
      // http.ts has shown the server's message; the masked number stays.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space wrap size={[8, 4]}>
      <Typography.Text copyable={phone ? { text: phone } : false} style={{ whiteSpace: 'nowrap' }}>
        {phone ?? customer.phone}
      </Typography.Text>
      {!phone && (
        <Button size="small" icon={<EyeOutlined />} loading={loading} onClick={reveal}>
          {t('customer.revealPhone')}
        </Button>
      )}
    </Space>
  );
}

function Notes({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ notes: string }>();
  const { mutate: update, mutation } = useUpdate<Customer, ApiError>();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ notes: customer.notes }}
      onFinish={({ notes }) =>
        update(
          {
            resource: CUSTOMER_RESOURCE,
            id: customer.id,
            values: { notes },
            successNotification: () => ({ type: 'success', message: t('customer.notes.saved') }),
          },
          { onError: (error) => applyServerErrors(form, error) },
        )
      }
    >
      <Form.Item name="notes" label={t('customer.fields.notes')} rules={[zodRule(customerCreateSchema.shape.notes)]}>
        <Input.TextArea rows={8} maxLength={1000} showCount placeholder={t('customer.notes.placeholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
