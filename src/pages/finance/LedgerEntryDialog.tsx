import { useState } from 'react';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LEDGER_TYPES,
  MANUAL_LEDGER_CATEGORIES,
  type LedgerEntry,
  type LedgerEntryInput,
  type LedgerType,
} from '../../../contract/ledgerEntry';
import { PAYMENT_METHODS } from '../../../contract/order';
import { dayItemProps, optionKey, shanghaiToday } from '../../components/crud';
import { MoneyInput } from '../../components/money';
import { useFinanceCall } from './useFinanceCall';

/**
 * A manager's hand entry: an expense (rent, salaries, materials...) or other income, in yuan, on a
 * day, and how it was paid (cash counts in the drawer at the daily close). Only the categories a person may enter are offered; service income and refunds are the
 * system's.
 */
export function LedgerEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const f = (field: string) => t(`ledger.fields.${field}`);
  const call = useFinanceCall();
  const [form] = Form.useForm<LedgerEntryInput>();
  const type = Form.useWatch('type', form) ?? 'expense';
  const [busy, setBusy] = useState(false);

  const submit = async (values: LedgerEntryInput) => {
    setBusy(true);
    try {
      await call<LedgerEntry>('ledger', '', { ...values, note: values.note?.trim() ?? '' }, (e) =>
        t('finance.income.created', { category: t(optionKey('ledger', 'category', e.category)), day: e.occurredOn }),
      );
      onClose();
    } catch {
      // http.ts has shown why and which field.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ledger.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LedgerEntryInput>
        form={form}
        name="ledgerEntry"
        layout="vertical"
        preserve={false}
        initialValues={{ type: 'expense', method: 'cash', occurredOn: shanghaiToday() }}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<LedgerEntryInput>) => {
          // The other type's categories do not apply.
          if (changed.type) form.setFieldValue('category', undefined);
        }}
      >
        <Form.Item name="type" label={f('type')} rules={[{ required: true }]}>
          <Radio.Group optionType="button" options={LEDGER_TYPES.map((v) => ({ value: v, label: t(optionKey('ledger', 'type', v)) }))} />
        </Form.Item>
        <Form.Item name="category" label={f('category')} rules={[{ required: true, message: t('finance.income.category.required') }]}>
          <Select
            placeholder={t('finance.income.category.placeholder')}
            options={MANUAL_LEDGER_CATEGORIES[type as LedgerType].map((v) => ({ value: v, label: t(optionKey('ledger', 'category', v)) }))}
          />
        </Form.Item>
        <Form.Item
          name="amountFen"
          label={f('amountFen')}
          rules={[
            { required: true, message: t('finance.income.amount.required') },
            { type: 'number', min: 1, message: t('finance.income.amount.positive') },
          ]}
        >
          <MoneyInput placeholder="0.00" />
        </Form.Item>
        <Form.Item name="method" label={f('method')} rules={[{ required: true }]} extra={t('finance.income.method.hint')}>
          <Select options={PAYMENT_METHODS.map((v) => ({ value: v, label: t(optionKey('order', 'method', v)) }))} />
        </Form.Item>
        <Form.Item name="occurredOn" label={f('occurredOn')} rules={[{ required: true }]} {...dayItemProps}>
          <DatePicker style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item name="note" label={f('note')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
