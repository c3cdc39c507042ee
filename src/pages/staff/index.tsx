import { Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useUpdate, type CrudFilters, type HttpError } from '@refinedev/core';
import { getDefaultSortOrder, useModalForm, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { STAFF_FIELD_LABELS as L, STAFF_JOB_LABELS, STAFF_STATUS_LABELS, type Staff, type StaffInput, type StaffJob, type StaffStatus } from '../../../contract/staff';
import { formatBp } from '../../components/money';
import { DeleteAction, FormModal, SearchButtons, shanghaiToday } from '../../components/crud';
import StaffForm, { STAFF_JOB_OPTIONS, STAFF_STATUS_OPTIONS } from './StaffForm';

interface StaffSearch {
  q?: string;
  job?: StaffJob;
  status?: StaffStatus;
}

const RESOURCE = 'staff';

/** /shop/staff (shop-manager): the current shop's team. Nobody with history is deleted: they leave. */
export default function StaffListPage() {
  const { t } = useTranslation();

  const { tableProps, searchFormProps, sorters } = useTable<Staff, HttpError, StaffSearch>({
    resource: RESOURCE,
    syncWithLocation: true,
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { defaultBehavior: 'replace' },
    onSearch: ({ q, job, status }): CrudFilters => [
      { field: 'q', operator: 'eq', value: q?.trim() || undefined },
      { field: 'job', operator: 'eq', value: job },
      { field: 'status', operator: 'eq', value: status },
    ],
  });

  const create = useModalForm<Staff, HttpError, StaffInput>({
    resource: RESOURCE,
    action: 'create',
    successNotification: (data) => ({ type: 'success', message: t('staff.created', { name: data?.data.name }) }),
  });
  const edit = useModalForm<Staff, HttpError, StaffInput>({
    resource: RESOURCE,
    action: 'edit',
    successNotification: (data) => ({ type: 'success', message: t('staff.updated', { name: data?.data.name }) }),
  });
  const { mutate: update } = useUpdate<Staff>();

  const setStatus = (member: Staff, status: StaffStatus) =>
    update({
      resource: RESOURCE,
      id: member.id,
      values: { status },
      successNotification: () => ({ type: 'success', message: t(status === 'left' ? 'staff.markedLeft' : 'staff.markedActive', { name: member.name }) }),
    });

  const sortOrder = (field: keyof Staff) => getDefaultSortOrder(field, sorters);

  return (
    <Card
      title={t('menu.shop.staff')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => create.show()}>
          {t('staff.create')}
        </Button>
      }
    >
      <Form<StaffSearch> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search placeholder={t('staff.search.placeholder')} allowClear maxLength={50} onSearch={() => searchFormProps.form?.submit()} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="job">
          <Select placeholder={t('staff.filter.job')} options={STAFF_JOB_OPTIONS} allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder={t('staff.filter.status')} options={STAFF_STATUS_OPTIONS} allowClear style={{ width: 140 }} />
        </Form.Item>
        <SearchButtons form={searchFormProps.form} />
      </Form>

      <Table<Staff>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 960 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      >
        <Table.Column<Staff> dataIndex="name" title={L.name} sorter defaultSortOrder={sortOrder('name')} />
        <Table.Column<Staff> dataIndex="phone" title={L.phone} />
        <Table.Column<Staff> dataIndex="job" title={L.job} sorter defaultSortOrder={sortOrder('job')} render={(job: StaffJob) => STAFF_JOB_LABELS[job]} />
        <Table.Column<Staff> dataIndex="level" title={L.level} sorter defaultSortOrder={sortOrder('level')} render={(level: string) => level || '-'} />
        <Table.Column<Staff> dataIndex="hiredAt" title={L.hiredAt} sorter defaultSortOrder={sortOrder('hiredAt')} />
        <Table.Column<Staff>
          dataIndex="commissionRateBp"
          title={L.commissionRateBp}
          sorter
          defaultSortOrder={sortOrder('commissionRateBp')}
          align="right"
          render={(bp: number) => formatBp(bp)}
        />
        <Table.Column<Staff>
          dataIndex="status"
          title={L.status}
          sorter
          defaultSortOrder={sortOrder('status')}
          render={(status: StaffStatus) => <Tag color={status === 'active' ? 'green' : 'default'}>{STAFF_STATUS_LABELS[status]}</Tag>}
        />
        <Table.Column<Staff>
          key="actions"
          title={t('common.actions')}
          fixed="right"
          width={170}
          render={(_, member) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => edit.show(member.id)}>
                {t('common.edit')}
              </Button>
              {member.status === 'active' ? (
                <Popconfirm
                  title={t('staff.markLeft.confirm', { name: member.name })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => setStatus(member, 'left')}
                >
                  <Button type="link" size="small">
                    {t('staff.markLeft')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button type="link" size="small" onClick={() => setStatus(member, 'active')}>
                  {t('staff.markActive')}
                </Button>
              )}
              <DeleteAction resource={RESOURCE} id={member.id} deletedMessage={t('staff.deleted', { name: member.name })} />
            </Space>
          )}
        />
      </Table>

      <FormModal title={t('staff.create')} modal={create} width={640} initialValues={{ status: 'active', hiredAt: shanghaiToday() }}>
        {(formProps) => <StaffForm formProps={formProps} editing={false} />}
      </FormModal>
      <FormModal title={t('staff.edit')} modal={edit} width={640}>
        {(formProps) => <StaffForm formProps={formProps} editing />}
      </FormModal>
    </Card>
  );
}
