import { Col, DatePicker, Form, Input, Row, Select, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAFF_FIELD_LABELS as L, STAFF_JOBS, STAFF_JOB_LABELS, STAFF_STATUSES, STAFF_STATUS_LABELS, staffCreateSchema, type StaffInput } from '../../../contract/staff';
import { zodRule } from '../../providers/formRules';
import { PercentInput } from '../../components/money';
import { PhoneField, dayItemProps } from '../../components/crud';

// The create schema's fields: those with a default accept an empty value, so they are not marked required.
const S = staffCreateSchema.shape;

export const STAFF_JOB_OPTIONS = STAFF_JOBS.map((value) => ({ value, label: STAFF_JOB_LABELS[value] }));
export const STAFF_STATUS_OPTIONS = STAFF_STATUSES.map((value) => ({ value, label: STAFF_STATUS_LABELS[value] }));

/** Add or edit a member of the current shop; the commission is typed in percent and held in basis points. */
export default function StaffForm({ formProps, editing }: { formProps: FormProps<StaffInput>; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <Form<StaffInput> {...formProps} layout="vertical">
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
          <Form.Item name="job" label={L.job} rules={[zodRule(S.job)]}>
            <Select options={STAFF_JOB_OPTIONS} placeholder={t('staff.job.placeholder')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="level" label={L.level} rules={[zodRule(S.level)]}>
            <Input maxLength={20} placeholder={t('staff.level.placeholder')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="hiredAt" label={L.hiredAt} rules={[zodRule(S.hiredAt)]} {...dayItemProps}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="commissionRateBp" label={L.commissionRateBp} rules={[zodRule(S.commissionRateBp)]} extra={t('staff.commission.extra')}>
            <PercentInput placeholder="0.00" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={L.status} rules={[zodRule(S.status)]}>
            <Select options={STAFF_STATUS_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
