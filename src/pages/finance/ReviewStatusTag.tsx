import { useTranslation } from 'react-i18next';
import type { AfterSaleStatus } from '../../../contract/afterSale';
import type { PerformanceStatus } from '../../../contract/performanceRecord';
import { optionKey } from '../../components/crud';
import { REVIEW_STATUS_TONES, StatusTag } from '../../components/statusTag';

/** A review status (of a performance record or an after-sale), the rejection's reason on hover. */
export function ReviewStatusTag({
  labels,
  status,
  rejectReason,
}: {
  labels: 'performanceRecord' | 'afterSale';
  status: PerformanceStatus | AfterSaleStatus;
  rejectReason?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={REVIEW_STATUS_TONES[status]} tooltip={rejectReason ? `${t('finance.rejectReason')}：${rejectReason}` : undefined}>
      {t(optionKey(labels, 'status', status))}
    </StatusTag>
  );
}
