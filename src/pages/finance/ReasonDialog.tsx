import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The longest reason the server takes (contract: reject and reverse reasons). */
const MAX_REASON = 200;

/**
 * Asks why (a rejection, a reversal) before the call is made: required, at most 200 characters. Stays
 * open when the call is refused, so the text is not lost.
 */
export function ReasonDialog({
  open,
  title,
  label,
  description,
  danger = true,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  description?: string;
  danger?: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch {
      // http.ts has shown why; the dialog keeps the reason for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {description && <p>{description}</p>}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('finance.reason.required', { label }) },
            { max: MAX_REASON, message: t('finance.reason.max', { label, max: MAX_REASON }) },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={MAX_REASON} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
