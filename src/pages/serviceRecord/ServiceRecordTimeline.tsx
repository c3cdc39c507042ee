import { Empty, Skeleton, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format';
import { useServiceRecords } from './recordQueries';
import { RecordSummary } from './RecordSummary';
import { StatusTag } from '../../components/statusTag';

/** The customer detail's 服务档案 tab: every visit's record, newest first; a touch-up names its original visit. */
export default function ServiceRecordTimeline({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { data: records, isLoading } = useServiceRecords({ customerId });
  if (isLoading) return <Skeleton active />;
  if (!records?.length) return <Empty description={t('serviceRecord.timeline.empty')} />;
  const byId = new Map(records.map((r) => [r.id, r]));
  return (
    <Timeline
      data-testid="record-timeline"
      items={records.map((r) => {
        const original = r.originalRecordId === null ? undefined : byId.get(r.originalRecordId);
        return {
          color: r.missing.length ? 'orange' : 'green',
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap size={[8, 4]}>
                <Typography.Text strong>{formatDateTime(r.servedAt)}</Typography.Text>
                <span>{r.programName}</span>
                <Typography.Text type="secondary">
                  {r.shopName} · {r.staffName || t('appointment.unassigned')}
                </Typography.Text>
                {r.missing.length > 0 && <StatusTag tone="warning">{t('serviceRecord.timeline.incomplete')}</StatusTag>}
              </Space>
              {original && (
                <Typography.Text type="secondary">
                  {t('serviceRecord.original', { at: formatDateTime(original.servedAt), program: original.programName })}
                </Typography.Text>
              )}
              <RecordSummary record={r} />
            </Space>
          ),
        };
      })}
    />
  );
}
