import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { BANNER_FIELD_LABELS as L, BANNER_PERIOD_ERROR, BANNER_STATUSES, BANNER_STATUS_LABELS, bannerCreateSchema, bannerPeriodValid, type BannerInput } from '../../../contract/banner';
import { zodRule } from '../../providers/formRules';
import { ImageUpload } from '../../components/upload';
import { instantItemProps } from '../../components/crud';

// The create schema's fields: optional ones accept an empty value, so only the name is marked required.
const S = bannerCreateSchema.shape;

export const BANNER_STATUS_OPTIONS = BANNER_STATUSES.map((value) => ({ value, label: BANNER_STATUS_LABELS[value] }));

/** Create and edit a banner; every rule is the contract's (contract/banner.ts), labels of docs/console.md. */
export default function BannerForm({ formProps }: { formProps: FormProps<BannerInput> }) {
  const { t } = useTranslation();
  return (
    <Form<BannerInput> {...formProps} layout="vertical">
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={L.name} rules={[zodRule(S.name)]}>
            <Input placeholder={t('banner.name.placeholder')} maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="platform" label={L.platform} rules={[zodRule(S.platform)]}>
            <Input placeholder={t('banner.platform.placeholder')} maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label={L.type} rules={[zodRule(S.type)]}>
            <Input placeholder={t('banner.type.placeholder')} maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="source" label={L.source} rules={[zodRule(S.source)]}>
            <Input placeholder={t('banner.source.placeholder')} maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="priority" label={L.priority} rules={[zodRule(S.priority)]} extra={t('banner.priority.extra')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={L.status} rules={[zodRule(S.status)]}>
            <Radio.Group options={BANNER_STATUS_OPTIONS} optionType="button" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="image" label={L.image} rules={[zodRule(S.image)]}>
        <ImageUpload />
      </Form.Item>
      <Form.Item name="imageLink" label={L.imageLink} rules={[zodRule(S.imageLink)]}>
        <Input placeholder={t('banner.link.placeholder')} maxLength={500} />
      </Form.Item>
      <Form.Item name="jumpLink" label={L.jumpLink} rules={[zodRule(S.jumpLink)]}>
        <Input placeholder={t('banner.link.placeholder')} maxLength={500} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="startAt" label={L.startAt} rules={[zodRule(S.startAt)]} {...instantItemProps}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" placeholder={t('banner.startAt.placeholder')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="endAt"
            label={L.endAt}
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
