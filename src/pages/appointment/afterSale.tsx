import { useRef, useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Table } from 'antd';
import { useTable } from '@refinedev/antd';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ENTITLEMENT_STATUSES, entitlementDaysLeft, type Entitlement, type EntitlementStatus } from '../../../contract/entitlement';
import { formatDateTime } from '../../components/format';
import { AppointmentBoard } from './AppointmentBoard';
import { ENTITLEMENT_STATUS_TONES, StatusTag } from '../../components/statusTag';

/**
 * /appointment/after-sale (shop-manager): the shop's touch-up entitlements, and the same booking
 * board to book one on: pick an entitlement, then a slot (or type the time in the dialog).
 */
export default function AfterSaleAppointmentsPage() {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Entitlement | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const { tableProps, searchFormProps } = useTable<Entitlement, HttpError, { q?: string; status?: EntitlementStatus }>({
    resource: 'entitlements',
    syncWithLocation: false,
    filters: { defaultBehavior: 'replace', initial: [{ field: 'status', operator: 'eq', value: 'available' }] },
    onSearch: ({ q, status }): CrudFilters => [
      { field: 'q', operator: 'eq', value: q?.trim() || undefined },
      { field: 'status', operator: 'eq', value: status },
    ],
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('appointment.entitlement.title')}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder={t('appointment.entitlement.search')}
            onSearch={(q) => searchFormProps.onFinish?.({ q, status: searchFormProps.form?.getFieldValue('status') })}
          />
          <Select<EntitlementStatus>
            allowClear
            style={{ width: 140 }}
            defaultValue="available"
            placeholder={t('appointment.entitlement.filter.status')}
            aria-label={t('common.filterBy', { what: t('appointment.entitlement.field.status') })}
            onChange={(status) => {
              searchFormProps.form?.setFieldValue('status', status);
              searchFormProps.onFinish?.({ status, q: searchFormProps.form?.getFieldValue('q') });
            }}
            options={ENTITLEMENT_STATUSES.map((s) => ({ value: s, label: t(`appointment.entitlement.status.${s}`) }))}
          />
        </Space>
        <Table<Entitlement>
          {...tableProps}
          rowKey="id"
          size="middle"
          scroll={{ x: 'max-content' }}
          // The next step shows right under the row just picked, with a way down to the calendar.
          expandable={{
            expandedRowKeys: picked ? [picked.id] : [],
            showExpandColumn: false,
            expandedRowRender: (e) => (
              <Alert
                type="info"
                showIcon
                message={t('appointment.touchUp.pick', { name: e.customerName, program: e.programName })}
                action={
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => boardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
                    >
                      {t('appointment.touchUp.toBoard')}
                    </Button>
                    <Button size="small" onClick={() => setPicked(null)}>
                      {t('appointment.touchUp.clear')}
                    </Button>
                  </Space>
                }
              />
            ),
          }}
          columns={[
            {
              title: t('appointment.entitlement.field.customer'),
              key: 'customer',
              render: (_, e) => `${e.customerName} ${e.customerPhone}`,
            },
            { title: t('appointment.entitlement.field.program'), dataIndex: 'programName' },
            {
              title: t('appointment.entitlement.field.window'),
              key: 'window',
              render: (_, e) => `${formatDateTime(e.validFrom).slice(0, 10)} ~ ${formatDateTime(e.validUntil).slice(0, 10)}`,
            },
            {
              title: t('appointment.entitlement.field.daysLeft'),
              key: 'daysLeft',
              render: (_, e) => t('appointment.entitlement.daysLeft', { days: entitlementDaysLeft(e.validUntil) }),
            },
            {
              title: t('appointment.entitlement.field.status'),
              key: 'status',
              render: (_, e) => (
                <StatusTag tone={ENTITLEMENT_STATUS_TONES[e.status]}>{t(`appointment.entitlement.status.${e.status}`)}</StatusTag>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_, e) =>
                (e.status === 'available' || e.status === 'expired') && (
                  <Button size="small" type="link" onClick={() => setPicked(e)} aria-pressed={picked?.id === e.id}>
                    {t('appointment.bookTouchUp')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card title={t('menu.appointment.afterSale')} ref={boardRef} style={{ scrollMarginTop: 72 }}>
        <AppointmentBoard entitlement={picked} onBooked={() => setPicked(null)} />
      </Card>
    </Space>
  );
}
