import { Card, Col, Row, Statistic } from 'antd';
import type { CrudFilters } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PerformanceSummary } from '../../../contract/performanceRecord';
import { formatFen } from '../../components/money';
import { useListSummary } from './useListSummary';

/** The count, amount and commission of every record the review's filters match, on all pages. */
export function PerformanceSums({ filters }: { filters: CrudFilters }) {
  const { t } = useTranslation();
  const { data, isPending } = useListSummary<PerformanceSummary>('performance-records', filters);
  const stats = [
    { key: 'count', title: t('finance.review.sum.count'), value: data ? String(data.count) : '-' },
    { key: 'amount', title: t('finance.review.sum.amount'), value: formatFen(data?.amountFen) },
    { key: 'commission', title: t('finance.review.sum.commission'), value: formatFen(data?.commissionFen) },
  ];
  return (
    <Row gutter={[16, 12]} style={{ marginBottom: 16 }}>
      {stats.map((s) => (
        <Col key={s.key} xs={24} sm={8}>
          <Card size="small" data-testid={`sum-${s.key}`}>
            <Statistic title={s.title} value={s.value} loading={isPending} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
