import { Descriptions, Grid, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceRecord } from '../../../contract/serviceRecord';
import { formatDateTime } from '../../components/format';
import { PhotoGallery } from './PhotoPanel';
import { StatusTag } from '../../components/statusTag';

/** A record read-only, as the customer's timeline shows it: questionnaire, consent, pigments, before/after photos, notes. */
export function RecordSummary({ record }: { record: ServiceRecord }) {
  const { t } = useTranslation();
  const yes = record.health.filter((a) => a.answer);
  const { md } = Grid.useBreakpoint();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {/* On a phone each label sits above its value: beside it, both are squeezed to a few characters a line. */}
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        size="small"
        bordered
        layout={md === false ? 'vertical' : 'horizontal'}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        <Descriptions.Item label={t('serviceRecord.fields.health')} span="filled">
          {!record.healthAnsweredAt ? (
            <Typography.Text type="warning">{t('serviceRecord.health.notAnswered')}</Typography.Text>
          ) : yes.length ? (
            <Space wrap size={4}>
              {yes.map((a) => (
                <StatusTag key={a.key} tone={a.blocks ? 'error' : 'warning'}>
                  {a.question}
                </StatusTag>
              ))}
            </Space>
          ) : (
            t('serviceRecord.health.allNo')
          )}
          {record.healthNote && <div>{record.healthNote}</div>}
        </Descriptions.Item>
        {record.overriddenAt && (
          <Descriptions.Item label={t('serviceRecord.fields.overrideReason')} span="filled">
            {record.overrideReason}（{record.overriddenByName} · {formatDateTime(record.overriddenAt)}）
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('serviceRecord.consent.signed')}>
          {record.consentSignedAt
            ? `${record.consentTitle}（${t('serviceRecord.consent.version', { version: record.consentVersion })}）· ${formatDateTime(record.consentSignedAt)}`
            : t('serviceRecord.consent.notSigned')}
        </Descriptions.Item>
        <Descriptions.Item label={t('serviceRecord.fields.photoConsent')}>
          {record.photoConsent
            ? t('serviceRecord.consent.photoGiven')
            : record.photoConsentWithdrawnAt
              ? t('serviceRecord.consent.photoWithdrawn', {
                  at: formatDateTime(record.photoConsentWithdrawnAt),
                  by: record.photoConsentWithdrawnByName,
                })
              : t('serviceRecord.consent.photoNotGiven')}
        </Descriptions.Item>
        {/* A bare '' here would be an item of its own, an empty row. */}
        {record.notes !== '' && (
          <Descriptions.Item label={t('serviceRecord.fields.notes')} span="filled">
            <span style={{ whiteSpace: 'pre-wrap' }}>{record.notes}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {record.pigments.length > 0 && (
        <Table
          size="small"
          rowKey={(p) => `${p.brand}-${p.colour}-${p.batch}`}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={record.pigments}
          columns={(['brand', 'colour', 'batch', 'expiresOn', 'amount', 'needle'] as const).map((field) => ({
            title: t(`serviceRecord.fields.${field}`),
            dataIndex: field,
          }))}
        />
      )}
      <PhotoGallery record={record} />
    </Space>
  );
}
