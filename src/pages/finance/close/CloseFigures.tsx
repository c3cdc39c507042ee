import { useState } from 'react';
import { Button, Descriptions, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../../../contract/access';
import { ROUTES } from '../../../../contract/routes';
import { API } from '../../../../contract/api';
import type { CloseEntry, CloseEntryKind, CloseMethodLine, DailyClose } from '../../../../contract/dailyClose';
import type { PaymentMethod } from '../../../../contract/order';
import { optionKey } from '../../../components/crud';
import { formatDateTime } from '../../../components/format';
import { api } from '../../../providers/http';
import { formatFen } from '../../../components/money';
import { useCurrentUser } from '../../../stores/currentUser';
import { SUMMARY_KEY } from '../useListSummary';

/** Which figure of the day is opened: a method's money in, its refunds or its expenses. */
interface Drill {
  title: string;
  method: PaymentMethod;
  kind: CloseEntryKind;
}

/** A list page of the route table the role may open, with plain filters (ListPage reads them from the URL). */
function useListLink(path: string, filters: Record<string, string | number>): string | null {
  const user = useCurrentUser();
  const route = ROUTES.find((r) => r.path === path);
  if (!route || !canAccess(route, user?.role)) return null;
  return `${path}?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString()}`;
}

/**
 * The movements behind one figure, as the server summed them: orders' payments, ledger entries, refunds onto cards.
 * The amount comes right after the source, so a phone shows it without scrolling the table.
 */
function DrillEntries({ close, drill }: { close: DailyClose; drill: Drill }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: [SUMMARY_KEY, 'daily-close-entries', close.shopId, close.day, drill.method, drill.kind],
    queryFn: () =>
      api.get<CloseEntry[]>(`${API.resourceBase}/daily-closes/${close.shopId}/${close.day}/entries`, {
        method: drill.method,
        kind: drill.kind,
      }),
  });
  const ledgerLink = useListLink('/finance/income', { from: close.day, to: close.day });
  const afterSaleLink = useListLink('/finance/after-sales', { shopId: close.shopId, status: 'approved' });
  return (
    <div className="close-drill">
      <h4>{drill.title}</h4>
      <Table<CloseEntry>
        size="small"
        rowKey={(e) => `${e.source}-${e.id}`}
        loading={isLoading}
        dataSource={data}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 560 }}
        columns={[
          {
            key: 'source',
            title: t('finance.close.entry.source'),
            dataIndex: 'source',
            render: (s: CloseEntry['source']) => t(`finance.close.entry.${s}`),
          },
          {
            key: 'amountFen',
            title: t('finance.close.entry.amount'),
            dataIndex: 'amountFen',
            align: 'right',
            render: (fen: number) => formatFen(fen),
          },
          { key: 'orderNo', title: t('finance.close.entry.orderNo'), dataIndex: 'orderNo', render: (no: string | null) => no ?? '-' },
          { key: 'note', title: t('finance.close.entry.note'), dataIndex: 'note' },
          { key: 'at', title: t('finance.close.entry.at'), dataIndex: 'at', render: (at: string) => formatDateTime(at) },
        ]}
      />
      <div className="close-drill-links">
        {drill.kind !== 'in' && ledgerLink && <Link to={ledgerLink}>{t('finance.close.drill.ledger')}</Link>}
        {drill.kind === 'refund' && afterSaleLink && <Link to={afterSaleLink}>{t('finance.close.drill.afterSales')}</Link>}
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
            render: (_, l) =>
              figure(l.inFen, { title: `${method(l.method)}${t('dailyClose.fields.inFen')}`, method: l.method, kind: 'in' }),
          },
          {
            key: 'refundFen',
            title: t('dailyClose.fields.refundFen'),
            align: 'right',
            render: (_, l) =>
              figure(l.refundFen, {
                title: `${method(l.method)}${t('dailyClose.fields.refundFen')}`,
                method: l.method,
                kind: 'refund',
              }),
          },
          {
            key: 'expenseFen',
            title: t('dailyClose.fields.expenseFen'),
            align: 'right',
            render: (_, l) =>
              figure(l.expenseFen, { title: `${method(l.method)}${t('dailyClose.fields.expenseFen')}`, method: l.method, kind: 'expense' }),
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
