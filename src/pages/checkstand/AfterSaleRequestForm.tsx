import { useEffect, useState } from 'react';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useCreate, useList } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  AFTER_SALE_TYPES,
  MAX_AFTER_SALE_IMAGES,
  type AfterSale,
  type AfterSaleInput,
  type AfterSaleType,
} from '../../../contract/afterSale';
import { lineName, PAID_ORDER_STATUSES, type Order } from '../../../contract/order';
import { formatDateTime } from '../../components/format';
import { MoneyInput, formatFen } from '../../components/money';
import { ImageListUpload } from '../../components/upload';
import { applyServerErrors } from '../../providers/formRules';
import type { ApiError } from '../../providers/http';
import { idempotencyHeaders, useIdempotencyKey } from '../../providers/idempotency';

interface RequestForm {
  orderId?: number;
  type: AfterSaleType;
  amountFen?: number;
  reason?: string;
  images: string[];
}

const isPaid = (o: Order) => (PAID_ORDER_STATUSES as readonly string[]).includes(o.status);

/**
 * An after-sale request on a paid order found by number, customer or day: a refund of at most what
 * was paid less what is refunded or asked back already, a touch-up, or a complaint; a reason, and
 * up to six images. Sent once per action with an Idempotency-Key.
 */
export function AfterSaleRequestForm({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (a: AfterSale) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RequestForm>();
  const [q, setQ] = useState('');
  const [day, setDay] = useState<Dayjs | null>(null);
  const { mutate: create, mutation } = useCreate<AfterSale, ApiError>();
  const key = useIdempotencyKey();
  const type = Form.useWatch('type', form);
  const orderId = Form.useWatch('orderId', form);
  const dayText = day?.format('YYYY-MM-DD');

  const { result: found } = useList<Order>({
    resource: 'orders',
    filters: [
      { field: 'q', operator: 'eq', value: q.trim() || undefined },
      { field: 'dateField', operator: 'eq', value: dayText ? 'paidAt' : undefined },
      { field: 'from', operator: 'eq', value: dayText },
      { field: 'to', operator: 'eq', value: dayText },
    ],
    sorters: [{ field: 'paidAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 50 },
    queryOptions: { enabled: open },
  });
  const orders = (found?.data ?? []).filter(isPaid);
  const order = orders.find((o) => o.id === orderId);

  const { result: pending } = useList<AfterSale>({
    resource: 'after-sales',
    filters: [
      { field: 'orderId', operator: 'eq', value: orderId },
      { field: 'type', operator: 'eq', value: 'refund' },
      { field: 'status', operator: 'eq', value: 'pending' },
    ],
    pagination: { currentPage: 1, pageSize: 100 },
    queryOptions: { enabled: open && orderId !== undefined },
  });
  const pendingFen = (pending?.data ?? []).reduce((s, a) => s + (a.amountFen ?? 0), 0);
  const refundableFen = order ? Math.max(0, order.paidFen - order.refundedFen - pendingFen) : 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setQ('');
    setDay(null);
  }, [open, form]);

  const submit = (v: RequestForm) => {
    const body: AfterSaleInput = {
      orderId: v.orderId!,
      type: v.type,
      amountFen: v.type === 'refund' ? (v.amountFen ?? null) : null,
      reason: v.reason?.trim() ?? '',
      images: v.images ?? [],
    };
    create(
      {
        resource: 'after-sales',
        values: body,
        meta: { headers: idempotencyHeaders(key.for(body)) },
        successNotification: () => ({ type: 'success', message: t('checkstand.afterSale.created') }),
      },
      {
        onSuccess: (r) => {
          key.settle();
          onCreated(r.data);
        },
        onError: (e) => {
          key.settle(e);
          applyServerErrors(form, e);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('afterSale.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('checkstand.afterSale.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      width={620}
    >
      <Form<RequestForm> form={form} layout="vertical" onFinish={submit} initialValues={{ type: 'refund', images: [] }}>
        <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
          <Input.Search
            allowClear
            placeholder={t('checkstand.afterSale.findOrder')}
            aria-label={t('checkstand.afterSale.findOrder')}
            onSearch={setQ}
            style={{ flex: 1 }}
          />
          <DatePicker value={day} onChange={setDay} placeholder={t('checkstand.afterSale.paidOn')} />
        </Space.Compact>
        <Form.Item
          name="orderId"
          label={t('afterSale.fields.orderNo')}
          rules={[{ required: true, message: t('checkstand.afterSale.pickOrder') }]}
        >
          <Select<number>
            showSearch
            optionFilterProp="label"
            placeholder={t('checkstand.afterSale.pickOrder')}
            notFoundContent={t('checkstand.afterSale.noOrder')}
            options={orders.map((o) => ({
              value: o.id,
              label: `${o.orderNo} · ${o.customerName} · ${formatFen(o.paidFen)} · ${formatDateTime(o.paidAt)}`,
            }))}
          />
        </Form.Item>
        {order && (
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('order.fields.customerName')}>{order.customerName}</Descriptions.Item>
            <Descriptions.Item label={t('order.fields.lines')}>{order.lines.map(lineName).join('、')}</Descriptions.Item>
            <Descriptions.Item label={t('order.fields.paidFen')}>{formatFen(order.paidFen)}</Descriptions.Item>
            <Descriptions.Item label={t('order.fields.refundedFen')}>{formatFen(order.refundedFen)}</Descriptions.Item>
            <Descriptions.Item label={t('checkstand.afterSale.pendingRefunds')}>{formatFen(pendingFen)}</Descriptions.Item>
            <Descriptions.Item label={t('checkstand.afterSale.refundable')}>
              <span data-testid="refundable">{formatFen(refundableFen)}</span>
            </Descriptions.Item>
          </Descriptions>
        )}
        <Form.Item name="type" label={t('afterSale.fields.type')}>
          <Radio.Group optionType="button" options={AFTER_SALE_TYPES.map((v) => ({ value: v, label: t(`afterSale.options.type.${v}`) }))} />
        </Form.Item>
        {type === 'refund' && (
          <Form.Item
            name="amountFen"
            label={t('afterSale.fields.amountFen')}
            extra={order ? t('checkstand.afterSale.atMost', { amount: formatFen(refundableFen) }) : undefined}
            rules={[
              { required: true, message: t('checkstand.afterSale.amountRequired') },
              {
                validator: (_, v?: number) =>
                  v === undefined || (v > 0 && (!order || v <= refundableFen))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('checkstand.afterSale.tooMuch', { amount: formatFen(refundableFen) }))),
              },
            ]}
          >
            <MoneyInput />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('afterSale.fields.reason')}
          rules={[{ required: true, whitespace: true, message: t('checkstand.afterSale.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="images"
          label={t('afterSale.fields.images')}
          extra={t('checkstand.afterSale.imagesExtra', { max: MAX_AFTER_SALE_IMAGES })}
        >
          <ImageListUpload max={MAX_AFTER_SALE_IMAGES} />
        </Form.Item>
        {type === 'touch-up' && <Alert type="info" showIcon message={t('checkstand.afterSale.touchUpHint')} />}
      </Form>
    </Modal>
  );
}
