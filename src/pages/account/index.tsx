import { useState } from 'react';
import { Avatar, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag, message } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_API,
  ACCOUNT_STATUSES,
  ACCOUNT_STATUS_LABELS,
  grantLabel,
  type Account,
  type AccountGrant,
  type AccountStatus,
  type AccountWithPassword,
} from '../../../contract/account';
import type { Role } from '../../../contract/roles';
import { api, http } from '../../providers/http';
import { formatDateTime } from '../../components/format';
import { imageSrc } from '../../components/upload';
import { Permission } from '../../components/permission';
import { AccountCreateModal, AccountEditModal, GrantAddModal } from './AccountModals';
import { ROLE_OPTIONS } from './GrantInputs';
import { PasswordOnceModal, type PasswordShown } from './PasswordOnceModal';
import { ACCOUNTS_RESOURCE, useAccountMutation } from './useAccountMutation';
import { SearchButtons } from '../../components/crud/SearchButtons';

interface AccountSearch {
  q?: string;
  status?: AccountStatus;
  role?: Role;
}

const STATUS_OPTIONS = ACCOUNT_STATUSES.map((value) => ({ value, label: ACCOUNT_STATUS_LABELS[value] }));
/** Managing accounts is the admin's; the buttons say so even though the route already does. */
const ADMIN: Role[] = ['admin'];

/** A grant tag; removing it asks first, and the last grant of an account cannot be removed (server rule). */
function GrantTag({ account, grant }: { account: Account; grant: AccountGrant }) {
  const { t } = useTranslation();
  const label = grantLabel(grant.role, grant.shop);
  const remove = useAccountMutation(() => http.delete<Account>(ACCOUNT_API.grant(account.id, grant.id)), {
    onSuccess: () => void message.success(t('account.grant.removed', { name: account.name })),
  });
  const removable = account.grants.length > 1;
  return (
    <Tag
      color={grant.role === 'admin' ? 'red' : grant.role === 'financial-staff' ? 'gold' : 'blue'}
      bordered={false}
      style={{ marginBottom: 4 }}
      closable={removable}
      // The tag stays until the server has removed the grant and the list is fetched again.
      onClose={(e) => e.preventDefault()}
      closeIcon={
        removable && (
          <Permission roles={ADMIN}>
            <Popconfirm
              title={t('account.grant.remove.confirm', { grant: label })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutate(undefined)}
            >
              <CloseOutlined aria-label={`${t('account.grant.remove')} ${label}`} />
            </Popconfirm>
          </Permission>
        )
      }
    >
      {label}
    </Tag>
  );
}

/** /business/account (admin): accounts with their grants; create, edit, disable or enable, reset password, add and remove grants. */
export default function AccountListPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Account>();
  const [granting, setGranting] = useState<Account>();
  const [password, setPassword] = useState<PasswordShown>();

  const { tableProps, searchFormProps, sorters } = useTable<Account, HttpError, AccountSearch>({
    resource: ACCOUNTS_RESOURCE,
    syncWithLocation: true,
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { defaultBehavior: 'replace' },
    onSearch: ({ q, status, role }): CrudFilters => [
      { field: 'q', operator: 'eq', value: q?.trim() || undefined },
      { field: 'status', operator: 'eq', value: status },
      { field: 'role', operator: 'eq', value: role },
    ],
  });

  const setStatus = useAccountMutation(({ account, to }: { account: Account; to: AccountStatus }) =>
    api.post<Account>(to === 'disabled' ? ACCOUNT_API.disable(account.id) : ACCOUNT_API.enable(account.id)),
    { onSuccess: (saved) => void message.success(t(saved.status === 'disabled' ? 'account.disabled' : 'account.enabled', { name: saved.name })) },
  );
  const resetPassword = useAccountMutation((account: Account) => api.post<AccountWithPassword>(ACCOUNT_API.resetPassword(account.id)), {
    onSuccess: (saved) => setPassword({ account: saved, reason: 'reset' }),
  });

  const sortOrder = (field: keyof Account) => getDefaultSortOrder(field, sorters);

  return (
    <Card
      title={t('menu.business.account')}
      extra={
        <Permission roles={ADMIN}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('account.create')}
          </Button>
        </Permission>
      }
    >
      <Form<AccountSearch> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search placeholder={t('account.search.placeholder')} allowClear maxLength={50} onSearch={() => searchFormProps.form?.submit()} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder={t('account.filter.status')} options={STATUS_OPTIONS} allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="role">
          <Select placeholder={t('account.filter.role')} options={ROLE_OPTIONS} allowClear style={{ width: 130 }} />
        </Form.Item>
        <SearchButtons form={searchFormProps.form} />
      </Form>

      <Table<Account>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1200 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      >
        <Table.Column<Account>
          dataIndex="name"
          title={t('account.name')}
          width={140}
          sorter
          defaultSortOrder={sortOrder('name')}
          render={(name: string, a) => (
            <Space>
              <Avatar size="small" src={a.avatar ? imageSrc(a.avatar) : undefined} style={{ backgroundColor: '#165DFF' }}>
                {name.slice(0, 1)}
              </Avatar>
              {name}
            </Space>
          )}
        />
        <Table.Column<Account> dataIndex="phone" title={t('account.phone')} width={130} />
        <Table.Column<Account> dataIndex="jobName" title={t('account.jobName')} width={110} sorter defaultSortOrder={sortOrder('jobName')} />
        <Table.Column<Account>
          dataIndex="grants"
          title={t('account.grants')}
          render={(grants: AccountGrant[], a) => (
            <>
              {grants.map((g) => (
                <GrantTag key={g.id} account={a} grant={g} />
              ))}
              <Permission roles={ADMIN}>
                <Tag className="account-grant-add" style={{ borderStyle: 'dashed', cursor: 'pointer', marginBottom: 4 }} onClick={() => setGranting(a)}>
                  <PlusOutlined /> {t('account.grant.add')}
                </Tag>
              </Permission>
            </>
          )}
        />
        <Table.Column<Account>
          dataIndex="status"
          title={t('account.status')}
          width={100}
          sorter
          defaultSortOrder={sortOrder('status')}
          render={(status: AccountStatus) => <Tag color={status === 'active' ? 'green' : 'default'}>{ACCOUNT_STATUS_LABELS[status]}</Tag>}
        />
        <Table.Column<Account> dataIndex="remark" title={t('account.remark')} width={140} ellipsis />
        <Table.Column<Account> dataIndex="createdAt" title={t('account.createdAt')} width={150} sorter defaultSortOrder={sortOrder('createdAt')} render={(iso: string) => formatDateTime(iso)} />
        <Table.Column<Account>
          key="actions"
          title={t('common.actions')}
          width={190}
          fixed="right"
          render={(_, a) => (
            <Permission roles={ADMIN}>
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(a)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('account.resetPassword.confirm', { name: a.name })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => resetPassword.mutate(a)}
                >
                  <Button type="link" size="small">
                    {t('account.resetPassword')}
                  </Button>
                </Popconfirm>
                {a.status === 'active' ? (
                  <Popconfirm
                    title={t('account.disable.confirm', { name: a.name })}
                    okText={t('common.ok')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => setStatus.mutate({ account: a, to: 'disabled' })}
                  >
                    <Button type="link" size="small" danger>
                      {t('account.disable')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm
                    title={t('account.enable.confirm', { name: a.name })}
                    okText={t('common.ok')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => setStatus.mutate({ account: a, to: 'active' })}
                  >
                    <Button type="link" size="small">
                      {t('account.enable')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </Permission>
          )}
        />
      </Table>

      <AccountCreateModal open={creating} onClose={() => setCreating(false)} onCreated={(account) => setPassword({ account, reason: 'created' })} />
      <AccountEditModal account={editing} onClose={() => setEditing(undefined)} />
      <GrantAddModal account={granting} onClose={() => setGranting(undefined)} />
      <PasswordOnceModal shown={password} onClose={() => setPassword(undefined)} />
    </Card>
  );
}
