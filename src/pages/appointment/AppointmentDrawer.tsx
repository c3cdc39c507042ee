import { useState } from 'react';
import { Button, Descriptions, Drawer, Empty, Input, Modal, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useCustomMutation, useInvalidate, useOne } from '@refinedev/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import {
  allowedAppointmentActions,
  EARLY_ARRIVAL_MINUTES,
  type AppointmentAction,
  type AppointmentDetail,
} from '../../../contract/appointment';
import type { ApiError } from '../../providers/http';
import { formatDateTime } from '../../components/format';
import { customerPath } from '../customer/paths';
import { CASHIER_PATH, checkoutOf } from '../checkstand/paths';
import { statusColors } from './statusColors';
import { shanghaiHm } from './shanghaiClock';
import { APPOINTMENT_STATUS_TONES, StatusTag } from '../../components/statusTag';
import { useSettings } from '../../stores/settings';
import { ServiceRecordDrawer } from '../serviceRecord/ServiceRecordDrawer';

/** One booking: its details, the steps its status allows (from the contract's state machine) and its history. */
export function AppointmentDrawer({ id, onClose, readOnly }: { id: number | null; onClose: () => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const { result: a, query } = useOne<AppointmentDetail>({
    resource: 'appointments',
    id: id ?? undefined,
    queryOptions: { enabled: id !== null },
  });
  const { mutate, mutation } = useCustomMutation<AppointmentDetail, ApiError>();
  const invalidate = useInvalidate();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  /** Minutes still to go before the start, while 到店 that early waits for a yes. */
  const [earlyBy, setEarlyBy] = useState<number | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const navigate = useNavigate();

  const act = (action: AppointmentAction, values: Record<string, unknown> = {}) =>
    mutate(
      {
        url: `${API.resourceBase}/appointments/${id}/${action}`,
        method: 'post',
        values,
        successNotification: () => ({
          type: 'success',
          message: t('appointment.action.done', { action: t(`appointment.action.${action}`) }),
        }),
      },
      {
        onSuccess: () => {
          setCancelling(false);
          setEarlyBy(null);
          setReason('');
          void invalidate({ resource: 'appointments', invalidates: ['list', 'detail'], id: id ?? undefined });
          void invalidate({ resource: 'entitlements', invalidates: ['list'] });
        },
      },
    );

  const actions = a ? allowedAppointmentActions(a.status, a.startAt) : [];
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('appointment.drawer.title')} width={480} destroyOnHidden>
      {!a || (query.isFetching && !a) ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('appointment.field.status')}>
              <StatusTag tone={APPOINTMENT_STATUS_TONES[a.status]} data-testid="appointment-status">
                {t(`appointment.status.${a.status}`)}
              </StatusTag>
              <Tag>{t(`appointment.kind.${a.kind}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('appointment.field.customer')}>
              <Link to={customerPath(a.customerId)}>{a.customerName}</Link> {a.customerPhone}
            </Descriptions.Item>
            <Descriptions.Item label={t('appointment.field.program')}>{a.programName}</Descriptions.Item>
            <Descriptions.Item label={t('appointment.field.staff')}>{a.staffName || t('appointment.unassigned')}</Descriptions.Item>
            <Descriptions.Item label={t('appointment.field.time')}>
              {formatDateTime(a.startAt)}–{shanghaiHm(a.endAt)}（{a.durationMinutes} 分钟）
            </Descriptions.Item>
            {a.note ? <Descriptions.Item label={t('appointment.field.note')}>{a.note}</Descriptions.Item> : null}
            {a.overrideReason ? (
              <Descriptions.Item label={t('appointment.field.overrideReason')}>{a.overrideReason}</Descriptions.Item>
            ) : null}
            {a.cancelReason ? <Descriptions.Item label={t('appointment.field.cancelReason')}>{a.cancelReason}</Descriptions.Item> : null}
          </Descriptions>
          {a.status === 'completed' && a.billable && <Typography.Text type="warning">{t('appointment.drawer.unpaid')}</Typography.Text>}
          {/* Every visit the customer came to has its service record (服务档案), opened here. */}
          {(a.status === 'arrived' || a.status === 'completed') && (
            <Button onClick={() => setRecordOpen(true)} data-testid="open-service-record">
              {t('appointment.drawer.serviceRecord')}
            </Button>
          )}
          {!readOnly &&
            (actions.length || a.billable ? (
              <Space wrap>
                {/* A visit not paid for yet, served or not, is checked out at the cashier. */}
                {a.billable && (
                  <Button
                    type="primary"
                    onClick={() => {
                      // The board stays mounted behind its tab: its drawer must not follow to the cashier.
                      onClose();
                      navigate(CASHIER_PATH, checkoutOf(a.id));
                    }}
                  >
                    {t('appointment.drawer.checkout')}
                  </Button>
                )}
                {actions.map((action) => (
                  <Button
                    key={action}
                    type={action === 'cancel' || action === 'no-show' ? 'default' : 'primary'}
                    danger={action === 'cancel' || action === 'no-show'}
                    loading={mutation.isPending}
                    onClick={() => {
                      if (action === 'cancel') return setCancelling(true);
                      const ahead = Math.floor((Date.parse(a.startAt) - Date.now()) / 60_000);
                      // Far ahead of the start, 到店 is more often a slip of the finger than a customer this early.
                      if (action === 'arrive' && ahead > EARLY_ARRIVAL_MINUTES) return setEarlyBy(ahead);
                      act(action);
                    }}
                  >
                    {t(`appointment.action.${action}`)}
                  </Button>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('appointment.drawer.noActions')}</Typography.Text>
            ))}
          <div>
            <Typography.Title level={5}>{t('appointment.drawer.history')}</Typography.Title>
            {a.history.length ? (
              <Timeline
                items={a.history.map((h) => ({
                  color: statusColors(theme, h.toStatus).background,
                  children: (
                    <>
                      <Typography.Text strong>{t(`appointment.action.${h.action}`)}</Typography.Text> {h.accountName} ·{' '}
                      {formatDateTime(h.createdAt)}
                      {h.summary && (
                        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                          {h.summary}
                        </Typography.Paragraph>
                      )}
                    </>
                  ),
                }))}
              />
            ) : (
              <Empty />
            )}
          </div>
        </Space>
      )}
      <Modal
        open={earlyBy !== null}
        title={t('appointment.arriveEarly.title')}
        onCancel={() => setEarlyBy(null)}
        onOk={() => act('arrive')}
        okButtonProps={{ loading: mutation.isPending }}
        okText={t('appointment.arriveEarly.ok')}
        cancelText={t('common.cancel')}
      >
        {earlyBy !== null &&
          a &&
          t('appointment.arriveEarly.content', {
            time: shanghaiHm(a.startAt),
            hours: Math.floor(earlyBy / 60),
            minutes: earlyBy % 60,
          })}
      </Modal>
      <Modal
        open={cancelling}
        title={t('appointment.cancel.title')}
        onCancel={() => setCancelling(false)}
        onOk={() => act('cancel', { reason })}
        okButtonProps={{ disabled: !reason.trim(), loading: mutation.isPending }}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          placeholder={t('appointment.cancel.placeholder')}
          aria-label={t('appointment.cancel.reason')}
        />
      </Modal>
      <ServiceRecordDrawer appointment={recordOpen && a ? a : null} onClose={() => setRecordOpen(false)} />
    </Drawer>
  );
}
