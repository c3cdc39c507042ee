import { useState } from 'react';
import { Alert, Button, Descriptions, Divider, Drawer, Image, Input, Skeleton, Space, Tag } from 'antd';
import { useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { AfterSale } from '../../../contract/afterSale';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { imageSrc } from '../../components/upload';
import { Allowed } from '../../components/listPage';
import { OrderCard } from './OrderCard';
import { ReasonDialog } from './ReasonDialog';
import { ReviewStatusTag } from './ReviewStatusTag';
import { RefundChannels, type Channel } from './RefundChannels';
import { channelsText } from '../../components/money/refundChannel';
import { useFinanceCall } from './useFinanceCall';
import { Confirm } from '../../components/confirm/Confirm';

const MAX_NOTE = 200;

/** The decision's fields that are filled in, as label field and text (antd would draw an empty one as a blank row). */
function reviewed(a: AfterSale, channels: string): [string, string][] {
  const fields: [string, string][] = [
    ['refundChannels', channels],
    ['reviewedBy', a.reviewedBy],
    ['reviewedAt', formatDateTime(a.reviewedAt)],
    ['reviewNote', a.reviewNote],
    ['rejectReason', a.rejectReason],
  ];
  return fields.filter(([, value]) => value !== '');
}

/**
 * One after-sale request with everything finance weighs it by: the reason and images, the order
 * with its payments and earlier refunds; approved with an optional note or rejected with a reason.
 * Approving a refund pays it back at once, so the button asks first.
 */
export function AfterSaleDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = (field: string) => t(`afterSale.fields.${field}`);
  const call = useFinanceCall();
  const [note, setNote] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const [channels, setChannels] = useState<Channel[]>([]);
  const { result: afterSale } = useOne<AfterSale>({ resource: 'after-sales', id: id ?? undefined, queryOptions: { enabled: id !== null } });
  const shown = afterSale && afterSale.id === id ? afterSale : undefined;

  const close = () => {
    setNote('');
    onClose();
  };
  const approve = async (a: AfterSale) => {
    setApproving(true);
    try {
      const body = { note: note.trim(), ...(a.type === 'refund' && { channels }) };
      await call('after-sales', `${a.id}/approve`, body, () => t('finance.afterSale.approved', { orderNo: a.orderNo }));
      setNote('');
    } catch {
      // http.ts has shown why (the order is refunded already, say).
    } finally {
      setApproving(false);
    }
  };

  return (
    <Drawer open={id !== null} onClose={close} width={760} title={t('finance.afterSale.detail')} destroyOnHidden>
      {!shown ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={f('shopId')}>{shown.shopName}</Descriptions.Item>
            <Descriptions.Item label={f('orderNo')}>{shown.orderNo}</Descriptions.Item>
            <Descriptions.Item label={f('customerName')}>{shown.customerName}</Descriptions.Item>
            <Descriptions.Item label={f('type')}>
              <Tag>{t(`afterSale.options.type.${shown.type}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={f('amountFen')}>{formatFen(shown.amountFen)}</Descriptions.Item>
            <Descriptions.Item label={f('status')}>
              <ReviewStatusTag labels="afterSale" status={shown.status} />
            </Descriptions.Item>
            <Descriptions.Item label={f('requestedBy')}>{shown.requestedBy}</Descriptions.Item>
            <Descriptions.Item label={f('createdAt')}>{formatDateTime(shown.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={f('reason')} span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{shown.reason}</span>
            </Descriptions.Item>
            <Descriptions.Item label={f('images')} span={2}>
              {shown.images.length === 0 ? (
                t('finance.afterSale.noImages')
              ) : (
                <Image.PreviewGroup>
                  <Space wrap>
                    {shown.images.map((url) => (
                      <Image key={url} src={imageSrc(url)} width={96} height={96} style={{ objectFit: 'cover' }} alt={f('images')} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              )}
            </Descriptions.Item>
            {reviewed(shown, channelsText(t, shown.refundChannels)).map(([field, value]) => (
              <Descriptions.Item key={field} label={f(field)} span={field === 'reviewedBy' || field === 'reviewedAt' ? 1 : 2}>
                {value}
              </Descriptions.Item>
            ))}
          </Descriptions>

          {shown.status === 'pending' && (
            <Allowed action="approve">
              <Divider orientation="left">{t('finance.afterSale.decide')}</Divider>
              {shown.type === 'refund' && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 12 }}
                  message={t('finance.afterSale.refundWarning', { amount: formatFen(shown.amountFen) })}
                />
              )}
              {shown.type === 'refund' && <RefundChannels request={shown} value={channels} onChange={setChannels} />}
              <Input.TextArea
                rows={2}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={MAX_NOTE}
                showCount
                placeholder={t('finance.afterSale.notePlaceholder')}
                aria-label={f('reviewNote')}
              />
              <Space style={{ marginTop: 12 }}>
                <Confirm
                  title={t(shown.type === 'refund' ? 'finance.afterSale.approveRefund.confirm' : 'finance.afterSale.approve.confirm', {
                    amount: formatFen(shown.amountFen),
                  })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => approve(shown)}
                >
                  <Button type="primary" loading={approving}>
                    {t('finance.approve')}
                  </Button>
                </Confirm>
                <Button danger onClick={() => setRejecting(true)}>
                  {t('finance.reject')}
                </Button>
              </Space>
            </Allowed>
          )}

          <Divider orientation="left">{t('finance.afterSale.order')}</Divider>
          <OrderCard orderId={shown.orderId} exceptId={shown.id} />

          <ReasonDialog
            open={rejecting}
            title={t('finance.afterSale.reject.title', { orderNo: shown.orderNo })}
            label={f('rejectReason')}
            onClose={() => setRejecting(false)}
            onSubmit={(reason) =>
              call('after-sales', `${shown.id}/reject`, { reason }, () => t('finance.afterSale.rejected', { orderNo: shown.orderNo }))
            }
          />
        </>
      )}
    </Drawer>
  );
}
