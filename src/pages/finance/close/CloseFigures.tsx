import { useState } from 'react';
import { Button, Descriptions, Table, Typography } from 'antd';
import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../../../contract/access';
import { ROUTES } from '../../../../contract/routes';
import type { CloseMethodLine, DailyClose } from '../../../../contract/dailyClose';
import type { LedgerCategory, LedgerEntry } from '../../../../contract/ledgerEntry';
import type { PaymentMethod } from '../../../../contract/order';
import { optionKey } from '../../../components/crud';
import { formatFen } from '../../../components/money';
import { useCurrentUser } from '../../../stores/currentUser';

/** Which of the day's ledger entries a figure stands for. */
interface Drill {
  title: string;
  method?: PaymentMethod;
  category?: LedgerCategory;
  type?: 'income' | 'expense';
}

/** A list page of the route table the role may open, with plain filters (ListPage reads them from the URL). */
function useListLink(path: string, filters: Record<string, string | number>): string | null {
  const user = useCurrentUser();
  const route = ROUTES.find((r) => r.path === path);
  if (!route || !canAccess(route, user?.role)) return null;
  return `${path}?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** The entries behind one figure: the day's ledger of the shop, filtered as the figure is summed. */
function DrillEntries({ close, drill }: { close: DailyClose; drill: Drill }) {
  const { t } = useTranslation();
  const filters = [
    { field: 'shopId', operator: 'eq' as const, value: close.shopId },
    { field: 'occurredOn', operator: 'eq' as const, value: close.day },
    ...(drill.method ? [{ field: 'method', operator: 'eq' as const, value: drill.method }] : []),
    ...(drill.category ? [{ field: 'category', operator: 'eq' as const, value: drill.category }] : []),
    ...(drill.type ? [{ field: 'type', operator: 'eq' as const, value: drill.type }] : []),
  ];
  const { result, query } = useList<LedgerEntry>({ resource: 'ledger', filters, pagination: { pageSize: 100 } });
  const ledgerLink = useListLink('/finance/income', {
    from: close.day,
    to: close.day,
    ...(drill.category && { category: drill.category }),
  });
  const afterSaleLink = useListLink('/finance/after-sales', { shopId: close.shopId, status: 'approved' });
  return (
    <div className="close-drill">
      <h4>{drill.title}</h4>
      <Table<LedgerEntry>
        size="small"
        rowKey="id"
        loading={query.isLoading}
        dataSource={result.data}
        pagination={false}
        scroll={{ x: 520 }}
        columns={[
          {
            key: 'category',
            title: t('ledger.fields.category'),
            dataIndex: 'category',
            render: (c: LedgerCategory) => t(optionKey('ledger', 'category', c)),
          },
          {
            key: 'method',
            title: t('ledger.fields.method'),
            dataIndex: 'method',
            render: (m: PaymentMethod | null) => (m ? t(optionKey('order', 'method', m)) : t('finance.close.byOrder')),
          },
          {
            key: 'amountFen',
            title: t('ledger.fields.amountFen'),
            dataIndex: 'amountFen',
            align: 'right',
            render: (fen: number) => formatFen(fen),
          },
          { key: 'note', title: t('ledger.fields.note'), dataIndex: 'note', render: (note: string, e) => e.orderNo ?? note },
        ]}
      />
      <div className="close-drill-links">
        {ledgerLink && <Link to={ledgerLink}>{t('finance.close.drill.ledger')}</Link>}
        {drill.category === 'refund' && afterSaleLink && <Link to={afterSaleLink}>{t('finance.close.drill.afterSales')}</Link>}
      </div>
    </div>
  );
}

/**
 * A day's figures: money in and refunds by method (each one opens the entries it sums), cash
 * expenses, the opening float and the cash the drawer should hold; the counted cash and the
 * differences once submitted.
 */
export function CloseFigures({ close }: { close: DailyClose }) {
  const { t } = useTranslation();
  const [drill, setDrill] = useState<Drill | null>(null);
  const method = (m: PaymentMethod) => t(optionKey('order', 'method', m));
  const figure = (fen: number, target: Drill) => (
    <Button
      type="link"
      size="small"
      className="close-figure"
      aria-label={`${target.title} ${formatFen(fen)}`}
      onClick={() => setDrill(target)}
    >
      {formatFen(fen)}
    </Button>
  );
  const statementDifference = (l: CloseMethodLine) => (l.statementFen === null ? null : l.statementFen - (l.inFen - l.refundFen));
  return (
    <>
      <Table<CloseMethodLine>
        size="small"
        rowKey="method"
        pagination={false}
        dataSource={close.byMethod}
        scroll={{ x: 560 }}
        columns={[
          { key: 'method', title: t('dailyClose.fields.byMethod'), dataIndex: 'method', render: (m: PaymentMethod) => method(m) },
          {
            key: 'inFen',
            title: t('dailyClose.fields.inFen'),
            align: 'right',
            render: (_, l) => figure(l.inFen, { title: `${method(l.method)}${t('dailyClose.fields.inFen')}`, type: 'income' }),
          },
          {
            key: 'refundFen',
            title: t('dailyClose.fields.refundFen'),
            align: 'right',
            render: (_, l) =>
              figure(l.refundFen, {
                title: `${method(l.method)}${t('dailyClose.fields.refundFen')}`,
                method: l.method,
                category: 'refund',
              }),
          },
          {
            key: 'expenseFen',
            title: t('dailyClose.fields.expenseFen'),
            align: 'right',
            render: (_, l) =>
              figure(l.expenseFen, { title: `${method(l.method)}${t('dailyClose.fields.expenseFen')}`, method: l.method, type: 'expense' }),
          },
          {
            key: 'statementFen',
            title: t('dailyClose.fields.statementFen'),
            align: 'right',
            render: (_, l) => {
              if (l.method === 'cash' || l.statementFen === null) return '-';
              const off = statementDifference(l)!;
              return off === 0
                ? formatFen(l.statementFen)
                : `${formatFen(l.statementFen)}（${t('finance.close.off', { amount: formatFen(off) })}）`;
            },
          },
        ]}
      />
      <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small" bordered style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('dailyClose.fields.openingFloatFen')}>{formatFen(close.openingFloatFen)}</Descriptions.Item>
        <Descriptions.Item label={t('dailyClose.fields.cashExpenseFen')}>{formatFen(close.cashExpenseFen)}</Descriptions.Item>
        <Descriptions.Item label={t('dailyClose.fields.cardSalesFen')}>{formatFen(close.cardSalesFen)}</Descriptions.Item>
        <Descriptions.Item label={t('dailyClose.fields.expectedCashFen')}>
          <strong>{formatFen(close.expectedCashFen)}</strong>
        </Descriptions.Item>
        {close.countedCashFen !== null && (
          <>
            <Descriptions.Item label={t('dailyClose.fields.countedCashFen')}>{formatFen(close.countedCashFen)}</Descriptions.Item>
            <Descriptions.Item label={t('dailyClose.fields.differenceFen')}>
              <Difference fen={close.differenceFen ?? 0} />
            </Descriptions.Item>
            <Descriptions.Item label={t('dailyClose.fields.floatFen')}>{formatFen(close.floatFen)}</Descriptions.Item>
            {close.reason && <Descriptions.Item label={t('dailyClose.fields.reason')}>{close.reason}</Descriptions.Item>}
          </>
        )}
      </Descriptions>
      {drill && <DrillEntries close={close} drill={drill} />}
    </>
  );
}

/** 长款 (more cash than the books say) or 短款 (less), with the amount; 无差异 when none. */
export function Difference({ fen }: { fen: number }) {
  const { t } = useTranslation();
  if (fen === 0) return <span>{t('finance.close.noDifference')}</span>;
  return (
    <Typography.Text type={fen > 0 ? 'warning' : 'danger'}>
      {t(fen > 0 ? 'finance.close.over' : 'finance.close.short', { amount: formatFen(Math.abs(fen)) })}
    </Typography.Text>
  );
}
