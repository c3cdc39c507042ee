import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import type { Order } from '../../../contract/order';
import type { ApiError } from '../../providers/http';

/** Cancelling an unpaid order: a reason is required (the server refuses a paid one with 409). */
export function CancelOrderDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: Order | null;
  onClose: () => void;
  onCancelled: (o: Order) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { mutate, mutation } = useCustomMutation<Order, ApiError>();
  const invalidate = useInvalidate();
  const submit = () => {
    if (!order || !reason.trim()) return;
    mutate(
      {
        url: `${API.resourceBase}/orders/${order.id}/cancel`,
        method: 'post',
        values: { reason: reason.trim() },
        successNotification: () => ({ type: 'success', message: t('checkstand.cancel.done', { orderNo: order.orderNo }) }),
      },
      {
        onSuccess: (r) => {
          setReason('');
          void invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id });
          onCancelled(r.data);
        },
      },
    );
  };
  return (
    <Modal
      open={order !== null}
      title={t('checkstand.cancel.title', { orderNo: order?.orderNo ?? '' })}
      onCancel={onClose}
      onOk={submit}
      okText={t('checkstand.cancel.ok')}
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('order.fields.cancelReason')} required>
          <Input.TextArea
            autoFocus
            rows={2}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('checkstand.cancel.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
