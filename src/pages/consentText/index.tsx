import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROGRAM_TYPES, type ProgramType } from '../../../contract/program';
import {
  consentVersionCreateSchema,
  MAX_CONSENT_BODY,
  type ConsentVersion,
  type ConsentVersionInput,
} from '../../../contract/consentVersion';
import { formatDateTime } from '../../components/format';
import { FormModal, optionKey, useOptions } from '../../components/crud';
import { ListPage, useResourceModalForm, type ListSearch } from '../../components/listPage';
import { zodRule } from '../../providers/formRules';
import { StatusTag } from '../../components/statusTag';

interface ConsentSearch extends ListSearch {
  programType?: ProgramType;
}

const fields = consentVersionCreateSchema.shape;

/**
 * /operation/consent (admin): the consent texts per program type, every version kept. A new version
 * is published, never an old one edited: signed records point at the words they were signed under.
 */
export default function ConsentTextPage() {
  const { t } = useTranslation();
  const typeOptions = useOptions('consentVersion', 'programType', PROGRAM_TYPES);
  const create = useResourceModalForm<ConsentVersion, ConsentVersionInput>('consent-versions', 'create');
  const [reading, setReading] = useState<ConsentVersion | null>(null);
  return (
    <ListPage<'consent-versions', ConsentSearch>
      resource="consent-versions"
      initialSort={{ field: 'programType', order: 'asc' }}
      filters={
        <Form.Item name="programType">
          <Select
            placeholder={t('consentVersion.fields.programType')}
            aria-label={t('consentVersion.fields.programType')}
            options={typeOptions}
            allowClear
            style={{ width: 140 }}
          />
        </Form.Item>
      }
      toFilters={({ programType }) => [{ field: 'programType', operator: 'eq', value: programType }]}
      restoredFilters={['programType']}
      header={() => <Alert type="info" showIcon message={t('consentVersion.note')} style={{ marginBottom: 12 }} />}
      onCreate={() => create.show()}
      scrollX={900}
      cardsOnPhone
      actionsWidth={110}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => setReading(row)}>
          {t('consentVersion.view')}
        </Button>
      )}
      columns={[
        {
          field: 'programType',
          sortable: true,
          width: 110,
          render: (type: ProgramType) => t(optionKey('consentVersion', 'programType', type)),
        },
        {
          field: 'version',
          sortable: true,
          width: 110,
          render: (version: number, row) => (
            <>
              {t('serviceRecord.consent.version', { version })}{' '}
              {row.current && <StatusTag tone="success">{t('consentVersion.currentTag')}</StatusTag>}
            </>
          ),
        },
        { field: 'title' },
        { field: 'createdByName', width: 110 },
        { field: 'createdAt', sortable: true, width: 170, render: (iso: string) => formatDateTime(iso) },
      ]}
    >
      <FormModal title={t('consentVersion.create')} modal={create} width={720}>
        {(formProps) => (
          <Form {...formProps} layout="vertical">
            <Form.Item name="programType" label={t('consentVersion.fields.programType')} rules={[zodRule(fields.programType)]}>
              <Select options={typeOptions} />
            </Form.Item>
            <Form.Item name="title" label={t('consentVersion.fields.title')} rules={[zodRule(fields.title)]}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name="body" label={t('consentVersion.fields.body')} rules={[zodRule(fields.body)]}>
              <Input.TextArea rows={12} maxLength={MAX_CONSENT_BODY} showCount />
            </Form.Item>
          </Form>
        )}
      </FormModal>
      <Modal open={reading !== null} title={reading?.title} footer={null} onCancel={() => setReading(null)} width={720}>
        {reading && (
          <>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{reading.body}</Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('consentVersion.fields.textHash')}：<Typography.Text code>{reading.textHash}</Typography.Text>
            </Typography.Text>
          </>
        )}
      </Modal>
    </ListPage>
  );
}
