import { DatePicker, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShopOptions, useStaffOptions } from './useFilterOptions';

/** The filter items the finance lists share, each bound to its search-form field. */

export function ShopFilter() {
  const { t } = useTranslation();
  const options = useShopOptions();
  return (
    <Form.Item name="shopId">
      <Select
        placeholder={t('finance.filter.shop')}
        aria-label={t('common.filterBy', { what: t('finance.filter.what.shop') })}
        options={options}
        allowClear
        style={{ width: 200 }}
      />
    </Form.Item>
  );
}

/** Lists the members of the shop picked beside it. */
export function StaffFilter() {
  const { t } = useTranslation();
  const shopId = Form.useWatch<number | undefined>('shopId', Form.useFormInstance());
  const options = useStaffOptions(shopId);
  return (
    <Form.Item name="staffId">
      <Select
        placeholder={t('finance.review.filter.staff')}
        aria-label={t('common.filterBy', { what: t('finance.filter.what.staff') })}
        options={options}
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: 180 }}
      />
    </Form.Item>
  );
}

export function StatusFilter<V extends string>({ options }: { options: { value: V; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status">
      <Select
        placeholder={t('finance.filter.status')}
        aria-label={t('common.filterBy', { what: t('finance.filter.what.status') })}
        options={options}
        allowClear
        style={{ width: 120 }}
      />
    </Form.Item>
  );
}

/** Inclusive Shanghai days; the ledger always has a period, so it cannot be cleared there. */
export function PeriodFilter({ required = false }: { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="period">
      <DatePicker.RangePicker
        allowClear={!required}
        placeholder={[t('finance.filter.from'), t('finance.filter.to')]}
        style={{ width: 250 }}
      />
    </Form.Item>
  );
}
