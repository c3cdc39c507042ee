import { Form, Select } from 'antd';
import { getDefaultFilter, type CrudFilters } from '@refinedev/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CARD_TRANSACTION_KINDS, type CardTransactionKind } from '../../../contract/cardTransaction';
import { CARD_KINDS, type CardKind } from '../../../contract/cardPlan';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { optionKey, useOptions } from '../../components/crud';
import { ExportButton } from '../../components/export';
import { ListPage, type ListSearch } from '../../components/listPage';
import { CardSummaryView, drillTo } from './CardSummary';
import { PeriodFilter, ShopFilter } from './FinanceFilters';
import { periodFilters, periodOf, thisMonth, type Period } from './period';
import { useShopOptions } from './useFilterOptions';

interface CardTransactionSearch extends ListSearch {
  shopId?: number;
  soldShopId?: number;
  cardKind?: CardKind;
  kind?: CardTransactionKind[];
  period?: Period;
}

/** The period the list's filters name (this month without one): the summary's period. */
function summaryPeriod(filters: CrudFilters): { from: string; to: string } {
  const month = thisMonth();
  const from = (getDefaultFilter('from', filters, 'eq') as string | undefined) || undefined;
  const to = (getDefaultFilter('to', filters, 'eq') as string | undefined) || undefined;
  return { from: from ?? (to && to < month.from ? `${to.slice(0, 8)}01` : month.from), to: to ?? month.to };
}

/**
 * /finance/cards (admin, financial staff): the chain's member money. Above, for the period of the
 * filters: each shop's liability at its end (principal and package sessions left at their value,
 * bonus apart), its card sales, consumption, expiries and refunds, and what the shops owe each other
 * for cards used at another shop; every figure is a link that filters the card transactions below
 * (in the URL), which export to .xlsx.
 */
export default function MemberCardFinancePage() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const kindOptions = useOptions('cardTransaction', 'kind', CARD_TRANSACTION_KINDS);
  const cardKindOptions = useOptions('cardTransaction', 'cardKind', CARD_KINDS);
  const shopOptions = useShopOptions();
  const month = thisMonth();
  const fen = (v: number) => formatFen(v);

  return (
    <ListPage<'card-transactions', CardTransactionSearch>
      // A drill-down link is a new search: the list starts again from the link's filters.
      key={(state as { drill?: number } | null)?.drill ?? 0}
      resource="card-transactions"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      initialFilters={[
        { field: 'from', operator: 'eq', value: month.from },
        { field: 'to', operator: 'eq', value: month.to },
      ]}
      searchWidth={200}
      cardsOnPhone
      filters={
        <>
          <PeriodFilter />
          <ShopFilter />
          <Form.Item name="soldShopId">
            <Select
              placeholder={t('finance.cards.filter.soldShop')}
              aria-label={t('finance.cards.filter.soldShop')}
              options={shopOptions}
              allowClear
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="cardKind">
            <Select
              placeholder={t('finance.cards.filter.cardKind')}
              aria-label={t('finance.cards.filter.cardKind')}
              options={cardKindOptions}
              allowClear
              style={{ width: 130 }}
            />
          </Form.Item>
          <Form.Item name="kind">
            <Select
              mode="multiple"
              placeholder={t('finance.cards.filter.kind')}
              aria-label={t('finance.cards.filter.kind')}
              options={kindOptions}
              allowClear
              maxTagCount="responsive"
              style={{ width: 220 }}
            />
          </Form.Item>
        </>
      }
      toFilters={({ shopId, soldShopId, cardKind, kind, period }) => [
        { field: 'shopId', operator: 'eq', value: shopId },
        { field: 'soldShopId', operator: 'eq', value: soldShopId },
        { field: 'cardKind', operator: 'eq', value: cardKind },
        { field: 'kind', operator: 'eq', value: kind?.length ? kind : undefined },
        ...periodFilters(period),
      ]}
      restoredFilters={['shopId', 'soldShopId', 'cardKind', 'kind']}
      restoreSearch={(filters) => ({ period: periodOf(filters) })}
      extra={(query) => <ExportButton resource="card-transactions" query={query} />}
      header={({ filters }) => <CardSummaryView period={summaryPeriod(filters)} />}
      scrollX={1100}
      actionsWidth={90}
      columns={[
        { field: 'createdAt', sortable: true, width: 150, render: (iso: string) => formatDateTime(iso) },
        { field: 'customerName', width: 90 },
        { field: 'cardKind', width: 80, render: (k: CardKind) => t(optionKey('cardTransaction', 'cardKind', k)) },
        { field: 'kind', width: 90, render: (k: CardTransactionKind) => t(optionKey('cardTransaction', 'kind', k)) },
        { field: 'principalFen', align: 'right', width: 110, render: fen },
        { field: 'bonusFen', align: 'right', width: 100, render: fen },
        {
          field: 'sessions',
          align: 'right',
          width: 80,
          render: (n: number) => (n === 0 ? '-' : t('cardTransaction.sessions', { count: n })),
        },
        { field: 'sessionValueFen', align: 'right', width: 110, render: fen },
        { field: 'moneyFen', align: 'right', width: 110, render: fen },
        { field: 'shopName', width: 160 },
        { field: 'orderNo', width: 150, render: (no: string | null) => no ?? '-' },
        { field: 'accountName', width: 90 },
      ]}
      rowActions={(r) => {
        const { to, state } = drillTo({ cardId: r.cardId });
        return (
          <Link to={to} state={state}>
            {t('finance.cards.sameCard')}
          </Link>
        );
      }}
    />
  );
}
