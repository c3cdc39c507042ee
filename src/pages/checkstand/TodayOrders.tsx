import { useState } from 'react';
import { Button, Grid, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { lineName, PAID_ORDER_STATUSES, type Order } from '../../../contract/order';
import { shanghaiToday } from '../../components/crud';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { ORDER_STATUS_TONES, StatusTag } from '../../components/statusTag';

const PAGE_SIZE = 10;
const isPaid = (o: Order) => (PAID_ORDER_STATUSES as readonly string[]).includes(o.status);

/** The shop's orders made today, newest first: state, and re-open, cancel (unpaid) or the receipt. */
export function TodayOrders({
  currentId,
  onReopen,
  onCancel,
  onReceipt,
}: {
  currentId: number;
  onReopen: (o: Order) => void;
  onCancel: (o: Order) => void;
  onReceipt: (o: Order) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const today = shanghaiToday();
  const { result, query } = useList<Order>({
    resource: 'orders',
    filters: [
      { field: 'from', operator: 'eq', value: today },
      { field: 'to', operator: 'eq', value: today },
    ],
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
  });
  // Below 576 px a phone has no room for five columns: the order and its customer in one, the amount,
  // state and actions in the other, nothing scrolled out of sight.
  const narrow = Grid.useBreakpoint().sm === false;
  const actions = (o: Order) => (
    <Space size={0} wrap>
      {o.status === 'unpaid' && (
        <>
          <Button type="link" size="small" onClick={() => onReopen(o)}>
            {t('checkstand.orders.reopen')}
          </Button>
          <Button type="link" size="small" danger onClick={() => onCancel(o)}>
            {t('checkstand.orders.cancel')}
          </Button>
        </>
      )}
      {isPaid(o) && (
        <Button type="link" size="small" onClick={() => onReceipt(o)}>
          {t('checkstand.orders.receipt')}
        </Button>
      )}
    </Space>
  );
  const programs = (o: Order) => o.lines.map((l) => (l.quantity > 1 ? `${lineName(l)}×${l.quantity}` : lineName(l))).join('、');
  const columns: TableColumnsType<Order> = [
    {
      key: 'orderNo',
      title: t('order.fields.orderNo'),
      width: 150,
      render: (_, o) => (
        <>
          <div>{o.orderNo}</div>
          <Typography.Text type="secondary">{formatDateTime(o.createdAt).slice(11)}</Typography.Text>
        </>
      ),
    },
    {
      key: 'customer',
      title: t('order.fields.customerName'),
      render: (_, o) => (
        <>
          <div>{`${o.customerName}${o.customerVip ? ' · VIP' : ''}`}</div>
          <Typography.Text type="secondary">{programs(o)}</Typography.Text>
        </>
      ),
    },
    { key: 'payable', title: t('order.fields.payableFen'), align: 'right', width: 90, render: (_, o) => formatFen(o.payableFen) },
    {
      key: 'status',
      title: t('order.fields.status'),
      width: 80,
      render: (_, o) => <StatusTag tone={ORDER_STATUS_TONES[o.status]}>{t(`order.options.status.${o.status}`)}</StatusTag>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 140,
      render: (_, o) => actions(o),
    },
  ];
  const phoneColumns: TableColumnsType<Order> = [
    {
      key: 'order',
      title: t('order.fields.orderNo'),
      render: (_, o) => (
        <>
          <div>{o.orderNo}</div>
          <Typography.Text type="secondary">
            {formatDateTime(o.createdAt).slice(11)} · {`${o.customerName}${o.customerVip ? ' · VIP' : ''}`}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">{programs(o)}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'payable',
      title: t('order.fields.payableFen'),
      align: 'right',
      render: (_, o) => (
        <>
          <div>
            <Typography.Text strong>{formatFen(o.payableFen)}</Typography.Text>
          </div>
          <StatusTag tone={ORDER_STATUS_TONES[o.status]} style={{ marginInlineEnd: 0 }}>
            {t(`order.options.status.${o.status}`)}
          </StatusTag>
          <div>{actions(o)}</div>
        </>
      ),
    },
  ];
  return (
    <Table<Order>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      dataSource={result?.data ?? []}
      // Beside the cart the card is about 600 px wide at 1280: the time sits under the order number and
      // the programs under the customer, so no column hides under the fixed actions.
      scroll={narrow ? undefined : { x: 560 }}
      rowClassName={(o) => (o.id === currentId ? 'ant-table-row-selected' : '')}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: result?.total ?? 0,
        onChange: setPage,
        showTotal: (total) => t('common.total', { total }),
      }}
      columns={narrow ? phoneColumns : columns}
    />
  );
}
