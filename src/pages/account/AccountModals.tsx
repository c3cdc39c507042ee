import { Button, Form, Input, Modal, Space, message } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_API, accountCreateSchema, type Account, type AccountWithPassword } from '../../../contract/account';
import { api, http } from '../../providers/http';
import { applyServerErrors, zodRule } from '../../providers/formRules';
import { GrantInputs, toGrant, useShopOptions, type GrantValues } from './GrantInputs';
import { useAccountMutation } from './useAccountMutation';

const fields = accountCreateSchema.shape;

interface CreateValues {
  name: string;
  phone: string;
  jobName?: string;
  remark?: string;
  grants: GrantValues[];
}

type EditValues = Pick<Account, 'name' | 'jobName' | 'remark'>;

/** Name, job and remark: the fields create and edit share, with the contract's rules. */
function ProfileFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="jobName" label={t('account.fields.jobName')} rules={[zodRule(fields.jobName)]}>
        <Input maxLength={30} placeholder={t('account.jobName.placeholder')} />
      </Form.Item>
      <Form.Item name="remark" label={t('account.fields.remark')} rules={[zodRule(fields.remark)]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

function NameField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="name" label={t('account.fields.name')} rules={[zodRule(fields.name)]}>
      <Input maxLength={30} placeholder={t('account.name.placeholder')} />
    </Form.Item>
  );
}

/** New account with its grants; the answer carries the initial password, handed to `onCreated` to show once. */
export function AccountCreateModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (a: AccountWithPassword) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const shops = useShopOptions();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const create = useAccountMutation(
    (v: CreateValues) => api.post<AccountWithPassword>(ACCOUNT_API.list, { ...v, grants: v.grants.map(toGrant) }),
    {
      onSuccess: (account) => {
        close();
        void message.success(t('account.created', { name: account.name }));
        onCreated(account);
      },
      onError: (error) => applyServerErrors(form, error),
    },
  );
  return (
    <Modal
      open={open}
      title={t('account.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={600}
    >
      <Form<CreateValues> form={form} layout="vertical" initialValues={{ grants: [{}] }} onFinish={(v) => create.mutate(v)}>
        <NameField />
        <Form.Item name="phone" label={t('account.fields.phone')} rules={[zodRule(fields.phone)]}>
          <Input maxLength={11} inputMode="tel" placeholder={t('account.phone.placeholder')} />
        </Form.Item>
        <ProfileFields />
        <Form.List
          name="grants"
          rules={[
            {
              // The list-level rules (at least one, no duplicates); each row's own fields show theirs.
              validator: async (_, grants: GrantValues[] = []) => {
                const checked = fields.grants.safeParse(grants.map(toGrant));
                const issue = checked.success ? undefined : checked.error.issues.find((i) => i.path.length === 0);
                if (issue) throw new Error(issue.message);
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <Form.Item label={t('account.fields.grants')} required>
              <Space direction="vertical" style={{ width: '100%' }}>
                {rows.map((row) => (
                  <div key={row.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                    <GrantInputs name={[row.name]} path={['grants', row.name]} shops={shops} />
                    {rows.length > 1 && (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('account.grant.remove')}
                        onClick={() => remove(row.name)}
                      />
                    )}
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
                  {t('account.grant.addRow')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Space>
            </Form.Item>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/**
 * Name, job and remark of an account; starts from the row, because GET accounts/:id shows the full
 * phone and is audited as such, which editing a name does not need.
 */
export function AccountEditModal({ account, onClose }: { account: Account | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const save = useAccountMutation(
    ({ id, values }: { id: number; values: EditValues }) => http.patch<Account>(ACCOUNT_API.one(id), values).then((r) => r.data),
    {
      onSuccess: (saved) => {
        onClose();
        void message.success(t('account.updated', { name: saved.name }));
      },
      onError: (error) => applyServerErrors(form, error),
    },
  );
  return (
    <Modal
      open={!!account}
      title={t('account.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={520}
    >
      {account && (
        <Form<EditValues>
          form={form}
          layout="vertical"
          initialValues={{ name: account.name, jobName: account.jobName, remark: account.remark }}
          onFinish={(values) => save.mutate({ id: account.id, values })}
        >
          <NameField />
          <ProfileFields />
        </Form>
      )}
    </Modal>
  );
}

/** POST accounts/:id/grants: one more role (and shop) for an account. */
export function GrantAddModal({ account, onClose }: { account: Account | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GrantValues>();
  const shops = useShopOptions();
  const add = useAccountMutation(
    ({ id, grant }: { id: number; grant: GrantValues }) => api.post<Account>(ACCOUNT_API.grants(id), toGrant(grant)),
    {
      onSuccess: (saved) => {
        onClose();
        void message.success(t('account.grant.added', { name: saved.name }));
      },
      onError: (error) => applyServerErrors(form, error),
    },
  );
  return (
    <Modal
      open={!!account}
      title={account ? `${t('account.grant.add')} · ${account.name}` : t('account.grant.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
      width={480}
    >
      {account && (
        <Form<GrantValues> form={form} layout="vertical" onFinish={(grant) => add.mutate({ id: account.id, grant })}>
          <Form.Item label={t('account.fields.grants')} required>
            <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
              <GrantInputs name={[]} path={[]} shops={shops} />
            </div>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
