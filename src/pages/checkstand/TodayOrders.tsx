import { useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { PAID_ORDER_STATUSES, type Order } from '../../../contract/order';
import { shanghaiToday } from '../../components/crud';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { ORDER_STATUS_COLORS } from './orderStatus';

const PAGE_SIZE = 10;
const isPaid = (o: Order) => (PAID_ORDER_STATUSES as readonly string[]).includes(o.status);

/** The shop's orders made today, newest first: state, and re-open, cancel (unpaid) or the receipt. */
export function TodayOrders({ currentId, onReopen, onCancel, onReceipt }: { currentId: number; onReopen: (o: Order) => void; onCancel: (o: Order) => void; onReceipt: (o: Order) => void }) {
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
  return (
    <Table<Order>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      dataSource={result?.data ?? []}
      scroll={{ x: 820 }}
      rowClassName={(o) => (o.id === currentId ? 'ant-table-row-selected' : '')}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: result?.total ?? 0, onChange: setPage, showTotal: (total) => t('common.total', { total }) }}
      columns={[
        { key: 'orderNo', title: t('order.fields.orderNo'), dataIndex: 'orderNo', width: 170 },
        { key: 'createdAt', title: t('order.fields.createdAt'), render: (_, o) => formatDateTime(o.createdAt).slice(11), width: 70 },
        { key: 'customer', title: t('order.fields.customerName'), render: (_, o) => `${o.customerName}${o.customerVip ? ' · VIP' : ''}` },
        { key: 'lines', title: t('order.fields.lines'), render: (_, o) => o.lines.map((l) => (l.quantity > 1 ? `${l.programName}×${l.quantity}` : l.programName)).join('、') },
        { key: 'payable', title: t('order.fields.payableFen'), align: 'right', render: (_, o) => formatFen(o.payableFen) },
        { key: 'status', title: t('order.fields.status'), render: (_, o) => <Tag color={ORDER_STATUS_COLORS[o.status]}>{t(`order.options.status.${o.status}`)}</Tag> },
        {
          key: 'actions',
          title: t('common.actions'),
          fixed: 'right',
          width: 150,
          render: (_, o) => (
            <Space size={0}>
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
          ),
        },
      ]}
    />
  );
}
