import { useEffect, useMemo } from 'react';
import { Space, Typography } from 'antd';
import { useList, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { AfterSale } from '../../../contract/afterSale';
import type { Order, PaymentMethod } from '../../../contract/order';
import { proposedChannels, refundableByMethod, type ChannelAmount } from '../../../contract/refund';
import { channelLabel } from '../../components/money/refundChannel';
import { MoneyInput, formatFen } from '../../components/money';

export type Channel = ChannelAmount;

/**
 * Where a refund goes back: one amount per method the order was paid by, proposed largest first
 * from what each method has left after earlier refunds; finance may move money between them. Stored
 * value goes back onto the card that paid, named with it.
 */
export function RefundChannels({ request, value, onChange }: { request: AfterSale; value: Channel[]; onChange: (c: Channel[]) => void }) {
  const { t } = useTranslation();
  const { result: order } = useOne<Order>({ resource: 'orders', id: request.orderId });
  const { result: earlier } = useList<AfterSale>({
    resource: 'after-sales',
    filters: [
      { field: 'orderId', operator: 'eq', value: request.orderId },
      { field: 'status', operator: 'eq', value: 'approved' },
    ],
    pagination: { pageSize: 100 },
  });
  const refundable = useMemo(
    () =>
      order
        ? refundableByMethod(
            order.payments,
            earlier.data.flatMap((a) => a.refundChannels),
          )
        : [],
    [order, earlier.data],
  );
  useEffect(() => {
    if (refundable.length) onChange(proposedChannels(refundable, request.amountFen ?? 0).filter((c) => c.amountFen > 0));
    // Proposed once per request and order as read; later edits are finance's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refundable, request.id]);

  const amountOf = (m: PaymentMethod) => value.find((c) => c.method === m)?.amountFen ?? 0;
  const set = (m: PaymentMethod, fen: number | undefined) =>
    onChange(refundable.map((r) => ({ ...r, amountFen: r.method === m ? (fen ?? 0) : amountOf(r.method) })).filter((c) => c.amountFen > 0));
  const sum = value.reduce((s, c) => s + c.amountFen, 0);
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text strong>{t('afterSale.fields.refundChannels')}</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        {refundable.map((r) => {
          const label = channelLabel(t, r);
          return (
            <Space key={r.method} size={4}>
              <span>{label}</span>
              <MoneyInput
                aria-label={t('finance.afterSale.channelOf', { method: label })}
                value={amountOf(r.method)}
                onChange={(fen) => set(r.method, fen)}
                style={{ width: 130 }}
              />
              <Typography.Text type="secondary">{t('finance.afterSale.channelLeft', { amount: formatFen(r.amountFen) })}</Typography.Text>
            </Space>
          );
        })}
      </Space>
      {sum !== request.amountFen && (
        <Typography.Text type="danger">
          {t('finance.afterSale.channelSum', { sum: formatFen(sum), amount: formatFen(request.amountFen) })}
        </Typography.Text>
      )}
    </div>
  );
}
