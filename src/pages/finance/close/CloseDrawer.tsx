import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API } from '../../../../contract/api';
import type { DailyClose } from '../../../../contract/dailyClose';
import { formatDateTime } from '../../../components/format';
import { Allowed } from '../../../components/listPage';
import { api } from '../../../providers/http';
import { SUMMARY_KEY } from '../useListSummary';
import { ReasonDialog } from '../ReasonDialog';
import { useFinanceCall } from '../useFinanceCall';
import { CloseFigures } from './CloseFigures';
import { CountForm } from './CountForm';
import { DAILY_CLOSE_STATUS_TONES, StatusTag } from '../../../components/statusTag';
import { optionKey } from '../../../components/crud';
import { Confirm } from '../../../components/confirm/Confirm';

export interface ShopDay {
  shopId: number;
  day: string;
}

/**
 * One shop's day: its figures, the manager's count while it is open or returned, finance's confirm or
 * return while it is submitted. Read again after every decision (the finance calls refresh the sums' key).
 */
export function CloseDrawer({ shown, onClose }: { shown: ShopDay | null; onClose: () => void }) {
  const { t } = useTranslation();
  const call = useFinanceCall();
  const [returning, setReturning] = useState(false);
  const { data: close } = useQuery({
    queryKey: [SUMMARY_KEY, 'daily-close', shown?.shopId, shown?.day],
    queryFn: () => api.get<DailyClose>(`${API.resourceBase}/daily-closes/${shown!.shopId}/${shown!.day}`),
    enabled: shown !== null,
  });
  const current = close && shown && close.shopId === shown.shopId && close.day === shown.day ? close : undefined;

  return (
    <Drawer open={shown !== null} onClose={onClose} width={820} title={t('finance.close.title', { day: shown?.day ?? '' })} destroyOnHidden>
      {!current ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={t('dailyClose.fields.shopId')}>{current.shopName}</Descriptions.Item>
            <Descriptions.Item label={t('dailyClose.fields.status')}>
              <StatusTag tone={DAILY_CLOSE_STATUS_TONES[current.status]}>{t(optionKey('dailyClose', 'status', current.status))}</StatusTag>
            </Descriptions.Item>
            {current.submittedAt && (
              <Descriptions.Item label={t('dailyClose.fields.submittedBy')}>
                {current.submittedBy} {formatDateTime(current.submittedAt)}
              </Descriptions.Item>
            )}
            {current.confirmedAt && (
              <Descriptions.Item label={t('dailyClose.fields.confirmedBy')}>
                {current.confirmedBy} {formatDateTime(current.confirmedAt)}
              </Descriptions.Item>
            )}
          </Descriptions>
          {current.status === 'returned' && (
            <Alert type="warning" showIcon message={t('finance.close.returnedBecause', { reason: current.returnReason })} />
          )}
          <CloseFigures close={current} />
          {(current.status === 'open' || current.status === 'returned') && (
            <Allowed action="submit">
              <CountForm close={current} />
            </Allowed>
          )}
          {current.status === 'submitted' && (
            <Allowed action="confirm">
              <Space>
                <Confirm
                  title={t('finance.close.confirmOne', { shop: current.shopName, day: current.day })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    call('daily-closes', `${current.shopId}/${current.day}/confirm`, {}, () =>
                      t('finance.close.confirmed', { day: current.day }),
                    ).catch(() => undefined)
                  }
                >
                  <Button type="primary">{t('finance.close.confirm')}</Button>
                </Confirm>
                <Button danger onClick={() => setReturning(true)}>
                  {t('finance.close.return')}
                </Button>
              </Space>
            </Allowed>
          )}
          <ReasonDialog
            open={returning}
            title={t('finance.close.returnTitle', { shop: current.shopName, day: current.day })}
            label={t('dailyClose.fields.returnReason')}
            onClose={() => setReturning(false)}
            onSubmit={(reason) =>
              call('daily-closes', `${current.shopId}/${current.day}/return`, { reason }, () =>
                t('finance.close.returned', { day: current.day }),
              )
            }
          />
        </Space>
      )}
    </Drawer>
  );
}
