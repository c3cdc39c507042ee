import { lazy, Suspense, useMemo } from 'react';
import { Card, DatePicker, Segmented, Skeleton, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_DAYS } from '../../../../contract/report';
import { runQuery, type ResultOf } from '../../../providers/graphql';
import { formatFen } from '../../../components/money';
import { PERIOD_PRESETS, presetOf, presetPeriod, type DayPeriod, type PeriodPreset } from '../../../components/report/period';
import { RANKING } from './queries';

/** The chart library comes with this page only. */
const ShopBars = lazy(() => import('./ShopBars'));

type Ranking = ResultOf<typeof RANKING>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period is in the URL (?from=&to=), so a drill-down and back, or a shared link, keeps it; this month by default. */
function usePeriod(): [DayPeriod, (p: DayPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : presetPeriod('thisMonth');
  return [period, (p) => setParams({ from: p.from, to: p.to }, { replace: true })];
}

/** /finance/total: shops ranked by net revenue (paid less refunded, the refunds beside it) and staff by approved performance of a period. */
export default function RankingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [period, setPeriod] = usePeriod();
  const preset = presetOf(period);
  const { data, isFetching } = useQuery({ queryKey: ['ranking', period.from, period.to], queryFn: () => runQuery(RANKING, period) });
  const records = (q: Record<string, string | number>) =>
    `/finance/review?${new URLSearchParams({ ...q, from: period.from, to: period.to } as Record<string, string>)}`;
  const options = useMemo(() => PERIOD_PRESETS.map((p) => ({ value: p, label: t(`report.period.${p}`) })), [t]);

  // 现金业绩 (money received) and 消耗业绩 (services delivered) side by side; bonus spent apart, not revenue.
  const moneyColumns = (['cashFen', 'consumptionFen', 'bonusConsumptionFen'] as const).map((key) => ({
    title: t(`report.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (fen: number) => formatFen(fen),
  }));
  const shopColumns = [
    { title: t('report.rank'), key: 'rank', width: 64, render: (_: unknown, __: unknown, i: number) => i + 1 },
    { title: t('report.shop'), dataIndex: 'shopName' },
    {
      title: t('report.netRevenue'),
      dataIndex: 'revenueFen',
      align: 'right' as const,
      render: (fen: number, s: Ranking['shopRanking'][number]) => (
        <Link data-testid={`shop-revenue-${s.shopId}`} to={records({ shopId: s.shopId })}>
          {formatFen(fen)}
        </Link>
      ),
    },
    ...moneyColumns,
    { title: t('report.orderCount'), dataIndex: 'orderCount', align: 'right' as const },
    { title: t('report.refund'), dataIndex: 'refundFen', align: 'right' as const, render: (fen: number) => formatFen(fen) },
    { title: t('report.customers'), dataIndex: 'customerCount', align: 'right' as const },
    { title: t('report.newCustomers'), dataIndex: 'newCustomerCount', align: 'right' as const },
  ];
  const staffColumns = [
    { title: t('report.rank'), key: 'rank', width: 64, render: (_: unknown, __: unknown, i: number) => i + 1 },
    { title: t('report.staff'), dataIndex: 'staffName' },
    { title: t('report.shop'), dataIndex: 'shopName' },
    {
      title: t('report.approved'),
      dataIndex: 'approvedFen',
      align: 'right' as const,
      render: (fen: number, s: Ranking['staffRanking'][number]) => (
        <Link to={records({ staffId: s.staffId, shopId: s.shopId, status: 'approved' })}>{formatFen(fen)}</Link>
      ),
    },
    {
      title: t('report.pending'),
      dataIndex: 'pendingFen',
      align: 'right' as const,
      render: (fen: number, s: Ranking['staffRanking'][number]) => (
        <Link to={records({ staffId: s.staffId, shopId: s.shopId, status: 'pending' })}>{formatFen(fen)}</Link>
      ),
    },
    { title: t('report.commission'), dataIndex: 'commissionFen', align: 'right' as const, render: (fen: number) => formatFen(fen) },
    ...moneyColumns,
    { title: t('report.orderCount'), dataIndex: 'orderCount', align: 'right' as const },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap>
          <Segmented<PeriodPreset>
            data-testid="period-presets"
            options={options}
            value={preset}
            onChange={(p) => p !== 'custom' && setPeriod(presetPeriod(p))}
          />
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(period.from), dayjs(period.to)]}
            disabledDate={(d, info) => (info.from ? Math.abs(d.diff(info.from, 'day')) >= REPORT_MAX_DAYS : false)}
            onChange={(range) =>
              range?.[0] && range[1] && setPeriod({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') })
            }
          />
        </Space>
      </Card>
      <Card title={t('report.shopRanking')} loading={!data}>
        {data && (
          <>
            <Suspense fallback={<Skeleton active />}>
              <ShopBars shops={data.shopRanking} onOpen={(shopId) => navigate(records({ shopId }))} />
            </Suspense>
            <Table
              rowKey="shopId"
              size="small"
              scroll={{ x: 'max-content' }}
              data-testid="shop-ranking"
              loading={isFetching}
              columns={shopColumns}
              dataSource={data.shopRanking}
              pagination={false}
            />
          </>
        )}
      </Card>
      <Card title={t('report.staffRanking')} loading={!data}>
        {data && (
          <Table
            rowKey={(s) => `${s.staffId}/${s.shopId}`}
            size="small"
            scroll={{ x: 'max-content' }}
            data-testid="staff-ranking"
            loading={isFetching}
            columns={staffColumns}
            dataSource={data.staffRanking}
            pagination={{ pageSize: 20, showSizeChanger: false }}
          />
        )}
      </Card>
    </Space>
  );
}
