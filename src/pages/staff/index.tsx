import { Button, Form, Select } from 'antd';
import { useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { STAFF_JOBS, STAFF_STATUSES, type Staff, type StaffInput, type StaffJob, type StaffStatus } from '../../../contract/staff';
import { formatBp } from '../../components/money';
import { optionKey, shanghaiToday, useOptions } from '../../components/crud';
import { Allowed, ResourceListPage, type ListSearch } from '../../components/listPage';
import StaffForm from './StaffForm';
import { STAFF_STATUS_TONES, StatusTag } from '../../components/statusTag';
import { Confirm } from '../../components/confirm/Confirm';

interface StaffSearch extends ListSearch {
  job?: StaffJob;
  status?: StaffStatus;
}

/** /shop/staff (shop-manager): the current shop's team. Nobody with history is deleted: they leave. */
export default function StaffListPage() {
  const { t } = useTranslation();
  const jobOptions = useOptions('staff', 'job', STAFF_JOBS);
  const statusOptions = useOptions('staff', 'status', STAFF_STATUSES);
  const { mutate: update } = useUpdate<Staff>();

  const setStatus = (member: Staff, status: StaffStatus) =>
    update({
      resource: 'staff',
      id: member.id,
      values: { status },
      successNotification: () => ({
        type: 'success',
        message: t(status === 'left' ? 'staff.markedLeft' : 'staff.markedActive', { name: member.name }),
      }),
    });

  return (
    <ResourceListPage<'staff', StaffSearch, StaffInput>
      resource="staff"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      filters={
        <>
          <Form.Item name="job">
            <Select
              placeholder={t('staff.filter.job')}
              aria-label={t('common.filterBy', { what: t('staff.fields.job') })}
              options={jobOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              placeholder={t('staff.filter.status')}
              aria-label={t('common.filterBy', { what: t('staff.fields.status') })}
              options={statusOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
        </>
      }
      toFilters={({ job, status }) => [
        { field: 'job', operator: 'eq', value: job },
        { field: 'status', operator: 'eq', value: status },
      ]}
      scrollX={960}
      actionsWidth={170}
      columns={[
        { field: 'name', sortable: true },
        { field: 'phone' },
        { field: 'job', sortable: true, render: (job: StaffJob) => t(optionKey('staff', 'job', job)) },
        { field: 'level', sortable: true, render: (level: string) => level || '-' },
        { field: 'hiredAt', sortable: true },
        { field: 'commissionRateBp', sortable: true, align: 'right', render: (bp: number) => formatBp(bp) },
        {
          field: 'status',
          sortable: true,
          render: (status: StaffStatus) => (
            <StatusTag tone={STAFF_STATUS_TONES[status]}>{t(optionKey('staff', 'status', status))}</StatusTag>
          ),
        },
      ]}
      rowActions={(member, { edit, remove }) => (
        <>
          {edit}
          <Allowed action="edit">
            {member.status === 'active' ? (
              <Confirm
                title={t('staff.markLeft.confirm', { name: member.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => setStatus(member, 'left')}
              >
                <Button type="link" size="small">
                  {t('staff.markLeft')}
                </Button>
              </Confirm>
            ) : (
              <Button type="link" size="small" onClick={() => setStatus(member, 'active')}>
                {t('staff.markActive')}
              </Button>
            )}
          </Allowed>
          {remove}
        </>
      )}
      form={{
        width: 640,
        initialValues: { status: 'active', hiredAt: shanghaiToday() },
        render: (formProps, editing) => <StaffForm formProps={formProps} editing={editing} />,
      }}
    />
  );
}
