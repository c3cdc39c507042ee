import { Col, DatePicker, Form, Input, Radio, Row, Select, Switch, type FormProps } from 'antd';
import type { HttpError } from '@refinedev/core';
import { useModalForm } from '@refinedev/antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_FIELD_LABELS as L,
  CUSTOMER_SOURCES,
  CUSTOMER_SOURCE_LABELS,
  GENDERS,
  GENDER_LABELS,
  MAX_TAGS,
  customerCreateSchema,
  type Customer,
  type CustomerInput,
} from '../../../contract/customer';
import { zodRule } from '../../providers/formRules';
import { FormModal, PhoneField, dayItemProps, instantItemProps } from '../../components/crud';

// The create schema's fields: those with a default accept an empty value, so they are not marked required.
const S = customerCreateSchema.shape;

export const CUSTOMER_RESOURCE = 'customers';
export const SOURCE_OPTIONS = CUSTOMER_SOURCES.map((value) => ({ value, label: CUSTOMER_SOURCE_LABELS[value] }));
const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
/** What a new customer starts with: the create schema's defaults, shown in the form. */
const NEW_CUSTOMER: Partial<CustomerInput> = { gender: 'unknown', source: 'walk-in', vip: false, tags: [] };

/** Every field of docs/domain.md's customer; the home shop is the session's, never typed. */
function CustomerForm({ formProps, editing }: { formProps: FormProps<CustomerInput>; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <Form<CustomerInput> {...formProps} layout="vertical">
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={L.name} rules={[zodRule(S.name)]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <PhoneField label={L.phone} schema={S.phone} editing={editing} />
        </Col>
        <Col span={12}>
          <Form.Item name="gender" label={L.gender} rules={[zodRule(S.gender)]}>
            <Radio.Group options={GENDER_OPTIONS} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="birthday" label={L.birthday} rules={[zodRule(S.birthday)]} {...dayItemProps}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="source" label={L.source} rules={[zodRule(S.source)]}>
            <Select options={SOURCE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="vip" label={L.vip} rules={[zodRule(S.vip)]} valuePropName="checked" extra={t('customer.vip.extra')}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="tags" label={L.tags} rules={[zodRule(S.tags)]} extra={t('customer.tags.extra', { max: MAX_TAGS })}>
        <Select mode="tags" maxCount={MAX_TAGS} tokenSeparators={[',', '，', ' ']} open={false} suffixIcon={null} placeholder={t('customer.tags.placeholder')} />
      </Form.Item>
      <Form.Item name="healthNotes" label={L.healthNotes} rules={[zodRule(S.healthNotes)]}>
        <Input.TextArea rows={2} maxLength={500} showCount placeholder={t('customer.healthNotes.placeholder')} />
      </Form.Item>
      <Form.Item name="consentSignedAt" label={L.consentSignedAt} rules={[zodRule(S.consentSignedAt)]} {...instantItemProps}>
        <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="notes" label={L.notes} rules={[zodRule(S.notes)]}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
    </Form>
  );
}

/** The create or edit modal of a customer, as the list and the detail page open it. */
export function useCustomerModal(action: 'create' | 'edit') {
  const { t } = useTranslation();
  return useModalForm<Customer, HttpError, CustomerInput>({
    resource: CUSTOMER_RESOURCE,
    action,
    successNotification: (data) => ({ type: 'success', message: t(action === 'create' ? 'customer.created' : 'customer.updated', { name: data?.data.name }) }),
  });
}

export function CustomerModal({ modal, action }: { modal: ReturnType<typeof useCustomerModal>; action: 'create' | 'edit' }) {
  const { t } = useTranslation();
  return (
    <FormModal title={t(action === 'create' ? 'customer.create' : 'customer.edit')} modal={modal} width={720} initialValues={action === 'create' ? NEW_CUSTOMER : undefined}>
      {(formProps) => <CustomerForm formProps={formProps} editing={action === 'edit'} />}
    </FormModal>
  );
}
