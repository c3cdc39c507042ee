import { Button, Form, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEALTH_QUESTIONS } from '../../../contract/healthQuestionnaire';
import type { ServiceRecord } from '../../../contract/serviceRecord';
import { applyServerErrors } from '../../providers/formRules';
import { changeRecord, useRecordCall } from './recordQueries';
import { StatusTag } from '../../components/statusTag';

interface HealthValues {
  answers: Record<string, boolean | undefined>;
  note: string;
}

/** The health questionnaire (contract/healthQuestionnaire.ts): every question yes or no; a blocking one is marked. */
export function HealthForm({ record, disabled }: { record: ServiceRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HealthValues>();
  const save = useRecordCall((health: HealthValues) => changeRecord('patch', record.id, '', { health }));
  const given = Object.fromEntries(record.health.map((a) => [a.key, a.answer]));
  return (
    <Form<HealthValues>
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={{ answers: record.healthAnsweredAt ? given : {}, note: record.healthNote }}
      onFinish={(values) => save.mutate(values, { onError: (e) => applyServerErrors(form, e) })}
    >
      {HEALTH_QUESTIONS.map((q) => (
        <Form.Item
          key={q.key}
          name={['answers', q.key]}
          label={
            <Space size={4} wrap>
              <span id={`health-${q.key}`}>{q.question}</span>
              {q.blocks && <StatusTag tone="error">{t('serviceRecord.health.blocks')}</StatusTag>}
            </Space>
          }
          rules={[{ required: true, message: t('serviceRecord.health.required') }]}
          style={{ marginBottom: 12 }}
        >
          <Radio.Group aria-labelledby={`health-${q.key}`}>
            <Radio value={false}>{t('serviceRecord.health.no')}</Radio>
            <Radio value={true}>{t('serviceRecord.health.yes')}</Radio>
          </Radio.Group>
        </Form.Item>
      ))}
      <Form.Item name="note" label={t('serviceRecord.fields.healthNote')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {record.healthAnsweredAt && <Typography.Paragraph type="secondary">{t('serviceRecord.health.keptAsGiven')}</Typography.Paragraph>}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('serviceRecord.health.save')}
      </Button>
    </Form>
  );
}
