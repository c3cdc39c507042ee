import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, type FormProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MAX_DETAILS,
  MAX_DETAIL_IMAGES,
  MAX_PRICE_FEN,
  PROGRAM_PRICE_ERROR,
  PROGRAM_STATUSES,
  PROGRAM_TYPES,
  defaultTouchUpDays,
  programCreateSchema,
  programFieldSchemas,
  programPricesValid,
  type ProgramInput,
  type ProgramType,
} from '../../../contract/program';
import { zodRule } from '../../providers/formRules';
import { ImageListUpload, ImageUpload } from '../../components/upload';
import { MoneyInput, fenToYuan } from '../../components/money';
import { useOptions } from '../../components/crud';

// The create schema's fields: those with a default accept an empty value, so they are not marked required.
const S = programCreateSchema.in.shape;
const ROW = programFieldSchemas.details.element.shape;
const MAX_PRICE_YUAN = fenToYuan(MAX_PRICE_FEN);

/**
 * Create and edit a service program. Prices are typed in yuan and held in fen (MoneyInput), so the
 * values submitted are exactly the API's. Rules come from contract/program.ts.
 */
export default function ProgramForm({ formProps }: { formProps: FormProps<ProgramInput> }) {
  const { t } = useTranslation();
  const form = formProps.form;
  const typeOptions = useOptions('program', 'type', PROGRAM_TYPES);
  const statusOptions = useOptions('program', 'status', PROGRAM_STATUSES);

  return (
    <Form<ProgramInput>
      {...formProps}
      layout="vertical"
      onValuesChange={(changed: Partial<ProgramInput>, all) => {
        formProps.onValuesChange?.(changed, all);
        // docs/domain.md: tattoo work gets 60 free touch-up days, beauty care none, unless set by hand.
        if (changed.type !== undefined && form && !form.isFieldTouched('touchUpDays')) {
          form.setFieldValue('touchUpDays', defaultTouchUpDays(changed.type as ProgramType));
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('program.fields.name')} rules={[zodRule(S.name)]}>
            <Input placeholder={t('program.name.placeholder')} maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="type" label={t('program.fields.type')} rules={[zodRule(S.type)]}>
            <Select options={typeOptions} placeholder={t('program.type.placeholder')} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="tag" label={t('program.fields.tag')} rules={[zodRule(S.tag)]}>
            <Input placeholder={t('program.tag.placeholder')} maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="priceFen" label={t('program.fields.priceFen')} rules={[zodRule(S.priceFen)]}>
            <MoneyInput max={MAX_PRICE_YUAN} placeholder="0.00" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="vipPriceFen"
            label={t('program.fields.vipPriceFen')}
            dependencies={['priceFen']}
            rules={[
              zodRule(S.vipPriceFen),
              ({ getFieldValue }) => ({
                validator: async (_, vipPriceFen?: number) => {
                  if (!programPricesValid({ priceFen: getFieldValue('priceFen'), vipPriceFen }))
                    throw new Error(PROGRAM_PRICE_ERROR.message);
                },
              }),
            ]}
          >
            <MoneyInput max={MAX_PRICE_YUAN} placeholder="0.00" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="durationMinutes" label={t('program.fields.durationMinutes')} rules={[zodRule(S.durationMinutes)]}>
            <InputNumber min={5} max={720} step={5} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="touchUpDays"
            label={t('program.fields.touchUpDays')}
            rules={[zodRule(S.touchUpDays)]}
            extra={t('program.touchUpDays.extra')}
          >
            <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="status" label={t('program.fields.status')} rules={[zodRule(S.status)]}>
        <Radio.Group options={statusOptions} optionType="button" />
      </Form.Item>
      <Form.Item name="mainImage" label={t('program.fields.mainImage')} rules={[zodRule(S.mainImage)]}>
        <ImageUpload />
      </Form.Item>
      <Form.Item
        name="detailImages"
        label={t('program.fields.detailImages')}
        rules={[zodRule(S.detailImages)]}
        extra={t('program.detailImages.extra', { max: MAX_DETAIL_IMAGES })}
      >
        <ImageListUpload max={MAX_DETAIL_IMAGES} />
      </Form.Item>
      <Form.Item label={t('program.fields.details')} extra={t('program.details.extra', { max: MAX_DETAILS })}>
        {/* The add button stops at the contract's maximum; each cell runs its own rule. */}
        <Form.List name="details">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 8 }} data-testid="detail-row">
                  <Form.Item name={[field.name, 'key']} rules={[zodRule(ROW.key)]} style={{ marginBottom: 0 }}>
                    <Input
                      placeholder={t('program.details.key')}
                      aria-label={t('program.details.key')}
                      maxLength={20}
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} rules={[zodRule(ROW.value)]} style={{ marginBottom: 0 }}>
                    <Input
                      placeholder={t('program.details.value')}
                      aria-label={t('program.details.value')}
                      maxLength={200}
                      style={{ width: 300 }}
                    />
                  </Form.Item>
                  <Button
                    icon={<ArrowUpOutlined />}
                    aria-label={t('program.details.up')}
                    title={t('program.details.up')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    icon={<ArrowDownOutlined />}
                    aria-label={t('program.details.down')}
                    title={t('program.details.down')}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('program.details.remove')}
                    title={t('program.details.remove')}
                    danger
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_DETAILS}
                onClick={() => add({ key: '', value: '' })}
              >
                {t('program.details.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </Form>
  );
}
