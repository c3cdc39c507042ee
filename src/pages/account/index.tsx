import { useState } from 'react';
import { Avatar, Button, Form, Select, Space, message } from 'antd';
import './account.css';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_API,
  ACCOUNT_STATUSES,
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
import { optionKey, useOptions } from '../../components/crud';
import { Allowed, ListPage, type ListSearch } from '../../components/listPage';
import { AccountCreateModal, AccountEditModal, GrantAddModal } from './AccountModals';
import { roleOptions } from './GrantInputs';
import { PasswordOnceModal, type PasswordShown } from './PasswordOnceModal';
import { useAccountMutation } from './useAccountMutation';
import { useCurrentUser } from '../../stores/currentUser';
import { ACCOUNT_STATUS_TONES, ROLE_TONES, StatusTag } from '../../components/statusTag';
import { Confirm } from '../../components/confirm/Confirm';

interface AccountSearch extends ListSearch {
  status?: AccountStatus;
  role?: Role;
}

/** A grant tag; removing it asks first, and the last grant of an account cannot be removed (server rule). */
function GrantTag({ account, grant }: { account: Account; grant: AccountGrant }) {
  const { t } = useTranslation();
  const label = grantLabel(grant.role, grant.shop);
  const remove = useAccountMutation(() => http.delete<Account>(ACCOUNT_API.grant(account.id, grant.id)), {
    onSuccess: () => void message.success(t('account.grant.removed', { name: account.name })),
  });
  const removable = account.grants.length > 1;
  return (
    <StatusTag
      tone={ROLE_TONES[grant.role]}
      style={{ marginBottom: 4 }}
      closable={removable}
      // The tag stays until the server has removed the grant and the list is fetched again.
      onClose={(e) => e.preventDefault()}
      closeIcon={
        removable && (
          <Allowed action="grants">
            <Confirm
              title={t('account.grant.remove.confirm', { grant: label })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutate(undefined)}
            >
              {/* A button, so the keyboard reaches it and a screen reader says what it removes. */}
              <button type="button" className="account-grant-remove" aria-label={`${t('account.grant.remove')} ${label}`}>
                <CloseOutlined />
              </button>
            </Confirm>
          </Allowed>
        )
      }
    >
      {label}
    </StatusTag>
  );
}

/** /business/account (admin): accounts with their grants; create, edit, disable or enable, reset password, add and remove grants. */
export default function AccountListPage() {
  const { t } = useTranslation();
  const statusOptions = useOptions('account', 'status', ACCOUNT_STATUSES);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Account>();
  const [granting, setGranting] = useState<Account>();
  const [password, setPassword] = useState<PasswordShown>();
  const me = useCurrentUser();

  const setStatus = useAccountMutation(
    ({ account, to }: { account: Account; to: AccountStatus }) =>
      api.post<Account>(to === 'disabled' ? ACCOUNT_API.disable(account.id) : ACCOUNT_API.enable(account.id)),
    {
      onSuccess: (saved) =>
        void message.success(t(saved.status === 'disabled' ? 'account.disabled' : 'account.enabled', { name: saved.name })),
    },
  );
  const resetPassword = useAccountMutation((account: Account) => api.post<AccountWithPassword>(ACCOUNT_API.resetPassword(account.id)), {
    onSuccess: (saved) => setPassword({ account: saved, reason: 'reset' }),
  });

  return (
    <ListPage<'accounts', AccountSearch>
      resource="accounts"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      filters={
        <>
          <Form.Item name="status">
            <Select
              placeholder={t('account.filter.status')}
              aria-label={t('common.filterBy', { what: t('account.fields.status') })}
              options={statusOptions}
              allowClear
              style={{ width: 130 }}
            />
          </Form.Item>
          <Form.Item name="role">
            <Select
              placeholder={t('account.filter.role')}
              aria-label={t('common.filterBy', { what: t('account.grant.role') })}
              options={roleOptions(t)}
              allowClear
              style={{ width: 130 }}
            />
          </Form.Item>
        </>
      }
      toFilters={({ status, role }) => [
        { field: 'status', operator: 'eq', value: status },
        { field: 'role', operator: 'eq', value: role },
      ]}
      // Fits 1280 px windows (docs/decisions/polish.md): nothing sits hidden under the fixed 操作 column.
      scrollX={960}
      actionsWidth={190}
      columns={[
        {
          field: 'name',
          width: 120,
          sortable: true,
          render: (name: string, a) => (
            <Space>
              <Avatar
                size="small"
                src={a.avatar ? imageSrc(a.avatar) : undefined}
                alt=""
                style={{ backgroundColor: 'var(--app-primary)', color: 'var(--app-on-primary)' }}
              >
                {name.slice(0, 1)}
              </Avatar>
              {name}
            </Space>
          ),
        },
        { field: 'phone', width: 120 },
        { field: 'jobName', width: 90, sortable: true },
        {
          field: 'grants',
          render: (grants: AccountGrant[], a) => (
            <>
              {grants.map((g) => (
                <GrantTag key={g.id} account={a} grant={g} />
              ))}
              <Allowed action="grants">
                <Button
                  size="small"
                  type="dashed"
                  icon={<PlusOutlined />}
                  className="account-grant-add"
                  style={{ marginBottom: 4 }}
                  onClick={() => setGranting(a)}
                >
                  {t('account.grant.add')}
                </Button>
              </Allowed>
            </>
          ),
        },
        {
          field: 'status',
          width: 80,
          sortable: true,
          render: (status: AccountStatus) => (
            <StatusTag tone={ACCOUNT_STATUS_TONES[status]}>{t(optionKey('account', 'status', status))}</StatusTag>
          ),
        },
        { field: 'remark', width: 140, ellipsis: true, responsive: ['xxl'] },
        { field: 'createdAt', width: 150, sortable: true, render: (iso: string) => formatDateTime(iso) },
      ]}
      onCreate={() => setCreating(true)}
      onEdit={setEditing}
      // No delete here: an account leaves by being disabled.
      // The admin's own row: the server refuses 停用 and 重置密码 on oneself (the own password is changed
      // in 用户设置), so they are not offered there.
      rowActions={(a, { edit }) => (
        <>
          {edit}
          {a.id !== me?.accountId && (
            <Allowed action="reset-password">
              <Confirm
                title={t('account.resetPassword.confirm', { name: a.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => resetPassword.mutate(a)}
              >
                <Button type="link" size="small">
                  {t('account.resetPassword')}
                </Button>
              </Confirm>
            </Allowed>
          )}
          {a.id === me?.accountId ? null : a.status === 'active' ? (
            <Allowed action="disable">
              <Confirm
                title={t('account.disable.confirm', { name: a.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => setStatus.mutate({ account: a, to: 'disabled' })}
              >
                <Button type="link" size="small" danger>
                  {t('account.disable')}
                </Button>
              </Confirm>
            </Allowed>
          ) : (
            <Allowed action="enable">
              <Confirm
                title={t('account.enable.confirm', { name: a.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => setStatus.mutate({ account: a, to: 'active' })}
              >
                <Button type="link" size="small">
                  {t('account.enable')}
                </Button>
              </Confirm>
            </Allowed>
          )}
        </>
      )}
      ownActions={['reset-password', 'disable', 'enable', 'grants']}
    >
      <AccountCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(account) => setPassword({ account, reason: 'created' })}
      />
      <AccountEditModal account={editing} onClose={() => setEditing(undefined)} />
      <GrantAddModal account={granting} onClose={() => setGranting(undefined)} />
      <PasswordOnceModal shown={password} onClose={() => setPassword(undefined)} />
    </ListPage>
  );
}
