import { Button, Drawer, Empty, Grid, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../contract/appointment';
import { useRecordCall, useServiceRecords, RECORDS_PATH } from './recordQueries';
import { api } from '../../providers/http';
import type { ServiceRecord } from '../../../contract/serviceRecord';
import { ServiceRecordEditor } from './ServiceRecordEditor';

/**
 * The service record of a booking, opened from its drawer: the server opens it when the customer
 * arrives, so it is shown straight away, filled in while she is served, read-only after the visit is
 * completed. A visit that arrived before records were opened on arrival has none: the manager opens it here.
 */
export function ServiceRecordDrawer({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { data: records, isLoading } = useServiceRecords({ appointmentId: appointment?.id ?? 0 }, appointment !== null);
  const create = useRecordCall(() => api.post<ServiceRecord>(RECORDS_PATH, { appointmentId: appointment!.id }));
  const record = records?.[0];
  return (
    <Drawer
      open={appointment !== null}
      onClose={onClose}
      title={appointment ? t('serviceRecord.drawer.title', { name: appointment.customerName, program: appointment.programName }) : ''}
      width={screens.md ? 720 : '100%'}
      destroyOnHidden
    >
      {!appointment || isLoading ? (
        <Skeleton active />
      ) : record ? (
        <ServiceRecordEditor record={record} disabled={appointment.status !== 'arrived'} />
      ) : appointment.status === 'arrived' ? (
        <Space direction="vertical">
          <Typography.Paragraph>{t('serviceRecord.drawer.none')}</Typography.Paragraph>
          <Button type="primary" loading={create.isPending} onClick={() => create.mutate(undefined)}>
            {t('serviceRecord.drawer.create')}
          </Button>
        </Space>
      ) : (
        <Empty description={t('serviceRecord.drawer.noRecord')} />
      )}
    </Drawer>
  );
}
