import { Alert, Button, List, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../contract/appointment';
import { shanghaiHm } from '../appointment/shanghaiClock';
import { CASHIER_PATH, checkoutOf } from '../checkstand/paths';
import { useBillableVisits } from '../checkstand/billableVisits';

/** Today's visits served but not paid for yet: nothing of them reaches the takings until they are checked out. */
export function UnpaidVisits() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { result } = useBillableVisits('completed');
  const rows = result?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="unpaid-visits"
      style={{ marginBottom: 16 }}
      message={t('workplace.unpaidVisits', { count: rows.length })}
      description={
        <List<Appointment>
          size="small"
          dataSource={rows}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button
                  key="checkout"
                  size="small"
                  type="primary"
                  aria-label={t('workplace.checkoutFor', { name: a.customerName })}
                  onClick={() => navigate(CASHIER_PATH, checkoutOf(a.id))}
                >
                  {t('appointment.drawer.checkout')}
                </Button>,
              ]}
            >
              <span>
                <Tag>{shanghaiHm(a.startAt)}</Tag>
                {a.customerName} · {a.programName}
                {a.staffName ? ` · ${a.staffName}` : ''}
              </span>
            </List.Item>
          )}
        />
      }
    />
  );
}
