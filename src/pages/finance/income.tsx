import { useState } from 'react';
import { Button, Form, Select, Space, Tag, Typography } from 'antd';
import { getDefaultFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../../../contract/order';
import {
  LEDGER_CATEGORIES,
  LEDGER_TYPES,
  SYSTEM_LEDGER_CATEGORIES,
  type LedgerCategory,
  type LedgerEntry,
  type LedgerType,
} from '../../../contract/ledgerEntry';
import { formatFen } from '../../components/money';
import { optionKey, useOptions } from '../../components/crud';
import { ExportButton } from '../../components/export';
import { Allowed, ListPage, type ListSearch } from '../../components/listPage';
import { PeriodFilter } from './FinanceFilters';
import { LedgerEntryDialog } from './LedgerEntryDialog';
import { LedgerSums } from './LedgerSums';
import { OrderDrawer } from './OrderDrawer';
import { periodFilters, periodOf, thisMonth, type Period } from './period';
import { ReasonDialog } from './ReasonDialog';
import { useFinanceCall } from './useFinanceCall';
import { LEDGER_TYPE_TONES, StatusTag } from '../../components/statusTag';

interface LedgerSearch extends ListSearch {
  type?: LedgerType;
  category?: LedgerCategory;
  period?: Period;
}

/**
 * Why an entry may not be reversed (null: it may): service income and refunds follow their orders
 * and are never reversed by hand; a reversal is not reversed again, nor an entry twice.
 */
function whyNotReversible(e: LedgerEntry): string | null {
  if (Object.hasOwn(SYSTEM_LEDGER_CATEGORIES, e.category)) return `finance.income.noReverse.${e.category}`;
  if (e.reversalOf !== null) return 'finance.income.noReverse.reversal';
  if (e.reversedBy !== null) return 'finance.income.noReverse.reversed';
  return null;
}

/**
 * /finance/income (shop-manager): the current shop's book for a period (this month first), its
 * sums and days, hand entries, and reversals. Nothing is edited or deleted: a wrong line is
 * reversed, and both lines stay.
 */
export default function IncomePage() {
  const { t } = useTranslation();
  const call = useFinanceCall();
  const typeOptions = useOptions('ledger', 'type', LEDGER_TYPES);
  const categoryOptions = useOptions('ledger', 'category', LEDGER_CATEGORIES);
  const [creating, setCreating] = useState(false);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const [orderId, setOrderId] = useState<number | null>(null);
  const month = thisMonth();

  return (
    <ListPage<'ledger', LedgerSearch>
      resource="ledger"
      initialSort={{ field: 'occurredOn', order: 'desc' }}
      initialFilters={[
        { field: 'from', operator: 'eq', value: month.from },
        { field: 'to', operator: 'eq', value: month.to },
      ]}
      filters={
        <>
          <PeriodFilter required />
          <Form.Item name="type">
            <Select
              placeholder={t('finance.income.filter.type')}
              aria-label={t('common.filterBy', { what: t('ledger.fields.type') })}
              options={typeOptions}
              allowClear
              style={{ width: 120 }}
            />
          </Form.Item>
          <Form.Item name="category">
            <Select
              placeholder={t('finance.income.filter.category')}
              aria-label={t('common.filterBy', { what: t('ledger.fields.category') })}
              options={categoryOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
        </>
      }
      toFilters={({ type, category, period }) => [
        { field: 'type', operator: 'eq', value: type },
        { field: 'category', operator: 'eq', value: category },
        ...periodFilters(period),
      ]}
      restoredFilters={['type', 'category']}
      restoreSearch={(filters) => ({ period: periodOf(filters) })}
      onCreate={() => setCreating(true)}
      extra={(query) => <ExportButton resource="ledger" query={query} />}
      header={({ filters }) => (
        <LedgerSums
          from={getDefaultFilter('from', filters, 'eq') as string | undefined}
          to={getDefaultFilter('to', filters, 'eq') as string | undefined}
        />
      )}
      scrollX={960}
      cardsOnPhone
      actionsWidth={120}
      ownActions={['reverse']}
      columns={[
        { field: 'occurredOn', sortable: true, width: 110 },
        {
          field: 'type',
          width: 80,
          // A refund is its own kind beside income and expense (it is booked as negative income).
          render: (type: LedgerType, e) =>
            e.category === 'refund' ? (
              <StatusTag tone="warning">{t(optionKey('ledger', 'category', 'refund'))}</StatusTag>
            ) : (
              <StatusTag tone={LEDGER_TYPE_TONES[type]}>{t(optionKey('ledger', 'type', type))}</StatusTag>
            ),
        },
        { field: 'category', width: 110, render: (category: LedgerCategory) => t(optionKey('ledger', 'category', category)) },
        {
          field: 'method',
          width: 80,
          render: (method: PaymentMethod | null) => (method ? t(optionKey('order', 'method', method)) : '-'),
        },
        {
          field: 'amountFen',
          sortable: true,
          width: 120,
          align: 'right',
          render: (fen: number) => <Typography.Text type={fen < 0 ? 'danger' : undefined}>{formatFen(fen)}</Typography.Text>,
        },
        {
          field: 'note',
          render: (note: string, e) => (
            <Space size={4} wrap>
              {e.reversalOf !== null && <StatusTag tone="warning">{t('finance.income.reversalOf', { id: e.reversalOf })}</StatusTag>}
              {e.reversedBy !== null && <Tag>{t('finance.income.reversedBy', { id: e.reversedBy })}</Tag>}
              <span>{note}</span>
            </Space>
          ),
        },
        {
          field: 'orderNo',
          titleKey: 'finance.income.source',
          width: 200,
          render: (orderNo: string | null, e) =>
            e.orderId !== null ? (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOrderId(e.orderId)}>
                {e.afterSaleId !== null ? t('finance.income.afterSaleOf', { orderNo }) : orderNo}
              </Button>
            ) : (
              t('finance.income.byHand')
            ),
        },
        // Who entered it: from 1600 px on, so the rest fits a 1280 px window.
        { field: 'createdBy', responsive: ['xxl'], width: 90 },
        { field: 'id', titleKey: 'finance.income.entryNo', width: 64 },
      ]}
      rowActions={(e) => {
        const whyNot = whyNotReversible(e);
        return (
          <Allowed action="reverse">
            {whyNot ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(whyNot)}
              </Typography.Text>
            ) : (
              <Button type="link" size="small" danger onClick={() => setReversing(e)}>
                {t('finance.income.reverse')}
              </Button>
            )}
          </Allowed>
        );
      }}
    >
      <LedgerEntryDialog open={creating} onClose={() => setCreating(false)} />
      <OrderDrawer orderId={orderId} onClose={() => setOrderId(null)} />
      <ReasonDialog
        open={reversing !== null}
        title={t('finance.income.reverse.title', { id: reversing?.id })}
        description={
          reversing
            ? t('finance.income.reverse.description', {
                day: reversing.occurredOn,
                category: t(optionKey('ledger', 'category', reversing.category)),
                amount: formatFen(reversing.amountFen),
              })
            : undefined
        }
        label={t('ledger.fields.reason')}
        onClose={() => setReversing(null)}
        onSubmit={(reason) =>
          call<LedgerEntry>('ledger', `${reversing!.id}/reverse`, { reason }, () => t('finance.income.reversed', { id: reversing!.id }))
        }
      />
    </ListPage>
  );
}
