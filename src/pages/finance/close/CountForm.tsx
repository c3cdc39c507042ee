import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NON_CASH_METHODS, type DailyClose, type DailyCloseSubmit } from '../../../../contract/dailyClose';
import { optionKey } from '../../../components/crud';
import { MoneyInput, formatFen } from '../../../components/money';
import { useFinanceCall } from '../useFinanceCall';
import { Difference } from './CloseFigures';
import { Confirm } from '../../../components/confirm/Confirm';

type CountValues = { countedCashFen?: number; floatFen?: number; reason?: string } & Record<string, number | string | undefined>;

const statementField = (method: string) => `statement_${method}`;

/**
 * The manager's count of the drawer: the cash counted, each non-cash method's statement (optional),
 * the reason for any difference and the cash kept as tomorrow's float; then 提交日结. A returned day
 * starts from what was counted before.
 */
export function CountForm({ close }: { close: DailyClose }) {
  const { t } = useTranslation();
  const call = useFinanceCall();
  const [form] = Form.useForm<CountValues>();
  const [busy, setBusy] = useState(false);
  const counted = Form.useWatch('countedCashFen', form);
  const difference = counted === undefined || counted === null ? null : counted - close.expectedCashFen;

  const submit = async (v: CountValues) => {
    const body: DailyCloseSubmit = {
      countedCashFen: v.countedCashFen ?? 0,
      floatFen: v.floatFen ?? 0,
      reason: v.reason?.trim() ?? '',
      statements: NON_CASH_METHODS.flatMap((method) => {
        const amountFen = v[statementField(method)];
        return typeof amountFen === 'number' ? [{ method, amountFen }] : [];
      }),
    };
    setBusy(true);
    try {
      await call('daily-closes', `${close.shopId}/${close.day}/submit`, body, () => t('finance.close.submitted', { day: close.day }));
    } catch {
      // http.ts has shown why and which field.
    } finally {
      setBusy(false);
    }
  };

  const initial: CountValues = {
    countedCashFen: close.countedCashFen ?? undefined,
    floatFen: close.floatFen ?? undefined,
    reason: close.reason,
    ...Object.fromEntries(close.byMethod.filter((l) => l.statementFen !== null).map((l) => [statementField(l.method), l.statementFen!])),
  };

  return (
    <Form<CountValues> form={form} name="dailyCloseCount" layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)}>
      <Form.Item
        name="countedCashFen"
        label={t('dailyClose.fields.countedCashFen')}
        rules={[{ required: true, message: t('finance.close.countedRequired') }]}
        extra={difference !== null && <Difference fen={difference} />}
      >
        <MoneyInput placeholder="0.00" style={{ width: 200 }} />
      </Form.Item>
      {NON_CASH_METHODS.map((method) => (
        <Form.Item
          key={method}
          name={statementField(method)}
          label={t('finance.close.statementOf', { method: t(optionKey('order', 'method', method)) })}
        >
          <MoneyInput placeholder={t('finance.close.optional')} style={{ width: 200 }} />
        </Form.Item>
      ))}
      <Form.Item name="reason" label={t('dailyClose.fields.reason')} extra={t('finance.close.reasonHint')}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Form.Item
        name="floatFen"
        label={t('dailyClose.fields.floatFen')}
        rules={[{ required: true, message: t('finance.close.floatRequired') }]}
        extra={t('finance.close.floatHint')}
      >
        <MoneyInput placeholder="0.00" style={{ width: 200 }} />
      </Form.Item>
      <Confirm
        title={t('finance.close.submitConfirm', { day: close.day, amount: formatFen(counted ?? 0) })}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={() => form.submit()}
      >
        <Button type="primary" loading={busy}>
          {t('finance.close.submit')}
        </Button>
      </Confirm>
    </Form>
  );
}
