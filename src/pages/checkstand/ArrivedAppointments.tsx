import { Button, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../contract/appointment';
import { shanghaiHm } from '../appointment/shanghaiClock';
import { useBillableVisits } from './billableVisits';
import { ORDER_STATUS_TONES, StatusTag } from '../../components/statusTag';

/**
 * Today's visits the cashier can still check out: arrived, or completed before paying (待结账). One
 * click starts their order.
 */
export function ArrivedAppointments({ activeId, onPick }: { activeId: number | null; onPick: (a: Appointment) => void }) {
  const { t } = useTranslation();
  const { result, query } = useBillableVisits();
  const rows = result?.data ?? [];
  return (
    <List<Appointment>
      size="small"
      loading={query.isLoading}
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('checkstand.arrived.none')} /> }}
      renderItem={(a) => (
        <List.Item
          actions={[
            <Button
              key="checkout"
              size="small"
              type={a.id === activeId ? 'primary' : 'default'}
              onClick={() => onPick(a)}
              aria-label={t('checkstand.arrived.checkoutFor', { name: a.customerName })}
            >
              {t('checkstand.arrived.checkout')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <span>
                {a.customerName} <Typography.Text type="secondary">{a.customerPhone}</Typography.Text>{' '}
                {a.status === 'completed' && <StatusTag tone={ORDER_STATUS_TONES.unpaid}>{t('checkstand.arrived.unpaid')}</StatusTag>}
              </span>
            }
            description={`${shanghaiHm(a.startAt)} · ${a.programName}${a.staffName ? ` · ${a.staffName}` : ''}`}
          />
        </List.Item>
      )}
    />
  );
}
