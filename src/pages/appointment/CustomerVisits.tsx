import { useState } from 'react';
import { Table, Typography } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../contract/appointment';
import { formatDateTime } from '../../components/format';
import { AppointmentDrawer } from './AppointmentDrawer';
import { shanghaiHm } from './shanghaiClock';
import { APPOINTMENT_STATUS_TONES, StatusTag } from '../../components/statusTag';
import { openableRow } from '../../components/keyboard/openable';

const PAGE_SIZE = 10;

/** The customer detail page's visits tab: the customer's appointments, newest first; a row opens its drawer. */
export default function CustomerVisits({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const { result, query } = useList<Appointment>({
    resource: 'appointments',
    filters: [{ field: 'customerId', operator: 'eq', value: customerId }],
    sorters: [{ field: 'startAt', order: 'desc' }],
    pagination: { currentPage: current, pageSize: PAGE_SIZE },
  });
  return (
    <>
      <Table<Appointment>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={query.isFetching}
        dataSource={result?.data ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('customer.visits.empty')}</Typography.Text> }}
        onRow={(r) => openableRow(() => setOpenId(r.id))}
        pagination={{ current, pageSize: PAGE_SIZE, total: result?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('appointment.field.time'), key: 'time', render: (_, r) => `${formatDateTime(r.startAt)}–${shanghaiHm(r.endAt)}` },
          { title: t('appointment.field.program'), dataIndex: 'programName' },
          { title: t('appointment.field.staff'), key: 'staff', render: (_, r) => r.staffName || t('appointment.unassigned') },
          { title: t('appointment.field.kind'), key: 'kind', render: (_, r) => t(`appointment.kind.${r.kind}`) },
          {
            title: t('appointment.field.status'),
            key: 'status',
            render: (_, r) => <StatusTag tone={APPOINTMENT_STATUS_TONES[r.status]}>{t(`appointment.status.${r.status}`)}</StatusTag>,
          },
        ]}
      />
      <AppointmentDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
