import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import { ErrorCode } from '../../../contract/envelope';
import { MAX_PAYMENTS, MONEY_PAYMENT_METHODS, isCardLine, type Order, type PaymentMethod } from '../../../contract/order';
import { MoneyInput, formatFen } from '../../components/money';
import type { ApiError } from '../../providers/http';
import { idempotencyHeaders, useIdempotencyKey } from '../../providers/idempotency';
import { storedValueOf, useCustomerCards } from './CustomerCards';
import {
  paymentsComplete,
  paymentsOf,
  remainderFen,
  storedValueCapFen,
  storedValueSplit,
  storedValueTypedFen,
  type PaymentRow,
} from './payments';

/**
 * Taking the money of an unpaid order: one or several payments whose sum must equal the payable,
 * the remainder shown as they are typed. A method button adds a payment of what is left. The
 * customer's stored-value card (储值卡) is a method while it holds money, up to its balance, on an
 * order that sells no card (cards are bought with money), its split into principal and bonus shown; an order whose
 * payable is 0 (sessions redeemed only) is confirmed with no payment. 确认收款
 * sends the payments once: the button waits for the answer, and a retry of the same payments
 * carries the same Idempotency-Key, so the server never charges twice.
 */
export function PayDialog({
  order,
  onClose,
  onPaid,
  afterClose,
}: {
  order: Order | null;
  onClose: () => void;
  onPaid: (o: Order) => void;
  /** Runs once the dialog has gone, when focus can move to the page again. */
  afterClose?: () => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PaymentRow[]>([]);
  const { mutate, mutation } = useCustomMutation<Order, ApiError>();
  const invalidate = useInvalidate();
  const key = useIdempotencyKey();
  // A second click before the first has re-rendered the button as busy sends nothing.
  const sending = useRef(false);
  const payable = order?.payableFen ?? 0;
  const { cards } = useCustomerCards(order?.customerId);
  const account = storedValueOf(cards);
  const capFen = storedValueCapFen(payable, order?.lines.some(isCardLine) ?? false, account);
  const methods: readonly PaymentMethod[] = capFen > 0 ? [...MONEY_PAYMENT_METHODS, 'stored-value'] : MONEY_PAYMENT_METHODS;
  const left = remainderFen(payable, rows);
  const complete = paymentsComplete(payable, rows, capFen);
  const overdrawn = storedValueTypedFen(rows) > capFen;
  const refusal = mutation.error?.code === ErrorCode.CONFLICT ? mutation.error.message : undefined;

  useEffect(() => setRows([]), [order?.id]);

  const add = (method: PaymentMethod) =>
    setRows((r) => {
      const open = Math.max(0, remainderFen(payable, r));
      if (method !== 'stored-value') return [...r, { method, amountFen: open }];
      return [...r, { method, cardId: account?.id, amountFen: Math.min(open, Math.max(0, capFen - storedValueTypedFen(r))) }];
    });
  const changeMethod = (i: number, method: PaymentMethod) =>
    setRows((all) => all.map((x, j) => (j === i ? { ...x, method, cardId: method === 'stored-value' ? account?.id : undefined } : x)));

  const confirm = () => {
    if (!order || !complete || sending.current) return;
    sending.current = true;
    const body = { payments: paymentsOf(rows) };
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
          void invalidate({ resource: 'member-cards', invalidates: ['list'] });
          onPaid(r.data);
        },
        onError: (e) => {
          key.settle(e);
          // A card refused (spent meanwhile elsewhere) shows its balance as it is now.
          if (e.code === ErrorCode.CONFLICT) void invalidate({ resource: 'member-cards', invalidates: ['list'] });
        },
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
      afterClose={afterClose}
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
          {payable > 0 && (
            <Space wrap>
              {methods.map((m) => (
                <Button
                  key={m}
                  disabled={rows.length >= MAX_PAYMENTS || (m === 'stored-value' && rows.some((r) => r.method === m))}
                  onClick={() => add(m)}
                >
                  {t(`order.options.method.${m}`)}
                  {m === 'stored-value' && account && ` ${formatFen(account.principalFen + account.bonusFen)}`}
                </Button>
              ))}
            </Space>
          )}
          {account && order.lines.some(isCardLine) && (
            <Typography.Text type="secondary">{t('checkstand.pay.cardSaleInMoney')}</Typography.Text>
          )}
          {rows.map((r, i) => (
            <Space.Compact key={i} style={{ width: '100%' }}>
              <Select<PaymentMethod>
                style={{ width: 120 }}
                value={r.method}
                aria-label={t('checkstand.pay.methodOf', { n: i + 1 })}
                onChange={(method) => changeMethod(i, method)}
                options={methods.map((m) => ({ value: m, label: t(`order.options.method.${m}`) }))}
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
          {account &&
            rows.map((r, i) => {
              if (r.method !== 'stored-value' || !r.amountFen) return null;
              const split = storedValueSplit(r.amountFen, account);
              return (
                <Typography.Text key={`split-${i}`} type="secondary" data-testid="stored-value-split">
                  {t('checkstand.pay.split', {
                    principal: formatFen(split.principalFen),
                    bonus: formatFen(split.bonusFen),
                    left: formatFen(split.leftFen),
                  })}
                </Typography.Text>
              );
            })}
          {overdrawn && <Alert type="error" showIcon message={t('checkstand.pay.overCap', { amount: formatFen(capFen) })} />}
          {refusal && <Alert type="error" showIcon message={refusal} data-testid="pay-refusal" />}
          <Alert
            data-testid="remainder"
            type={complete ? 'success' : 'warning'}
            showIcon
            message={
              payable === 0
                ? t('checkstand.pay.nothing')
                : left > 0
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
