import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BANNER_PERIOD_ERROR,
  BANNER_PLATFORMS,
  BANNER_SOURCES,
  BANNER_STATUSES,
  BANNER_TYPES,
  bannerCreateSchema,
  bannerPeriodValid,
  type BannerInput,
} from '../../../contract/banner';
import { zodRule } from '../../providers/formRules';
import { ImageUpload } from '../../components/upload';
import { instantItemProps, useOptions } from '../../components/crud';

// The create schema's fields: optional ones accept an empty value, so only the name is marked required.
const S = bannerCreateSchema.shape;

/** A choice of the contract's words (they are what is stored and shown); cleared, it is sent as '' (none). */
const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const chosen = { normalize: (value?: string) => value ?? '' };

/** Create and edit a banner; every rule is the contract's (contract/banner.ts). */
export default function BannerForm({ formProps }: { formProps: FormProps<BannerInput> }) {
  const { t } = useTranslation();
  const statusOptions = useOptions('banner', 'status', BANNER_STATUSES);
  return (
    <Form<BannerInput> {...formProps} layout="vertical">
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('banner.fields.name')} rules={[zodRule(S.name)]}>
            <Input placeholder={t('banner.name.placeholder')} maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="platform" label={t('banner.fields.platform')} rules={[zodRule(S.platform)]} {...chosen}>
            <Select placeholder={t('banner.platform.placeholder')} options={choices(BANNER_PLATFORMS)} allowClear />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label={t('banner.fields.type')} rules={[zodRule(S.type)]} {...chosen}>
            <Select placeholder={t('banner.type.placeholder')} options={choices(BANNER_TYPES)} allowClear />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="source" label={t('banner.fields.source')} rules={[zodRule(S.source)]} {...chosen}>
            <Select placeholder={t('banner.source.placeholder')} options={choices(BANNER_SOURCES)} allowClear />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="priority" label={t('banner.fields.priority')} rules={[zodRule(S.priority)]} extra={t('banner.priority.extra')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={t('banner.fields.status')} rules={[zodRule(S.status)]}>
            <Radio.Group options={statusOptions} optionType="button" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="image" label={t('banner.fields.image')} rules={[zodRule(S.image)]} extra={t('banner.image.extra')}>
        <ImageUpload />
      </Form.Item>
      <Form.Item name="imageLink" label={t('banner.fields.imageLink')} rules={[zodRule(S.imageLink)]} extra={t('banner.imageLink.extra')}>
        <Input placeholder={t('banner.imageLink.placeholder')} maxLength={500} />
      </Form.Item>
      <Form.Item name="jumpLink" label={t('banner.fields.jumpLink')} rules={[zodRule(S.jumpLink)]}>
        <Input placeholder={t('banner.link.placeholder')} maxLength={500} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="startAt" label={t('banner.fields.startAt')} rules={[zodRule(S.startAt)]} {...instantItemProps}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" placeholder={t('banner.startAt.placeholder')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="endAt"
            label={t('banner.fields.endAt')}
            dependencies={['startAt']}
            rules={[
              zodRule(S.endAt),
              ({ getFieldValue }) => ({
                validator: async (_, endAt?: string | null) => {
                  if (!bannerPeriodValid({ startAt: getFieldValue('startAt'), endAt })) throw new Error(BANNER_PERIOD_ERROR.message);
                },
              }),
            ]}
            {...instantItemProps}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" placeholder={t('banner.endAt.placeholder')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
