import { useState, type Key } from 'react';
import { Alert, Button, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MAX_BATCH_APPROVE,
  PERFORMANCE_KINDS,
  PERFORMANCE_STATUSES,
  type PerformanceBatchResult,
  type PerformanceKind,
  type PerformanceRecord,
  type PerformanceStatus,
} from '../../../contract/performanceRecord';
import { formatDateTime } from '../../components/format';
import { formatBp, formatFen } from '../../components/money';
import { optionKey, useOptions } from '../../components/crud';
import { ExportButton } from '../../components/export';
import { Allowed, ListPage, type ListSearch } from '../../components/listPage';
import { periodFilters, periodOf, type Period } from './period';
import { PerformanceSums } from './PerformanceSums';
import { ReasonDialog } from './ReasonDialog';
import { ReviewStatusTag } from './ReviewStatusTag';
import { useFinanceCall } from './useFinanceCall';
import { PeriodFilter, ShopFilter, StaffFilter, StatusFilter } from './FinanceFilters';
import { PERFORMANCE_KIND_TONES, StatusTag } from '../../components/statusTag';
import { Confirm } from '../../components/confirm/Confirm';

interface ReviewSearch extends ListSearch {
  shopId?: number;
  staffId?: number;
  status?: PerformanceStatus;
  kind?: PerformanceKind;
  period?: Period;
}

/**
 * /finance/review (financial staff, admin): what every shop's staff earned, approved or rejected
 * one by one or approved many at once. Approved and rejected records are final, so only pending
 * ones carry buttons and can be picked.
 */
export default function PerformanceReviewPage() {
  const { t } = useTranslation();
  const call = useFinanceCall();
  const statusOptions = useOptions('performanceRecord', 'status', PERFORMANCE_STATUSES);
  const kindOptions = useOptions('performanceRecord', 'kind', PERFORMANCE_KINDS);
  const [picked, setPicked] = useState<PerformanceRecord[]>([]);
  const [rejecting, setRejecting] = useState<PerformanceRecord | null>(null);
  const [batch, setBatch] = useState<{ result: PerformanceBatchResult; orderNos: Map<number, string> } | null>(null);
  const [approving, setApproving] = useState(false);

  const approve = (r: PerformanceRecord) =>
    call('performance-records', `${r.id}/approve`, {}, () =>
      t('finance.review.approved', { orderNo: r.orderNo, staff: r.staffName }),
    ).catch(() => undefined);

  const approvePicked = async () => {
    setApproving(true);
    try {
      const result = await call<PerformanceBatchResult>('performance-records', 'approve', { ids: picked.map((r) => r.id) });
      setBatch({ result, orderNos: new Map(picked.map((r) => [r.id, `${r.orderNo} ${r.staffName}`])) });
      setPicked([]);
    } catch {
      // http.ts has shown why; the picked rows stay picked.
    } finally {
      setApproving(false);
    }
  };

  return (
    <ListPage<'performance-records', ReviewSearch>
      resource="performance-records"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      initialFilters={[{ field: 'status', operator: 'eq', value: 'pending' }]}
      searchWidth={220}
      filters={
        <>
          <ShopFilter />
          <StaffFilter />
          <StatusFilter options={statusOptions} />
          <Form.Item name="kind">
            <Select
              placeholder={t('finance.review.filter.kind')}
              aria-label={t('common.filterBy', { what: t('performanceRecord.fields.kind') })}
              options={kindOptions}
              allowClear
              style={{ width: 130 }}
            />
          </Form.Item>
          <PeriodFilter />
        </>
      }
      toFilters={({ shopId, staffId, status, kind, period }) => [
        { field: 'shopId', operator: 'eq', value: shopId },
        { field: 'staffId', operator: 'eq', value: staffId },
        { field: 'status', operator: 'eq', value: status },
        { field: 'kind', operator: 'eq', value: kind },
        ...periodFilters(period),
      ]}
      restoredFilters={['shopId', 'staffId', 'status', 'kind']}
      restoreSearch={(filters) => ({ period: periodOf(filters) })}
      extra={(query) => <ExportButton resource="performance-records" query={query} />}
      header={({ filters }) => (
        <>
          <PerformanceSums filters={filters} />
          {batch && (
            <Alert
              style={{ marginBottom: 16 }}
              type={batch.result.skipped.length ? 'warning' : 'success'}
              showIcon
              closable
              onClose={() => setBatch(null)}
              message={t('finance.review.batch.result', { approved: batch.result.approved.length, skipped: batch.result.skipped.length })}
              description={
                batch.result.skipped.length > 0 && (
                  <ul style={{ margin: 0, paddingLeft: 20 }}>
                    {batch.result.skipped.map((s) => (
                      <li key={s.id}>
                        {batch.orderNos.get(s.id) ?? `#${s.id}`}：{s.reason}
                      </li>
                    ))}
                  </ul>
                )
              }
            />
          )}
          <Allowed action="approve">
            <Space style={{ marginBottom: 16 }}>
              <Confirm
                title={t('finance.review.confirm.title', {
                  count: picked.length,
                  amount: formatFen(picked.reduce((sum, r) => sum + r.amountFen, 0)),
                })}
                description={t('finance.review.confirm.batch')}
                okText={t('finance.approve')}
                cancelText={t('common.cancel')}
                disabled={picked.length === 0}
                onConfirm={() => void approvePicked()}
              >
                <Button type="primary" disabled={picked.length === 0} loading={approving}>
                  {t('finance.review.batch.approve', { count: picked.length })}
                </Button>
              </Confirm>
              {picked.length > 0 && <Button onClick={() => setPicked([])}>{t('finance.review.batch.clear')}</Button>}
            </Space>
          </Allowed>
        </>
      )}
      rowSelection={{
        selectedRowKeys: picked.map((r) => r.id),
        // Picks across pages are kept, up to what one batch takes.
        preserveSelectedRowKeys: true,
        onChange: (_: Key[], rows: PerformanceRecord[]) => setPicked(rows.filter(Boolean).slice(0, MAX_BATCH_APPROVE)),
        getCheckboxProps: (r: PerformanceRecord) => ({
          disabled: r.status !== 'pending',
          'aria-label': t('finance.review.pick', { orderNo: r.orderNo, staff: r.staffName }),
        }),
      }}
      scrollX={960}
      cardsOnPhone
      actionsWidth={110}
      ownActions={['approve', 'reject']}
      columns={[
        { field: 'createdAt', sortable: true, width: 140, render: (at: string) => formatDateTime(at) },
        { field: 'orderNo', width: 160 },
        { field: 'shopName', width: 120, ellipsis: true },
        { field: 'staffName', width: 72 },
        {
          field: 'kind',
          width: 64,
          render: (kind: PerformanceKind) => (
            <StatusTag tone={PERFORMANCE_KIND_TONES[kind]}>{t(optionKey('performanceRecord', 'kind', kind))}</StatusTag>
          ),
        },
        { field: 'amountFen', sortable: true, width: 100, align: 'right', render: (fen: number) => formatFen(fen) },
        { field: 'commissionFen', width: 90, align: 'right', render: (fen: number) => formatFen(fen) },
        {
          field: 'status',
          width: 72,
          render: (status: PerformanceStatus, r) => (
            <ReviewStatusTag labels="performanceRecord" status={status} rejectReason={r.rejectReason} />
          ),
        },
        // Read less often than the money: shown from 1600 px on, so the rest fits a 1280 px window.
        { field: 'shareBp', responsive: ['xxl'], width: 80, align: 'right', render: (bp: number) => formatBp(bp) },
        { field: 'reviewedBy', responsive: ['xxl'], width: 80, render: (by: string) => by || '-' },
        { field: 'reviewedAt', sortable: true, responsive: ['xxl'], width: 140, render: (at: string | null) => formatDateTime(at) || '-' },
      ]}
      rowActions={(r) =>
        r.status === 'pending' && (
          <>
            <Allowed action="approve">
              <Confirm
                title={t('finance.review.confirm.title', { count: 1, amount: formatFen(r.amountFen) })}
                description={t('finance.review.confirm.one', { orderNo: r.orderNo, staff: r.staffName })}
                okText={t('finance.approve')}
                cancelText={t('common.cancel')}
                onConfirm={() => void approve(r)}
              >
                <Button type="link" size="small">
                  {t('finance.approve')}
                </Button>
              </Confirm>
            </Allowed>
            <Allowed action="reject">
              <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                {t('finance.reject')}
              </Button>
            </Allowed>
          </>
        )
      }
    >
      <ReasonDialog
        open={rejecting !== null}
        title={t('finance.review.reject.title', { orderNo: rejecting?.orderNo, staff: rejecting?.staffName })}
        label={t('performanceRecord.fields.rejectReason')}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) =>
          call('performance-records', `${rejecting!.id}/reject`, { reason }, () =>
            t('finance.review.rejected', { orderNo: rejecting!.orderNo, staff: rejecting!.staffName }),
          )
        }
      />
    </ListPage>
  );
}
