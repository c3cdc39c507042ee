import { useId, useRef, useState } from 'react';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from '../../providers/formRules';

/**
 * The phone of a create/edit form. Records come back with the phone masked (138****0002), so an edit
 * form must never send that text back: it shows the masked number and registers the field only once
 * the user chooses to change it. An unregistered field is left out of what the form submits.
 */
export function PhoneField({ label, schema, editing }: { label: string; schema: z.ZodType; editing: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [changing, setChanging] = useState(false);
  const masked = useRef<string>(undefined);
  const inputId = useId();
  const current = Form.useWatch('phone', { form, preserve: true }) as string | undefined;

  if (editing && !changing) {
    return (
      <Form.Item label={label}>
        <Space>
          <Typography.Text>{current}</Typography.Text>
          <Button
            type="link"
            size="small"
            onClick={() => {
              masked.current = current;
              form.setFieldValue('phone', '');
              setChanging(true);
            }}
          >
            {t('crud.phone.change')}
          </Button>
        </Space>
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} required htmlFor={inputId}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="phone" noStyle rules={[zodRule(schema)]}>
          <Input id={inputId} placeholder={t('crud.phone.placeholder')} maxLength={11} inputMode="tel" autoFocus={changing} />
        </Form.Item>
        {changing && (
          <Button
            onClick={() => {
              form.setFieldValue('phone', masked.current);
              setChanging(false);
            }}
          >
            {t('common.cancel')}
          </Button>
        )}
      </Space.Compact>
    </Form.Item>
  );
}
