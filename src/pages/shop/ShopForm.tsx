import { Form, Input, Select, TimePicker, type FormProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHOP_HOURS_ERROR, SHOP_STATUSES, shopFieldSchemas, shopHoursValid, type ShopInput } from '../../../contract/shop';
import { zodRule } from '../../providers/formRules';
import RegionCascader from '../../components/RegionCascader';
import { useOptions } from '../../components/crud';

/** The form keeps "HH:mm" strings, as the API does; the picker works on dayjs. */
const timeProps = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(`2000-01-01T${value}`) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : undefined),
};

/**
 * Create and edit a shop. Every rule is the contract's schema (contract/shop.ts), so the form says
 * what the server would; the server's field errors land on the same fields (refine useForm).
 */
export default function ShopForm({ formProps }: { formProps: FormProps<ShopInput> }) {
  const { t } = useTranslation();
  const statusOptions = useOptions('shop', 'status', SHOP_STATUSES);
  return (
    <Form<ShopInput> {...formProps} layout="vertical" requiredMark>
      <Form.Item name="name" label={t('shop.fields.name')} rules={[zodRule(shopFieldSchemas.name)]}>
        <Input placeholder={t('shop.name.placeholder')} maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="regionCode" label={t('shop.fields.regionCode')} rules={[zodRule(shopFieldSchemas.regionCode)]}>
        <RegionCascader placeholder={t('shop.region.placeholder')} />
      </Form.Item>
      <Form.Item name="address" label={t('shop.fields.address')} rules={[zodRule(shopFieldSchemas.address)]}>
        <Input placeholder={t('shop.address.placeholder')} maxLength={200} />
      </Form.Item>
      <Form.Item name="phone" label={t('shop.fields.phone')} rules={[zodRule(shopFieldSchemas.phone)]}>
        <Input placeholder={t('shop.phone.placeholder')} maxLength={20} inputMode="tel" />
      </Form.Item>
      <Form.Item label={t('shop.hours')} required style={{ marginBottom: 0 }}>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="openTime" rules={[zodRule(shopFieldSchemas.openTime)]} style={{ flex: 1 }} {...timeProps}>
            <TimePicker format="HH:mm" placeholder={t('shop.openTime.placeholder')} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="closeTime"
            dependencies={['openTime']}
            rules={[
              zodRule(shopFieldSchemas.closeTime),
              ({ getFieldValue }) => ({
                validator: async (_, closeTime?: string) => {
                  if (!shopHoursValid({ openTime: getFieldValue('openTime'), closeTime })) throw new Error(SHOP_HOURS_ERROR.message);
                },
              }),
            ]}
            style={{ flex: 1 }}
            {...timeProps}
          >
            <TimePicker format="HH:mm" placeholder={t('shop.closeTime.placeholder')} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="status" label={t('shop.fields.status')} rules={[zodRule(shopFieldSchemas.status)]}>
        <Select options={statusOptions} />
      </Form.Item>
    </Form>
  );
}
