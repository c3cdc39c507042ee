import { Card, List } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import type { OverdueClose } from '../../../contract/dailyClose';
import { api } from '../../providers/http';

/** How many overdue days the card lists; the count names them all. */
const SHOWN = 5;

/** Past business days with money moved and no submitted close: the manager's own shop, every shop for finance. */
export function OverdueCloses() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['daily-closes', 'overdue'],
    queryFn: () => api.get<{ total: number; days: OverdueClose[] }>(`${API.resourceBase}/daily-closes/overdue`),
  });
  if (!data || data.total === 0) return null;
  return (
    <Card
      title={t('workplace.overdueCloses')}
      extra={<Link to="/finance/close">{t('workplace.overdueCloses.count', { count: data.total })}</Link>}
    >
      <List
        size="small"
        dataSource={data.days.slice(0, SHOWN)}
        renderItem={(d) => (
          <List.Item>
            {d.day} {d.shopName}
          </List.Item>
        )}
      />
    </Card>
  );
}
