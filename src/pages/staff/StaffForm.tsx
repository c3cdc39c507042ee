import { Col, DatePicker, Form, Input, Row, Select, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAFF_JOBS, STAFF_STATUSES, staffCreateSchema, type StaffInput } from '../../../contract/staff';
import { zodRule } from '../../providers/formRules';
import { PercentInput } from '../../components/money';
import { PhoneField, dayItemProps, useOptions } from '../../components/crud';

// The create schema's fields: those with a default accept an empty value, so they are not marked required.
const S = staffCreateSchema.shape;

/** Add or edit a member of the current shop; the commission is typed in percent and held in basis points. */
export default function StaffForm({ formProps, editing }: { formProps: FormProps<StaffInput>; editing: boolean }) {
  const { t } = useTranslation();
  const jobOptions = useOptions('staff', 'job', STAFF_JOBS);
  const statusOptions = useOptions('staff', 'status', STAFF_STATUSES);
  return (
    <Form<StaffInput> {...formProps} layout="vertical">
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('staff.fields.name')} rules={[zodRule(S.name)]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <PhoneField label={t('staff.fields.phone')} schema={S.phone} editing={editing} />
        </Col>
        <Col span={12}>
          <Form.Item name="job" label={t('staff.fields.job')} rules={[zodRule(S.job)]}>
            <Select options={jobOptions} placeholder={t('staff.job.placeholder')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="level" label={t('staff.fields.level')} rules={[zodRule(S.level)]}>
            <Input maxLength={20} placeholder={t('staff.level.placeholder')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="hiredAt" label={t('staff.fields.hiredAt')} rules={[zodRule(S.hiredAt)]} {...dayItemProps}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="commissionRateBp"
            label={t('staff.fields.commissionRateBp')}
            rules={[zodRule(S.commissionRateBp)]}
            extra={t('staff.commission.extra')}
          >
            <PercentInput placeholder="0.00" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={t('staff.fields.status')} rules={[zodRule(S.status)]}>
            <Select options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
