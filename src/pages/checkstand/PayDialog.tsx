import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import { MAX_PAYMENTS, PAYMENT_METHODS, type Order, type OrderPayment, type PaymentMethod } from '../../../contract/order';
import { MoneyInput, formatFen } from '../../components/money';
import type { ApiError } from '../../providers/http';
import { idempotencyHeaders, useIdempotencyKey } from '../../providers/idempotency';

/** Rows the cashier is typing: an amount may be empty for a moment. */
type PaymentRow = { method: PaymentMethod; amountFen?: number };

/** What is still to be taken: the payable less the typed amounts (negative when too much is typed). */
function remainderFen(payableFen: number, rows: readonly PaymentRow[]): number {
  return payableFen - rows.reduce((s, r) => s + (r.amountFen ?? 0), 0);
}

/**
 * Taking the money of an unpaid order: one or several payments whose sum must equal the payable,
 * the remainder shown as they are typed. A method button adds a payment of what is left. 确认收款
 * sends the payments once: the button waits for the answer, and a retry of the same payments
 * carries the same Idempotency-Key, so the server never charges twice.
 */
export function PayDialog({ order, onClose, onPaid }: { order: Order | null; onClose: () => void; onPaid: (o: Order) => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PaymentRow[]>([]);
  const { mutate, mutation } = useCustomMutation<Order, ApiError>();
  const invalidate = useInvalidate();
  const key = useIdempotencyKey();
  // A second click before the first has re-rendered the button as busy sends nothing.
  const sending = useRef(false);
  const payable = order?.payableFen ?? 0;
  const left = remainderFen(payable, rows);
  const complete = rows.length > 0 && left === 0 && rows.every((r) => (r.amountFen ?? 0) > 0);

  useEffect(() => setRows([]), [order?.id]);

  const add = (method: PaymentMethod) => setRows((r) => [...r, { method, amountFen: Math.max(0, remainderFen(payable, r)) }]);

  const confirm = () => {
    if (!order || !complete || sending.current) return;
    sending.current = true;
    const payments = rows as OrderPayment[];
    const body = { payments };
    mutate(
      {
        url: `${API.resourceBase}/orders/${order.id}/pay`,
        method: 'post',
        values: body,
        config: { headers: idempotencyHeaders(key.for({ order: order.id, ...body })) },
        successNotification: () => ({ type: 'success', message: t('checkstand.pay.done', { orderNo: order.orderNo }) }),
      },
      {
        onSuccess: (r) => {
          key.settle();
          void invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id });
          void invalidate({ resource: 'appointments', invalidates: ['list'] });
          onPaid(r.data);
        },
        onError: (e) => key.settle(e),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Modal
      open={order !== null}
      title={t('checkstand.pay.title')}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} disabled={!complete || mutation.isPending} loading={mutation.isPending}>
          {t('checkstand.pay.confirm')}
        </Button>,
      ]}
    >
      {order && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Text type="secondary">{order.orderNo}</Typography.Text>
            <Typography.Text>
              {t('order.fields.payableFen')}{' '}
              <Typography.Text strong style={{ fontSize: 22 }}>
                {formatFen(payable)}
              </Typography.Text>
            </Typography.Text>
          </Space>
          <Space wrap>
            {PAYMENT_METHODS.map((m) => (
              <Button key={m} disabled={rows.length >= MAX_PAYMENTS} onClick={() => add(m)}>
                {t(`order.options.method.${m}`)}
              </Button>
            ))}
          </Space>
          {rows.map((r, i) => (
            <Space.Compact key={i} style={{ width: '100%' }}>
              <Select<PaymentMethod>
                style={{ width: 120 }}
                value={r.method}
                aria-label={t('checkstand.pay.methodOf', { n: i + 1 })}
                onChange={(method) => setRows((all) => all.map((x, j) => (j === i ? { ...x, method } : x)))}
                options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`order.options.method.${m}`) }))}
              />
              <MoneyInput
                autoFocus={i === rows.length - 1}
                value={r.amountFen}
                aria-label={t('checkstand.pay.amountOf', { n: i + 1 })}
                onChange={(amountFen) => setRows((all) => all.map((x, j) => (j === i ? { ...x, amountFen } : x)))}
                onPressEnter={confirm}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('checkstand.pay.remove', { n: i + 1 })}
                onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
              />
            </Space.Compact>
          ))}
          <Alert
            data-testid="remainder"
            type={left === 0 && rows.length > 0 ? 'success' : 'warning'}
            showIcon
            message={
              left > 0
                ? t('checkstand.pay.left', { amount: formatFen(left) })
                : left < 0
                  ? t('checkstand.pay.over', { amount: formatFen(-left) })
                  : t('checkstand.pay.even')
            }
          />
        </Space>
      )}
    </Modal>
  );
}
