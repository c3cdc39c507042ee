import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountWithPassword } from '../../../contract/account';

export interface PasswordShown {
  account: AccountWithPassword;
  reason: 'created' | 'reset';
}

/**
 * The initial password of a new account or a reset, shown this once: the server never answers it
 * again, and closing the dialog drops it from the page.
 */
export function PasswordOnceModal({ shown, onClose }: { shown: PasswordShown | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const created = shown?.reason === 'created';
  return (
    <Modal
      open={!!shown}
      title={t(created ? 'account.password.createdTitle' : 'account.password.resetTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('account.password.close')}
        </Button>
      }
    >
      {shown && (
        <>
          <Alert type="warning" showIcon message={t('account.password.once')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('account.fields.name')}>{shown.account.name}</Descriptions.Item>
            <Descriptions.Item label={t('account.fields.phone')}>{shown.account.phone}</Descriptions.Item>
            <Descriptions.Item label={t(created ? 'account.password.initial' : 'account.password.new')}>
              <Typography.Text
                code
                copyable={{ text: shown.account.initialPassword, tooltips: [t('account.password.copy'), t('account.password.copied')] }}
                style={{ fontSize: 18, letterSpacing: 1 }}
                data-testid="initial-password"
              >
                {shown.account.initialPassword}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
