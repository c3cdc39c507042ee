import { Button, Card, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PigmentInput, ServiceRecord } from '../../../contract/serviceRecord';
import { MAX_PIGMENTS } from '../../../contract/serviceRecord';
import { applyServerErrors } from '../../providers/formRules';
import { shanghaiDayOf } from '../../../contract/shanghaiTime';
import { changeRecord, useRecentPigments, useRecordCall } from './recordQueries';

const FIELDS = ['brand', 'colour', 'batch', 'expiresOn', 'amount', 'needle'] as const;

/**
 * The pigments and materials of the visit: picked from the shop's recent entries or typed. The
 * server refuses an expired batch, naming the line.
 */
export function PigmentForm({ record, disabled }: { record: ServiceRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pigments: PigmentInput[] }>();
  const { data: recent = [] } = useRecentPigments();
  const today = shanghaiDayOf(Date.now());
  const save = useRecordCall((pigments: PigmentInput[]) => changeRecord('patch', record.id, '', { pigments }));
  const label = (field: (typeof FIELDS)[number]) => t(`serviceRecord.fields.${field}`);
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={{ pigments: record.pigments }}
      onFinish={({ pigments = [] }) => save.mutate(pigments, { onError: (e) => applyServerErrors(form, e) })}
    >
      {!disabled && recent.length > 0 && (
        <Form.Item label={t('serviceRecord.pigment.recent')}>
          <Select
            aria-label={t('serviceRecord.pigment.recent')}
            placeholder={t('serviceRecord.pigment.recentPlaceholder')}
            value={null}
            // An expired batch stays in the list, greyed, so the artist sees why it cannot be picked.
            options={recent.map((p, i) => ({
              value: i,
              label: `${p.brand} ${p.colour} · ${p.batch}（${p.expiresOn < today ? t('serviceRecord.pigment.expired', { day: p.expiresOn }) : p.expiresOn}）`,
              disabled: p.expiresOn < today,
            }))}
            onChange={(i: number) => {
              const { brand, colour, batch, expiresOn, needle } = recent[i];
              form.setFieldValue('pigments', [
                ...(form.getFieldValue('pigments') ?? []),
                { brand, colour, batch, expiresOn, needle, amount: '' },
              ]);
            }}
          />
        </Form.Item>
      )}
      <Form.List name="pigments">
        {(rows, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {rows.map((row, index) => (
              <Card
                key={row.key}
                size="small"
                title={t('serviceRecord.pigment.line', { n: index + 1 })}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('serviceRecord.pigment.remove', { n: index + 1 })}
                    onClick={() => remove(row.name)}
                  />
                }
              >
                <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', columnGap: 12 }}>
                  {FIELDS.map((field) => (
                    <Form.Item
                      key={field}
                      name={[row.name, field]}
                      label={label(field)}
                      rules={
                        field === 'amount' || field === 'needle'
                          ? []
                          : [{ required: true, message: t('serviceRecord.pigment.required', { field: label(field) }) }]
                      }
                    >
                      <Input type={field === 'expiresOn' ? 'date' : 'text'} aria-label={`${label(field)} ${index + 1}`} />
                    </Form.Item>
                  ))}
                </div>
              </Card>
            ))}
            {!disabled && rows.length < MAX_PIGMENTS && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ brand: '', colour: '', batch: '', expiresOn: '', amount: '', needle: '' })}
              >
                {t('serviceRecord.pigment.add')}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
      {!disabled && (
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 12 }}>
          {t('serviceRecord.pigment.save')}
        </Button>
      )}
    </Form>
  );
}
