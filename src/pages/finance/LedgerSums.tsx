import { lazy, Suspense } from 'react';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerSummary } from '../../../contract/ledgerEntry';
import { formatFen } from '../../components/money';
import { useListSummary } from './useListSummary';
import { LEDGER_TYPE_TONES } from '../../components/statusTag';
import { useSettings } from '../../stores/settings';
import { TAG_COLORS, type Tone } from '../../stores/theme';

// The charting library is big: it comes with this page only, after the cards and the table.
const LedgerChart = lazy(() => import('./LedgerChart'));

/** The period's income, expense and net in cards, and the days of the period in a chart. */
export function LedgerSums({ from, to }: { from?: string; to?: string }) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const tone = (name: Tone) => TAG_COLORS[theme][name].text;
  const { data, isPending } = useListSummary<LedgerSummary>('ledger', [
    { field: 'from', operator: 'eq', value: from },
    { field: 'to', operator: 'eq', value: to },
  ]);
  const cards = [
    { key: 'income', title: t('finance.income.sum.income'), fen: data?.incomeFen, color: tone(LEDGER_TYPE_TONES.income) },
    { key: 'expense', title: t('finance.income.sum.expense'), fen: data?.expenseFen, color: tone(LEDGER_TYPE_TONES.expense) },
    {
      key: 'net',
      title: t('finance.income.sum.net'),
      fen: data?.netFen,
      color: (data?.netFen ?? 0) < 0 ? tone(LEDGER_TYPE_TONES.expense) : undefined,
    },
  ];
  return (
    <>
      <Row gutter={[16, 12]} style={{ marginBottom: 16 }}>
        {cards.map((c) => (
          <Col key={c.key} xs={24} sm={8}>
            <Card size="small" data-testid={`sum-${c.key}`}>
              <Statistic title={c.title} value={formatFen(c.fen)} loading={isPending} valueStyle={{ color: c.color }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('finance.income.chart.title')} style={{ marginBottom: 16 }}>
        <Suspense fallback={<Skeleton active />}>{data && <LedgerChart days={data.days} />}</Suspense>
      </Card>
    </>
  );
}
