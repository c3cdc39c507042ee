import { useState } from 'react';
import { Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AFTER_SALE_STATUSES, AFTER_SALE_TYPES, type AfterSaleStatus, type AfterSaleType } from '../../../contract/afterSale';
import { formatDateTime } from '../../components/format';
import { formatFen } from '../../components/money';
import { optionKey, useOptions } from '../../components/crud';
import { ExportButton } from '../../components/export';
import { ListPage, type ListSearch } from '../../components/listPage';
import { AfterSaleDrawer } from './AfterSaleDrawer';
import { periodFilters, periodOf, type Period } from './period';
import { ReviewStatusTag } from './ReviewStatusTag';
import { PeriodFilter, ShopFilter, StatusFilter } from './FinanceFilters';
import { AFTER_SALE_TYPE_TONES, StatusTag } from '../../components/statusTag';

interface AfterSaleSearch extends ListSearch {
  shopId?: number;
  type?: AfterSaleType;
  status?: AfterSaleStatus;
  period?: Period;
}

/**
 * /finance/after-sales (financial staff, admin): every shop's after-sale requests, pending ones
 * first on a first visit; each opens in a drawer to be approved or rejected.
 */
export default function AfterSaleReviewPage() {
  const { t } = useTranslation();
  const typeOptions = useOptions('afterSale', 'type', AFTER_SALE_TYPES);
  const statusOptions = useOptions('afterSale', 'status', AFTER_SALE_STATUSES);
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <ListPage<'after-sales', AfterSaleSearch>
      resource="after-sales"
      // The checkstand's after-sale page is the one that lists the resource; this is finance's view of it.
      titleKey="menu.finance.afterSales"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      initialFilters={[{ field: 'status', operator: 'eq', value: 'pending' }]}
      searchWidth={220}
      filters={
        <>
          <ShopFilter />
          <Form.Item name="type">
            <Select
              placeholder={t('finance.afterSale.filter.type')}
              aria-label={t('common.filterBy', { what: t('afterSale.fields.type') })}
              options={typeOptions}
              allowClear
              style={{ width: 130 }}
            />
          </Form.Item>
          <StatusFilter options={statusOptions} />
          <PeriodFilter />
        </>
      }
      toFilters={({ shopId, type, status, period }) => [
        { field: 'shopId', operator: 'eq', value: shopId },
        { field: 'type', operator: 'eq', value: type },
        { field: 'status', operator: 'eq', value: status },
        ...periodFilters(period),
      ]}
      restoredFilters={['shopId', 'type', 'status']}
      restoreSearch={(filters) => ({ period: periodOf(filters) })}
      extra={(query) => <ExportButton resource="after-sales" query={query} />}
      scrollX={960}
      cardsOnPhone
      actionsWidth={90}
      ownActions={['approve', 'reject']}
      columns={[
        { field: 'createdAt', sortable: true, width: 140, render: (at: string) => formatDateTime(at) },
        { field: 'shopName', titleKey: 'afterSale.fields.shopId', width: 120, ellipsis: true },
        { field: 'orderNo', width: 160 },
        { field: 'customerName', width: 80 },
        {
          field: 'type',
          width: 72,
          render: (type: AfterSaleType) => (
            <StatusTag tone={AFTER_SALE_TYPE_TONES[type]}>{t(optionKey('afterSale', 'type', type))}</StatusTag>
          ),
        },
        { field: 'amountFen', sortable: true, width: 100, align: 'right', render: (fen: number | null) => formatFen(fen) },
        {
          field: 'status',
          width: 72,
          render: (status: AfterSaleStatus, a) => <ReviewStatusTag labels="afterSale" status={status} rejectReason={a.rejectReason} />,
        },
        { field: 'reason', ellipsis: true },
        // Who asked and when it was decided are in the drawer; as columns from 1600 px on.
        { field: 'requestedBy', responsive: ['xxl'], width: 90 },
        { field: 'reviewedAt', sortable: true, responsive: ['xxl'], width: 140, render: (at: string | null) => formatDateTime(at) || '-' },
      ]}
      rowActions={(a) => (
        <Button type="link" size="small" onClick={() => setOpenId(a.id)}>
          {t(a.status === 'pending' ? 'finance.afterSale.review' : 'finance.afterSale.view')}
        </Button>
      )}
    >
      <AfterSaleDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListPage>
  );
}
