import { useState, type Key } from 'react';
import { Button, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAILY_CLOSE_STATUSES, type DailyCloseRow, type DailyCloseStatus } from '../../../../contract/dailyClose';
import type { PaymentMethod } from '../../../../contract/order';
import { formatDateTime } from '../../../components/format';
import { formatFen } from '../../../components/money';
import { optionKey, shanghaiToday, useOptions } from '../../../components/crud';
import { ExportButton } from '../../../components/export';
import { Allowed, ListPage, type ListSearch } from '../../../components/listPage';
import { useCurrentUser } from '../../../stores/currentUser';
import { periodFilters, periodOf, type Period } from '../period';
import { PeriodFilter, ShopFilter, StatusFilter } from '../FinanceFilters';
import { DAILY_CLOSE_STATUS_TONES, StatusTag } from '../../../components/statusTag';
import { useFinanceCall } from '../useFinanceCall';
import { CloseDrawer, type ShopDay } from './CloseDrawer';
import { Difference } from './CloseFigures';
import './close.css';
import { Confirm } from '../../../components/confirm/Confirm';

interface CloseSearch extends ListSearch {
  shopId?: number;
  status?: DailyCloseStatus;
  hasDifference?: 'true';
  period?: Period;
}

/** "现金 ¥300.00 · 微信 ¥200.00": the methods that took money, net of their refunds. */
function Takings({ row }: { row: DailyCloseRow }) {
  const { t } = useTranslation();
  const taken = row.byMethod.filter((l) => l.inFen !== 0 || l.refundFen !== 0);
  if (taken.length === 0) return <span>-</span>;
  return (
    <span>
      {taken.map((l) => `${t(optionKey('order', 'method', l.method as PaymentMethod))} ${formatFen(l.inFen - l.refundFen)}`).join(' · ')}
    </span>
  );
}

/**
 * /finance/close: a shop's business days. The manager counts and submits the current shop's day (today
 * unless another is opened from the list); finance and admin see every shop's closes, filter them,
 * confirm many at once, return one with a reason and export them.
 */
export default function DailyClosePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const call = useFinanceCall();
  const statusOptions = useOptions(
    'dailyClose',
    'status',
    DAILY_CLOSE_STATUSES.filter((s) => s !== 'open'),
  );
  const [shown, setShown] = useState<ShopDay | null>(null);
  const [picked, setPicked] = useState<DailyCloseRow[]>([]);
  const [confirming, setConfirming] = useState(false);
  const manager = user?.role === 'shop-manager';

  const confirmPicked = async () => {
    setConfirming(true);
    try {
      for (const r of picked) await call('daily-closes', `${r.shopId}/${r.day}/confirm`, {});
      setPicked([]);
    } catch {
      // http.ts has shown which day was refused; the ones before it are confirmed.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <ListPage<'daily-closes', CloseSearch>
      resource="daily-closes"
      initialSort={{ field: 'day', order: 'desc' }}
      filters={
        <>
          {!manager && <ShopFilter />}
          <StatusFilter options={statusOptions} />
          <Form.Item name="hasDifference">
            <Select
              aria-label={t('finance.close.filter.difference')}
              placeholder={t('finance.close.filter.difference')}
              options={[{ value: 'true', label: t('finance.close.filter.differenceOnly') }]}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
          <PeriodFilter />
        </>
      }
      toFilters={({ shopId, status, hasDifference, period }) => [
        { field: 'shopId', operator: 'eq', value: shopId },
        { field: 'status', operator: 'eq', value: status },
        { field: 'hasDifference', operator: 'eq', value: hasDifference },
        ...periodFilters(period),
      ]}
      restoredFilters={['shopId', 'status', 'hasDifference']}
      restoreSearch={(filters) => ({ period: periodOf(filters) })}
      extra={(query) => (
        <Space>
          {manager && user.shopID !== null && (
            <Button type="primary" onClick={() => setShown({ shopId: user.shopID!, day: shanghaiToday() })}>
              {t('finance.close.today')}
            </Button>
          )}
          <ExportButton resource="daily-closes" query={query} />
        </Space>
      )}
      header={() => (
        <Allowed action="confirm">
          <Space style={{ marginBottom: 16 }}>
            <Confirm
              title={t('finance.close.confirmMany', { count: picked.length })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              disabled={picked.length === 0}
              onConfirm={() => void confirmPicked()}
            >
              <Button type="primary" disabled={picked.length === 0} loading={confirming}>
                {t('finance.close.batchConfirm', { count: picked.length })}
              </Button>
            </Confirm>
          </Space>
        </Allowed>
      )}
      rowSelection={
        manager
          ? undefined
          : {
              selectedRowKeys: picked.map((r) => r.id),
              preserveSelectedRowKeys: true,
              onChange: (_: Key[], rows: DailyCloseRow[]) => setPicked(rows.filter(Boolean)),
              getCheckboxProps: (r: DailyCloseRow) => ({ disabled: r.status !== 'submitted', 'aria-label': `${r.shopName} ${r.day}` }),
            }
      }
      scrollX={1000}
      cardsOnPhone
      actionsWidth={80}
      ownActions={['submit', 'confirm', 'return']}
      columns={[
        { field: 'day', sortable: true, width: 110 },
        { field: 'shopName', titleKey: 'dailyClose.fields.shopId', width: 150, ellipsis: true },
        { field: 'byMethod', titleKey: 'finance.close.takings', width: 260, render: (_: unknown, r) => <Takings row={r} /> },
        { field: 'differenceFen', sortable: true, width: 120, align: 'right', render: (fen: number) => <Difference fen={fen} /> },
        {
          field: 'status',
          width: 90,
          render: (status: DailyCloseStatus) => (
            <StatusTag tone={DAILY_CLOSE_STATUS_TONES[status]}>{t(optionKey('dailyClose', 'status', status))}</StatusTag>
          ),
        },
        { field: 'submittedBy', width: 150, render: (by: string, r) => `${by} ${formatDateTime(r.submittedAt)}` },
        {
          field: 'confirmedBy',
          responsive: ['xl'],
          width: 150,
          render: (by: string, r) => (by ? `${by} ${formatDateTime(r.confirmedAt)}` : '-'),
        },
      ]}
      rowActions={(r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setShown({ shopId: r.shopId, day: r.day })}
          aria-label={`${t('finance.close.open')} ${r.shopName} ${r.day}`}
        >
          {t('finance.close.open')}
        </Button>
      )}
    >
      <CloseDrawer shown={shown} onClose={() => setShown(null)} />
    </ListPage>
  );
}
