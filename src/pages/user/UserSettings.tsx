import { Alert, Button, Card, Form, Input, message } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import { passwordModifySchema } from '../../../contract/auth';
import { api, type ApiError } from '../../providers/http';
import { applyServerErrors, zodRule } from '../../providers/formRules';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const fields = passwordModifySchema.shape;

/**
 * /user/settings: change the password with the server's rule (contract passwordModifySchema). The
 * server ends every other session of the account; this one stays logged in.
 */
export default function UserSettingsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordValues) => api.post(API.passwordModify, { oldPassword, newPassword }),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('user.settings.done'), 5);
    },
    onError: (error: ApiError) => applyServerErrors(form, error),
  });
  return (
    <Card title={t('menu.user.settings')}>
      <Form<PasswordValues> form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(values) => change.mutate(values)}>
        <h3 style={{ marginTop: 0 }}>{t('user.settings.password')}</h3>
        <Alert type="info" showIcon message={t('user.settings.hint')} style={{ marginBottom: 24 }} />
        <Form.Item name="oldPassword" label={t('user.settings.oldPassword')} rules={[zodRule(fields.oldPassword)]}>
          <Input.Password autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('user.settings.newPassword')}
          dependencies={['oldPassword']}
          rules={[
            zodRule(fields.newPassword),
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error(t('user.settings.same'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('user.settings.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('user.settings.confirm.required') },
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('user.settings.confirm.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('user.settings.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
