import { Descriptions, Table } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { lineName, PAID_ORDER_STATUSES, type Order, type OrderStatus } from '../../../contract/order';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { optionKey } from '../../components/crud';
import { ORDER_STATUS_TONES, StatusTag } from '../../components/statusTag';

/** The most orders the tab reads; a customer's history beyond them is in the finance pages. */
const MAX_ORDERS = 200;

/**
 * The customer's 消费记录 tab: their paid orders (amounts, lines, methods), what they spent in all
 * (paid less refunded) and when they last came.
 */
export default function CustomerOrders({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { result, query } = useList<Order>({
    resource: 'orders',
    filters: [
      { field: 'customerId', operator: 'eq', value: customerId },
      { field: 'status', operator: 'eq', value: [...PAID_ORDER_STATUSES] },
    ],
    sorters: [{ field: 'paidAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: MAX_ORDERS },
  });
  const orders = result?.data ?? [];
  const spentFen = orders.reduce((s, o) => s + o.paidFen - o.refundedFen, 0);
  const f = (field: string) => t(`order.fields.${field}`);
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('customer.orders.count')}>{result?.total ?? 0}</Descriptions.Item>
        <Descriptions.Item label={t('customer.orders.spent')}>
          <span data-testid="customer-spent">{formatFen(spentFen)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('customer.orders.lastVisit')}>
          {orders[0]?.paidAt ? formatDateTime(orders[0].paidAt) : t('customer.neverVisited')}
        </Descriptions.Item>
      </Descriptions>
      <Table<Order>
        size="small"
        rowKey="id"
        loading={query.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        dataSource={orders}
        columns={[
          { key: 'paidAt', title: f('paidAt'), dataIndex: 'paidAt', render: (iso: string) => formatDateTime(iso) },
          { key: 'orderNo', title: f('orderNo'), dataIndex: 'orderNo' },
          { key: 'shopName', title: f('shopId'), dataIndex: 'shopName' },
          { key: 'lines', title: f('lines'), render: (_, o) => o.lines.map(lineName).join('、') },
          { key: 'payableFen', title: f('payableFen'), dataIndex: 'payableFen', align: 'right', render: (v: number) => formatFen(v) },
          {
            key: 'payments',
            title: f('payments'),
            render: (_, o) => o.payments.map((p) => `${t(optionKey('order', 'method', p.method))} ${formatFen(p.amountFen)}`).join('，'),
          },
          {
            key: 'refundedFen',
            title: f('refundedFen'),
            dataIndex: 'refundedFen',
            align: 'right',
            render: (v: number) => (v > 0 ? formatFen(v) : '-'),
          },
          {
            key: 'status',
            title: f('status'),
            dataIndex: 'status',
            render: (s: OrderStatus) => <StatusTag tone={ORDER_STATUS_TONES[s]}>{t(optionKey('order', 'status', s))}</StatusTag>,
          },
        ]}
      />
    </>
  );
}
