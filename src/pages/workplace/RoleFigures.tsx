import { lazy, Suspense } from 'react';
import { Card, Col, List, Row, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../contract/roles';
import { runQuery } from '../../providers/graphql';
import { Figure } from '../../components/report/Figure';
import { formatFen } from '../../components/money';
import { addDays } from '../../components/report/period';
import { CHAIN_WORKPLACE, FINANCE_WORKPLACE, SHOP_WORKPLACE } from './queries';
import { UnpaidVisits } from './UnpaidVisits';
import '../../components/report/report.css';
import { StatusTag } from '../../components/statusTag';

/** The chart library comes with this chunk only, never with /login. */
const TrendChart = lazy(() => import('../../components/report/TrendChart'));

const span = { xs: 24, sm: 12, lg: 6 };

function Trend({ days, to }: { days: readonly { day: string; revenueFen: number; orderCount: number }[]; to: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('workplace.trend')} extra={<Link to={to}>{t('workplace.more')}</Link>}>
      <Suspense fallback={<Skeleton active />}>
        <TrendChart days={days} />
      </Suspense>
    </Card>
  );
}

function ShopFigures() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['workplace', 'shop'], queryFn: () => runQuery(SHOP_WORKPLACE, {}) });
  const shop = data?.workplace.shop;
  if (!data || !shop) return <Skeleton active />;
  const clock = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(11, 16);
  return (
    <>
      <UnpaidVisits />
      <Row gutter={[16, 16]}>
        <Col {...span}>
          <Figure
            testId="figure-appointments"
            title={t('workplace.todayAppointments')}
            value={shop.todayAppointmentCount}
            to="/appointment/new-customer"
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-takings"
            title={t('workplace.todayTakings')}
            value={shop.today.revenueFen}
            fen
            to="/finance/income"
            extra={t('report.orders', { count: shop.today.orderCount })}
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-after-sales"
            title={t('workplace.afterSalesWaiting')}
            value={shop.afterSaleWaitingCount}
            to="/checkstand/after-sale"
            extra={formatFen(shop.afterSaleWaitingFen)}
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-new-customers"
            title={t('workplace.newCustomersThisMonth')}
            value={shop.newCustomersThisMonth}
            to="/shop/consumer"
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-card-sales"
            title={t('workplace.todayCardSales')}
            value={shop.todayCardSalesFen}
            fen
            to="/finance/income"
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-consumption"
            title={t('workplace.todayConsumption')}
            value={shop.todayConsumptionFen}
            fen
            to="/finance/income"
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Trend days={shop.trend} to="/finance/income" />
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('workplace.nextAppointments')} extra={<Link to="/appointment/new-customer">{t('workplace.more')}</Link>}>
            <List
              data-testid="next-appointments"
              dataSource={shop.nextAppointments}
              locale={{ emptyText: <Typography.Text type="secondary">{t('workplace.noMoreAppointments')}</Typography.Text> }}
              renderItem={(a) => (
                <List.Item>
                  <span>
                    <Tag>{clock(a.startAt)}</Tag>
                    {a.customerName} · {a.programName}
                  </span>
                  <span>{a.staffName}</span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

function ChainFigures() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['workplace', 'chain'], queryFn: () => runQuery(CHAIN_WORKPLACE, {}) });
  const chain = data?.workplace.chain;
  if (!data || !chain) return <Skeleton active />;
  const { today, monthStart } = data.workplace;
  const ranking = (from: string, to: string) => `/finance/total?from=${from}&to=${to}`;
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col {...span}>
          <Figure
            testId="figure-today"
            title={t('workplace.chainToday')}
            value={chain.today.revenueFen}
            fen
            to={ranking(today, today)}
            extra={t('report.orders', { count: chain.today.orderCount })}
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-month"
            title={t('workplace.chainMonth')}
            value={chain.month.revenueFen}
            fen
            to={ranking(monthStart, today)}
            extra={t('report.orders', { count: chain.month.orderCount })}
          />
        </Col>
        <Col {...span}>
          <Figure testId="figure-programs" title={t('workplace.livePrograms')} value={chain.liveProgramCount} to="/operation/program" />
        </Col>
        <Col {...span}>
          <Figure testId="figure-banners" title={t('workplace.liveEvents')} value={chain.liveBannerCount} to="/operation/events" />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-card-liability"
            title={t('workplace.cardLiability')}
            value={chain.cardLiabilityFen}
            fen
            to="/finance/cards"
            extra={t('workplace.cardBonus', { amount: formatFen(chain.cardBonusFen) })}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Trend days={chain.trend} to={ranking(addDays(today, -29), today)} />
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('workplace.topShops')} extra={<Link to={ranking(monthStart, today)}>{t('workplace.more')}</Link>}>
            <List
              data-testid="top-shops"
              dataSource={chain.topShops}
              renderItem={(s, i) => (
                <List.Item>
                  <span>
                    <StatusTag tone={i < 3 ? 'warning' : 'neutral'}>{i + 1}</StatusTag>
                    {s.shopName}
                  </span>
                  <Link to={`/finance/review?shopId=${s.shopId}&from=${monthStart}&to=${today}`}>{formatFen(s.revenueFen)}</Link>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

function FinanceFigures() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['workplace', 'finance'], queryFn: () => runQuery(FINANCE_WORKPLACE, {}) });
  const f = data?.workplace.finance;
  if (!data || !f) return <Skeleton active />;
  const { today, weekStart } = data.workplace;
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col {...span}>
          <Figure
            testId="figure-pending-records"
            title={t('workplace.pendingRecords')}
            value={f.pendingPerformanceCount}
            to="/finance/review?status=pending"
            extra={formatFen(f.pendingPerformanceFen)}
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-pending-after-sales"
            title={t('workplace.pendingAfterSales')}
            value={f.pendingAfterSaleCount}
            to="/finance/after-sales?status=pending"
            extra={formatFen(f.pendingRefundFen)}
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-reviewed-records"
            title={t('workplace.reviewedRecords')}
            value={f.reviewedPerformanceCount}
            to={`/finance/review?from=${weekStart}&to=${today}`}
            extra={t('workplace.approvedSum', { sum: formatFen(f.reviewedPerformanceFen) })}
          />
        </Col>
        <Col {...span}>
          <Figure
            testId="figure-reviewed-after-sales"
            title={t('workplace.reviewedAfterSales')}
            value={f.reviewedAfterSaleCount}
            to={`/finance/after-sales?from=${weekStart}&to=${today}`}
            extra={t('workplace.refundedSum', { sum: formatFen(f.reviewedRefundFen) })}
          />
        </Col>
      </Row>
      <Trend days={f.trend} to="/finance/review" />
    </>
  );
}

/** The morning figures of the role; every figure opens the page it comes from. */
export default function RoleFigures({ role }: { role: Role }) {
  return (
    <div className="report-figures">
      {role === 'shop-manager' ? <ShopFigures /> : role === 'admin' ? <ChainFigures /> : <FinanceFigures />}
    </div>
  );
}
