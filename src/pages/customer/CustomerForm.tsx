import { Col, DatePicker, Form, Input, Radio, Row, Select, Switch, type FormProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SOURCES, GENDERS, MAX_TAGS, customerCreateSchema, type Customer, type CustomerInput } from '../../../contract/customer';
import { zodRule } from '../../providers/formRules';
import { FormModal, PhoneField, dayItemProps, instantItemProps, useOptions } from '../../components/crud';
import { useResourceModalForm, type ResourceForm } from '../../components/listPage';

// The create schema's fields: those with a default accept an empty value, so they are not marked required.
const S = customerCreateSchema.shape;

export const CUSTOMER_RESOURCE = 'customers';

/** Every field of docs/domain.md's customer; the home shop is the session's, never typed. */
function CustomerForm({ formProps, editing }: { formProps: FormProps<CustomerInput>; editing: boolean }) {
  const { t } = useTranslation();
  const genderOptions = useOptions('customer', 'gender', GENDERS);
  const sourceOptions = useOptions('customer', 'source', CUSTOMER_SOURCES);
  return (
    <Form<CustomerInput> {...formProps} layout="vertical">
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('customer.fields.name')} rules={[zodRule(S.name)]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <PhoneField label={t('customer.fields.phone')} schema={S.phone} editing={editing} />
        </Col>
        <Col span={12}>
          <Form.Item name="gender" label={t('customer.fields.gender')} rules={[zodRule(S.gender)]}>
            <Radio.Group options={genderOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="birthday" label={t('customer.fields.birthday')} rules={[zodRule(S.birthday)]} {...dayItemProps}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="source" label={t('customer.fields.source')} rules={[zodRule(S.source)]}>
            <Select options={sourceOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="vip"
            label={t('customer.fields.vip')}
            rules={[zodRule(S.vip)]}
            valuePropName="checked"
            extra={t('customer.vip.extra')}
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="tags"
        label={t('customer.fields.tags')}
        rules={[zodRule(S.tags)]}
        extra={t('customer.tags.extra', { max: MAX_TAGS })}
      >
        <Select
          mode="tags"
          maxCount={MAX_TAGS}
          tokenSeparators={[',', '，', ' ']}
          open={false}
          suffixIcon={null}
          placeholder={t('customer.tags.placeholder')}
        />
      </Form.Item>
      <Form.Item name="healthNotes" label={t('customer.fields.healthNotes')} rules={[zodRule(S.healthNotes)]}>
        <Input.TextArea rows={2} maxLength={500} showCount placeholder={t('customer.healthNotes.placeholder')} />
      </Form.Item>
      <Form.Item
        name="consentSignedAt"
        label={t('customer.fields.consentSignedAt')}
        rules={[zodRule(S.consentSignedAt)]}
        {...instantItemProps}
      >
        <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="notes" label={t('customer.fields.notes')} rules={[zodRule(S.notes)]}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
    </Form>
  );
}

/** The customer form as the list opens it; what a new customer starts with is the create schema's defaults. */
export const CUSTOMER_FORM: ResourceForm<CustomerInput> = {
  width: 720,
  initialValues: { gender: 'unknown', source: 'walk-in', vip: false, tags: [] },
  render: (formProps, editing) => <CustomerForm formProps={formProps} editing={editing} />,
};

/** The edit modal of a customer, as the detail page opens it. */
export function useCustomerEditModal() {
  return useResourceModalForm<Customer, CustomerInput>(CUSTOMER_RESOURCE, 'edit');
}

export function CustomerEditModal({ modal }: { modal: ReturnType<typeof useCustomerEditModal> }) {
  const { t } = useTranslation();
  return (
    <FormModal title={t('customer.edit')} modal={modal} width={CUSTOMER_FORM.width}>
      {(formProps) => CUSTOMER_FORM.render(formProps, true)}
    </FormModal>
  );
}
