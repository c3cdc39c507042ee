import type { ReactNode } from 'react';
import { Alert, Card, Col, Descriptions, Grid, List, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { stringifyTableParams, type CrudFilter } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import {
  CARD_FIGURE_KINDS,
  CARD_SUMMARY_PATH,
  type CardLiabilityShop,
  type CardShopFigures,
  type CardSummary,
} from '../../../contract/cardTransaction';
import { api } from '../../providers/http';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { SUMMARY_KEY } from './useListSummary';

export const CARD_FINANCE_PATH = '/finance/cards';

/** The card transactions behind a figure, as a link to this page's list filtered by them (a new search). */
export function drillTo(filters: Record<string, string | number | readonly string[] | undefined>): {
  to: string;
  state: { drill: number };
} {
  const crud: CrudFilter[] = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, operator: 'eq', value }));
  const query = stringifyTableParams({ sorters: [{ field: 'createdAt', order: 'desc' }], filters: crud });
  return { to: `${CARD_FINANCE_PATH}?${query}`, state: { drill: Date.now() } };
}

/** A shop's row of the summary: its liability at the end and its figures of the period. */
type ShopRow = CardShopFigures & Pick<CardLiabilityShop, 'liabilityFen' | 'principalFen' | 'sessionValueFen'> & { bonusLeftFen: number };

/** Every shop with cards or card movements: a shop's liability may stand in a period it saw no movement. */
function rowsOf(s: CardSummary): ShopRow[] {
  const shops = new Map<number, string>([...s.liability, ...s.figures].map((x) => [x.shopId, x.shopName]));
  return [...shops].map(([shopId, shopName]) => {
    const f = s.figures.find((x) => x.shopId === shopId);
    const l = s.liability.find((x) => x.shopId === shopId);
    return {
      shopId,
      shopName,
      salesFen: f?.salesFen ?? 0,
      consumptionFen: f?.consumptionFen ?? 0,
      bonusConsumptionFen: f?.bonusConsumptionFen ?? 0,
      expiryFen: f?.expiryFen ?? 0,
      refundFen: f?.refundFen ?? 0,
      liabilityFen: l?.liabilityFen ?? 0,
      principalFen: l?.principalFen ?? 0,
      sessionValueFen: l?.sessionValueFen ?? 0,
      bonusLeftFen: l?.bonusFen ?? 0,
    };
  });
}

const total = (rows: ShopRow[], key: keyof ShopRow) => rows.reduce((s, r) => s + (r[key] as number), 0);

/**
 * The summary of /finance/cards for a period: the chain's totals, each shop's figures (a table, or a
 * card per shop below 768 px) and the cross-shop settlement (A 应付 B ¥x), every figure a link to its
 * card transactions.
 */
export function CardSummaryView({ period }: { period: { from: string; to: string } }) {
  const { t } = useTranslation();
  const { md } = Grid.useBreakpoint();
  const { data, error } = useQuery({
    queryKey: [SUMMARY_KEY, CARD_SUMMARY_PATH, period.from, period.to],
    queryFn: () => api.get<CardSummary>(`${API.resourceBase}/${CARD_SUMMARY_PATH}`, period),
  });
  if (error) return <Alert type="warning" showIcon message={t('finance.cards.summaryFailed')} style={{ marginBottom: 16 }} />;
  if (!data) return <Skeleton active paragraph={{ rows: 3 }} />;

  const { from, to } = period;
  const rows = rowsOf(data);
  const link = (fen: number, filters: Parameters<typeof drillTo>[0], testId: string): ReactNode => {
    const { to: href, state } = drillTo(filters);
    return (
      <Link to={href} state={state} data-testid={testId}>
        {formatFen(fen)}
      </Link>
    );
  };
  // Liability is every change of the shop's cards up to the period's end; the figures, the period's.
  const figures: { key: keyof ShopRow; title: string; cell: (r: ShopRow) => ReactNode }[] = [
    {
      key: 'liabilityFen',
      title: t('finance.cards.liability'),
      cell: (r) => link(r.liabilityFen, { soldShopId: r.shopId, to }, `liability-${r.shopId}`),
    },
    { key: 'bonusLeftFen', title: t('finance.cards.bonusLeft'), cell: (r) => formatFen(r.bonusLeftFen) },
    {
      key: 'salesFen',
      title: t('finance.cards.sales'),
      cell: (r) => link(r.salesFen, { shopId: r.shopId, kind: CARD_FIGURE_KINDS.sales, from, to }, `sales-${r.shopId}`),
    },
    {
      key: 'consumptionFen',
      title: t('finance.cards.consumption'),
      cell: (r) => link(r.consumptionFen, { shopId: r.shopId, kind: CARD_FIGURE_KINDS.consumption, from, to }, `consumption-${r.shopId}`),
    },
    {
      key: 'bonusConsumptionFen',
      title: t('finance.cards.bonusConsumption'),
      cell: (r) => link(r.bonusConsumptionFen, { shopId: r.shopId, kind: CARD_FIGURE_KINDS.consumption, from, to }, `bonus-${r.shopId}`),
    },
    {
      key: 'expiryFen',
      title: t('finance.cards.expiry'),
      cell: (r) => link(r.expiryFen, { shopId: r.shopId, kind: CARD_FIGURE_KINDS.expiries, from, to }, `expiry-${r.shopId}`),
    },
    {
      key: 'refundFen',
      title: t('finance.cards.refund'),
      cell: (r) => link(r.refundFen, { shopId: r.shopId, kind: CARD_FIGURE_KINDS.refunds, from, to }, `refund-${r.shopId}`),
    },
  ];

  return (
    <div style={{ marginBottom: 16 }} data-testid="card-summary">
      <Typography.Paragraph type="secondary">{t('finance.cards.period', { from, to, at: formatDateTime(data.at) })}</Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {(['liabilityFen', 'salesFen', 'consumptionFen', 'expiryFen'] as const).map((key) => (
          <Col xs={12} md={6} key={key}>
            <Card size="small">
              <Statistic title={figures.find((f) => f.key === key)!.title} value={formatFen(total(rows, key))} />
            </Card>
          </Col>
        ))}
      </Row>
      {md === false ? (
        <List
          data-testid="card-figures"
          dataSource={rows}
          renderItem={(r) => (
            <List.Item>
              <Card size="small" title={r.shopName} style={{ width: '100%' }}>
                <Descriptions size="small" column={1}>
                  {figures.map((f) => (
                    <Descriptions.Item key={f.key} label={f.title}>
                      {f.cell(r)}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              </Card>
            </List.Item>
          )}
        />
      ) : (
        <Table<ShopRow>
          data-testid="card-figures"
          rowKey="shopId"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={rows}
          columns={[
            { key: 'shop', title: t('finance.cards.shop'), dataIndex: 'shopName' },
            ...figures.map((f) => ({ key: f.key, title: f.title, align: 'right' as const, render: (_: unknown, r: ShopRow) => f.cell(r) })),
          ]}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('finance.cards.settlement')}
      </Typography.Title>
      {data.settlement.length === 0 ? (
        <Typography.Text type="secondary">{t('finance.cards.noSettlement')}</Typography.Text>
      ) : (
        <List
          size="small"
          data-testid="card-settlement"
          dataSource={data.settlement}
          renderItem={(p) => (
            <List.Item>
              {t('finance.cards.owes', { from: p.fromShopName, to: p.toShopName })}{' '}
              {link(p.amountFen, { soldShopId: p.fromShopId, shopId: p.toShopId, from, to }, `owes-${p.fromShopId}-${p.toShopId}`)}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
