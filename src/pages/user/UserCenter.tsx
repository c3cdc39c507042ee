import { Button, Card, Form, Input, message } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROFILE_API, accountCreateSchema, grantLabel, type AccountUpdateInput } from '../../../contract/account';
import type { UserInfo } from '../../../contract/auth';
import { http, type ApiError } from '../../providers/http';
import { applyServerErrors, zodRule } from '../../providers/formRules';
import { setUser, useCurrentUser } from '../../stores/currentUser';
import { ImageUpload } from '../../components/upload';

type ProfileValues = Required<AccountUpdateInput>;
const fields = accountCreateSchema.shape;

/** /user/center: the account's own name, avatar, jobName and remark; the phone (login id) is read-only. */
export default function UserCenterPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [form] = Form.useForm<ProfileValues>();
  const save = useMutation({
    mutationFn: async (values: ProfileValues) => (await http.patch<UserInfo>(PROFILE_API, values)).data,
    onSuccess: (info) => {
      // The navbar and Workplace read the store: they show the new name and avatar at once.
      setUser(info);
      void message.success(t('user.center.saved'));
    },
    onError: (error: ApiError) => applyServerErrors(form, error),
  });
  if (!user) return null;
  return (
    <Card title={t('menu.user.center')}>
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 520 }}
        initialValues={{ name: user.name, avatar: user.avatar, jobName: user.jobName, remark: user.remark }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="avatar" label={t('account.fields.avatar')} rules={[zodRule(fields.avatar)]}>
          <ImageUpload />
        </Form.Item>
        <Form.Item name="name" label={t('account.fields.name')} rules={[zodRule(fields.name)]}>
          <Input maxLength={30} showCount />
        </Form.Item>
        <Form.Item label={t('account.fields.phone')} htmlFor="user-center-phone" extra={t('user.center.phoneHint')}>
          <Input id="user-center-phone" value={user.phone} readOnly disabled />
        </Form.Item>
        <Form.Item label={t('user.center.role')} htmlFor="user-center-role">
          <Input id="user-center-role" value={grantLabel(user.role, user.shop)} readOnly disabled />
        </Form.Item>
        <Form.Item name="jobName" label={t('account.fields.jobName')} rules={[zodRule(fields.jobName)]}>
          <Input maxLength={30} placeholder={t('account.jobName.placeholder')} />
        </Form.Item>
        <Form.Item name="remark" label={t('account.fields.remark')} rules={[zodRule(fields.remark)]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
