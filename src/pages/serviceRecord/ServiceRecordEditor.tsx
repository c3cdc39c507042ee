import { useState } from 'react';
import { Alert, Button, Collapse, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceRecord } from '../../../contract/serviceRecord';
import { applyServerErrors } from '../../providers/formRules';
import { formatDateTime } from '../../components/format';
import { changeRecord, useRecordCall, useServiceRecord } from './recordQueries';
import { HealthForm } from './HealthForm';
import { ConsentPanel } from './ConsentPanel';
import { PigmentForm } from './PigmentForm';
import { PhotoPanel } from './PhotoPanel';
import { RecordSummary } from './RecordSummary';

/** What completing still needs, or that nothing does. */
function Completeness({ record }: { record: ServiceRecord }) {
  const { t } = useTranslation();
  return record.missing.length ? (
    <Alert
      type="warning"
      showIcon
      message={t('serviceRecord.missing.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {record.missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      }
      data-testid="record-missing"
    />
  ) : (
    <Alert type="success" showIcon message={t('serviceRecord.missing.none')} data-testid="record-complete" />
  );
}

/** The manager's override of blocking answers, with its reason (audited by the server). */
function OverridePanel({ record, disabled }: { record: ServiceRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const override = useRecordCall((reason: string) => changeRecord('post', record.id, '/override', { reason }));
  if (record.overriddenAt)
    return (
      <Typography.Text>
        {t('serviceRecord.override.done', { by: record.overriddenByName, at: formatDateTime(record.overriddenAt) })}
        {record.overrideReason}
      </Typography.Text>
    );
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={disabled}
      onFinish={({ reason }) => override.mutate(reason, { onError: (e) => applyServerErrors(form, e) })}
    >
      <Form.Item
        name="reason"
        label={t('serviceRecord.fields.reason')}
        rules={[{ required: true, min: 4, message: t('serviceRecord.override.reasonRule') }]}
      >
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Button danger htmlType="submit" loading={override.isPending}>
        {t('serviceRecord.override.submit')}
      </Button>
    </Form>
  );
}

function NotesForm({ record, disabled }: { record: ServiceRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ notes: string }>();
  const save = useRecordCall((notes: string) => changeRecord('patch', record.id, '', { notes }));
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={{ notes: record.notes }}
      onFinish={({ notes }) => save.mutate(notes ?? '', { onError: (e) => applyServerErrors(form, e) })}
    >
      <Form.Item name="notes" label={t('serviceRecord.fields.notes')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/** A touch-up's original visit, read-only. */
function OriginalRecord({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: original } = useServiceRecord(id);
  if (!original) return null;
  return (
    <Collapse
      items={[
        {
          key: 'original',
          label: t('serviceRecord.original', { at: formatDateTime(original.servedAt), program: original.programName }),
          children: <RecordSummary record={original} />,
        },
      ]}
    />
  );
}

/**
 * The record of one visit, section by section: questionnaire, consent, pigments, photos, notes and
 * (when an answer blocks) the manager's override. `disabled` once the visit is completed.
 */
export function ServiceRecordEditor({ record, disabled }: { record: ServiceRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const blocking = record.health.some((a) => a.blocks && a.answer);
  const [open, setOpen] = useState<string[]>(['health', 'consent', 'pigments', 'photos', 'notes', 'override']);
  const section = (key: string, children: React.ReactNode) => ({ key, label: t(`serviceRecord.section.${key}`), children });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Completeness record={record} />
      {record.originalRecordId !== null && <OriginalRecord id={record.originalRecordId} />}
      <Collapse
        activeKey={open}
        onChange={(keys) => setOpen(keys as string[])}
        items={[
          section('health', <HealthForm key={record.healthAnsweredAt ?? ''} record={record} disabled={disabled} />),
          ...(blocking ? [section('override', <OverridePanel record={record} disabled={disabled} />)] : []),
          section('consent', <ConsentPanel record={record} disabled={disabled} />),
          ...(record.programType !== 3 || record.pigments.length
            ? [section('pigments', <PigmentForm key={record.updatedAt} record={record} disabled={disabled} />)]
            : []),
          section('photos', <PhotoPanel record={record} disabled={disabled} />),
          section('notes', <NotesForm key={record.updatedAt} record={record} disabled={disabled} />),
        ]}
      />
    </Space>
  );
}
