import { Descriptions, Skeleton, Table, Tag, Typography } from 'antd';
import { useList, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { AfterSale, AfterSaleStatus } from '../../../contract/afterSale';
import { lineName, type Order, type OrderLine } from '../../../contract/order';
import { formatDateTime } from '../../components/format';
import { lineKey } from '../../components/orderLines';
import { optionKey } from '../../components/crud';
import { formatBp, formatFen } from '../../components/money';
import { ReviewStatusTag } from './ReviewStatusTag';
import { ORDER_STATUS_TONES, StatusTag } from '../../components/statusTag';

/**
 * One order as finance needs it to judge an after-sale: what was sold, who served, what was paid
 * and how, and every refund asked for before (`exceptId`: the after-sale being looked at).
 */
export function OrderCard({ orderId, exceptId }: { orderId: number; exceptId?: number }) {
  const { t } = useTranslation();
  const f = (field: string) => t(`order.fields.${field}`);
  const { result: order, query } = useOne<Order>({ resource: 'orders', id: orderId });
  const { result: refunds } = useList<AfterSale>({
    resource: 'after-sales',
    filters: [
      { field: 'orderId', operator: 'eq', value: orderId },
      { field: 'type', operator: 'eq', value: 'refund' },
    ],
    sorters: [{ field: 'createdAt', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 50 },
  });
  if (query.isPending) return <Skeleton active />;
  if (!order) return null;
  const earlier = (refunds?.data ?? []).filter((r) => r.id !== exceptId);
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={f('orderNo')}>{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label={f('status')}>
          <StatusTag tone={ORDER_STATUS_TONES[order.status]}>{t(optionKey('order', 'status', order.status))}</StatusTag>
        </Descriptions.Item>
        <Descriptions.Item label={f('shopId')}>{order.shopName}</Descriptions.Item>
        <Descriptions.Item label={f('customerName')}>
          {[order.customerName, order.customerPhone].filter(Boolean).join(' ')}
        </Descriptions.Item>
        <Descriptions.Item label={f('payableFen')}>{formatFen(order.payableFen)}</Descriptions.Item>
        <Descriptions.Item label={f('paidAt')}>{formatDateTime(order.paidAt) || '-'}</Descriptions.Item>
        <Descriptions.Item label={f('paidFen')}>{formatFen(order.paidFen)}</Descriptions.Item>
        <Descriptions.Item label={f('refundedFen')}>{formatFen(order.refundedFen)}</Descriptions.Item>
        <Descriptions.Item label={f('payments')} span={2}>
          {order.payments.map((p, i) => (
            <Tag key={i}>
              {t(optionKey('order', 'method', p.method))} {formatFen(p.amountFen)}
            </Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={f('staffShares')} span={2}>
          {order.staffShares.map((s) => `${s.staffName} ${formatBp(s.shareBp)}`).join('，')}
        </Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 12 }}
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey={lineKey}
        pagination={false}
        dataSource={order.lines}
        columns={[
          { title: f('lines'), key: 'name', render: (_, l: OrderLine) => lineName(l) },
          { title: f('quantity'), dataIndex: 'quantity', align: 'right' },
          { title: f('discountFen'), dataIndex: 'discountFen', align: 'right', render: (fen: number) => formatFen(fen) },
          { title: f('amountFen'), dataIndex: 'amountFen', align: 'right', render: (fen: number) => formatFen(fen) },
        ]}
      />
      <h4 style={{ margin: '16px 0 8px' }}>{t('finance.afterSale.earlierRefunds')}</h4>
      <Table<AfterSale>
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey="id"
        pagination={false}
        dataSource={earlier}
        locale={{ emptyText: <Typography.Text type="secondary">{t('finance.afterSale.noEarlierRefunds')}</Typography.Text> }}
        columns={[
          { title: t('afterSale.fields.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
          {
            title: t('afterSale.fields.amountFen'),
            dataIndex: 'amountFen',
            align: 'right',
            render: (fen: number | null) => formatFen(fen),
          },
          {
            title: t('afterSale.fields.status'),
            dataIndex: 'status',
            render: (status: AfterSaleStatus, r) => <ReviewStatusTag labels="afterSale" status={status} rejectReason={r.rejectReason} />,
          },
          { title: t('afterSale.fields.reason'), dataIndex: 'reason', ellipsis: true },
        ]}
      />
    </>
  );
}
