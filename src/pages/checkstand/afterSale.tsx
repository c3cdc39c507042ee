import { useState } from 'react';
import { Button, DatePicker, Form, Select, Typography } from 'antd';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import {
  AFTER_SALE_STATUSES,
  AFTER_SALE_TYPES,
  type AfterSale,
  type AfterSaleStatus,
  type AfterSaleType,
} from '../../../contract/afterSale';
import { dayRange } from '../../components/crud';
import { formatDateTime } from '../../components/format';
import { Allowed, ListPage, type ListSearch } from '../../components/listPage';
import { formatFen } from '../../components/money';
import { channelsText } from '../../components/money/refundChannel';
import type { ApiError } from '../../providers/http';
import { AfterSaleRequestForm } from './AfterSaleRequestForm';
import { REVIEW_STATUS_TONES, StatusTag } from '../../components/statusTag';
import { Confirm } from '../../components/confirm/Confirm';

interface AfterSaleSearch extends ListSearch {
  status?: AfterSaleStatus;
  type?: AfterSaleType;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * /checkstand/after-sale (shop-manager): the shop's after-sale requests with status, type and day
 * filters and paging; a new request on a paid order; a pending one may be withdrawn. Finance
 * reviews them.
 */
export default function CheckstandAfterSalePage() {
  const { t } = useTranslation();
  const [requesting, setRequesting] = useState(false);
  const { mutate, mutation } = useCustomMutation<AfterSale, ApiError>();
  const invalidate = useInvalidate();
  const withdraw = (a: AfterSale) =>
    mutate(
      {
        url: `${API.resourceBase}/after-sales/${a.id}/withdraw`,
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t('checkstand.afterSale.withdrawn', { orderNo: a.orderNo }) }),
      },
      { onSuccess: () => void invalidate({ resource: 'after-sales', invalidates: ['list'] }) },
    );

  return (
    <ListPage<'after-sales', AfterSaleSearch>
      resource="after-sales"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      scrollX={960}
      actionsWidth={90}
      restoredFilters={['status', 'type']}
      filters={
        <>
          <Form.Item name="status">
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('checkstand.afterSale.allStatuses')}
              aria-label={t('common.filterBy', { what: t('afterSale.fields.status') })}
              options={AFTER_SALE_STATUSES.map((s) => ({ value: s, label: t(`afterSale.options.status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="type">
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('checkstand.afterSale.allTypes')}
              aria-label={t('common.filterBy', { what: t('afterSale.fields.type') })}
              options={AFTER_SALE_TYPES.map((s) => ({ value: s, label: t(`afterSale.options.type.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker />
          </Form.Item>
        </>
      }
      toFilters={(v) => {
        const { from, to } = dayRange(v.range);
        return [
          { field: 'status', operator: 'eq', value: v.status },
          { field: 'type', operator: 'eq', value: v.type },
          { field: 'from', operator: 'eq', value: from },
          { field: 'to', operator: 'eq', value: to },
        ];
      }}
      columns={[
        { field: 'orderNo', width: 160 },
        { field: 'customerName', width: 90 },
        { field: 'type', width: 72, render: (_, a) => t(`afterSale.options.type.${a.type}`) },
        {
          field: 'amountFen',
          sortable: true,
          width: 100,
          align: 'right',
          // An approved refund says where its money went, as its receipt does.
          render: (_, a) =>
            a.amountFen === null ? (
              '-'
            ) : (
              <>
                {formatFen(a.amountFen)}
                {a.refundChannels.length > 0 && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {channelsText(t, a.refundChannels)}
                  </Typography.Text>
                )}
              </>
            ),
        },
        { field: 'reason', ellipsis: true },
        {
          field: 'status',
          width: 80,
          render: (_, a) => <StatusTag tone={REVIEW_STATUS_TONES[a.status]}>{t(`afterSale.options.status.${a.status}`)}</StatusTag>,
        },
        // Who asked: from 1600 px on, so the rest fits a 1280 px window.
        { field: 'requestedBy', responsive: ['xxl'], width: 90 },
        { field: 'rejectReason', ellipsis: true, render: (_, a) => a.rejectReason || a.reviewNote || '-' },
        { field: 'createdAt', sortable: true, width: 140, render: (_, a) => formatDateTime(a.createdAt) },
      ]}
      ownActions={['withdraw']}
      onCreate={() => setRequesting(true)}
      onEdit={() => undefined}
      rowActions={(a) =>
        a.status === 'pending' && (
          <Allowed action="withdraw">
            <Confirm
              title={t('checkstand.afterSale.withdrawConfirm')}
              onConfirm={() => withdraw(a)}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
            >
              <Button type="link" size="small" loading={mutation.isPending && mutation.variables?.url.endsWith(`/${a.id}/withdraw`)}>
                {t('checkstand.afterSale.withdraw')}
              </Button>
            </Confirm>
          </Allowed>
        )
      }
    >
      <AfterSaleRequestForm
        open={requesting}
        onClose={() => setRequesting(false)}
        onCreated={() => {
          setRequesting(false);
          void invalidate({ resource: 'after-sales', invalidates: ['list'] });
        }}
      />
    </ListPage>
  );
}
