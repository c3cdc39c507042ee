import { useEffect, useMemo, useState } from 'react';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select } from 'antd';
import { useCreate, useList } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SOURCES, type Customer, type CustomerCard, type CustomerSource } from '../../../contract/customer';
import { SLOT_MINUTES, type Appointment } from '../../../contract/appointment';
import { performsProgramType } from '../../../contract/staff';
import { PROGRAM_TYPES } from '../../../contract/program';
import type { Entitlement } from '../../../contract/entitlement';
import type { ApiError } from '../../providers/http';
import { applyServerErrors } from '../../providers/formRules';
import { formatDateTime } from '../../components/format';
import { CustomerCardView, useCustomerLookup } from '../../components/customerLookup';
import type { ShopSetup } from './useShopSetup';
import { fromWallClock, shanghaiHm } from './shanghaiClock';
import { customerOverlaps } from './customerOverlaps';

/** What the dialog opens with: a slot picked on the grid, and for a touch-up the entitlement. */
export interface BookingDraft {
  start?: Date;
  minutes?: number;
  staffId?: number | null;
  entitlement?: Entitlement;
}

interface BookingForm {
  customerMode: 'existing' | 'new';
  customerId?: number;
  customer?: { name: string; phone: string; source: CustomerSource };
  programId?: number;
  staffId: number;
  start: Dayjs;
  durationMinutes?: number;
  note?: string;
  overrideReason?: string;
}

/** "Any artist" in the staff select; sent as null. */
const ANY = 0;

/** The booking form: a customer (found or new), program, artist, time and note; server refusals land on their fields. */
export function BookingDialog({
  draft,
  setup,
  onClose,
  onBooked,
}: {
  draft: BookingDraft | null;
  setup: ShopSetup;
  onClose: () => void;
  onBooked: (a: Appointment) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BookingForm>();
  const { mutate: create, mutation } = useCreate<Appointment, ApiError>();
  const [search, setSearch] = useState('');
  const entitlement = draft?.entitlement;
  const mode = Form.useWatch('customerMode', form);
  const start = Form.useWatch('start', form);

  const { result: found } = useList<Customer>({
    resource: 'customers',
    filters: [{ field: 'q', operator: 'eq', value: search.trim() || undefined }],
    pagination: { currentPage: 1, pageSize: 20 },
    queryOptions: { enabled: draft !== null && !entitlement && search.trim().length > 0 },
  });
  // A customer of another shop of the chain, found only by the full phone when this shop has nobody with it.
  const lookup = useCustomerLookup(search, draft !== null && !entitlement && found !== undefined && found.data.length === 0);
  const [chainCard, setChainCard] = useState<CustomerCard | null>(null);
  useEffect(() => {
    if (lookup.data) setChainCard(lookup.data);
  }, [lookup.data]);
  const customerId = Form.useWatch('customerId', form);
  const customerOptions = [
    ...(found?.data ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.phone}` })),
    ...(chainCard && !(found?.data ?? []).some((c) => c.id === chainCard.id)
      ? [
          {
            value: chainCard.id,
            label: `${chainCard.name} ${chainCard.phone} · ${t('customerLookup.homeShop', { shop: chainCard.shopName })}`,
          },
        ]
      : []),
  ];

  useEffect(() => {
    if (!draft) return;
    form.resetFields();
    form.setFieldsValue({
      // The board books new customers first of all (新客预约); a returning one is a click away.
      customerMode: 'new',
      staffId: draft.staffId ?? ANY,
      start: draft.start ? dayjs(draft.start) : undefined,
      durationMinutes: entitlement ? 60 : draft.minutes && draft.minutes > SLOT_MINUTES ? draft.minutes : undefined,
      programId: entitlement?.programId,
      customer: { name: '', phone: '', source: 'walk-in' },
    });
  }, [draft, entitlement, form]);

  const outsideWindow = useMemo(() => {
    if (!entitlement || !start) return false;
    const at = Date.parse(fromWallClock(start));
    return at < Date.parse(entitlement.validFrom) || at > Date.parse(entitlement.validUntil);
  }, [entitlement, start]);

  // The artists offered: those whose job performs the program's type (any who performs some program, before one is picked).
  const pickedProgramId = Form.useWatch('programId', form) ?? entitlement?.programId;
  const pickedType = setup.programs.find((p) => p.id === pickedProgramId)?.type;
  const artists = setup.staff.filter((s) =>
    pickedType === undefined ? PROGRAM_TYPES.some((type) => performsProgramType(s.job, type)) : performsProgramType(s.job, pickedType),
  );
  const staffId = Form.useWatch('staffId', form);
  useEffect(() => {
    if (staffId !== undefined && staffId !== ANY && setup.staff.length > 0 && !artists.some((s) => s.id === staffId))
      form.setFieldValue('staffId', ANY);
  }, [staffId, artists, setup.staff.length, form]);

  /** The customer's other bookings at the same time, waiting for the manager's yes, with what would be sent. */
  const [overlap, setOverlap] = useState<{ rows: Appointment[]; values: Record<string, unknown> } | null>(null);

  const book = (values: Record<string, unknown>) => {
    setOverlap(null);
    const startAt = String(values.startAt);
    create(
      {
        resource: 'appointments',
        values,
        successNotification: (r) => ({
          type: 'success',
          message: t('appointment.booked', { name: r?.data.customerName, time: formatDateTime(startAt) }),
        }),
      },
      {
        onSuccess: (r) => onBooked(r.data),
        // Field errors come back as customer.phone, staffId, ...: the form shows them where they belong.
        onError: (error) => applyServerErrors(form, { ...error, errors: remapFields(error.errors) }),
      },
    );
  };

  const submit = async (v: BookingForm) => {
    const startAt = fromWallClock(v.start);
    const program = setup.programs.find((p) => p.id === v.programId);
    const values = {
      ...(entitlement
        ? { kind: 'after-sale', entitlementId: entitlement.id, overrideReason: v.overrideReason ?? '' }
        : { kind: 'new-customer', programId: v.programId }),
      ...(entitlement ? {} : v.customerMode === 'new' ? { customer: v.customer } : { customerId: v.customerId }),
      staffId: v.staffId === ANY ? null : v.staffId,
      startAt,
      durationMinutes: v.durationMinutes ?? program?.durationMinutes,
      note: v.note ?? '',
    };
    const customerId = entitlement ? entitlement.customerId : v.customerMode === 'new' ? undefined : v.customerId;
    if (customerId !== undefined) {
      const end = new Date(Date.parse(startAt) + (values.durationMinutes ?? SLOT_MINUTES) * 60_000).toISOString();
      const rows = await customerOverlaps(customerId, startAt, end);
      if (rows.length > 0) return setOverlap({ rows, values });
    }
    book(values);
  };

  return (
    <Modal
      open={draft !== null}
      title={entitlement ? t('appointment.bookTouchUp') : t('appointment.book')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={560}
    >
      <Form<BookingForm> form={form} layout="vertical" onFinish={submit} preserve={false}>
        {entitlement ? (
          <Alert
            style={{ marginBottom: 16 }}
            type={outsideWindow ? 'warning' : 'info'}
            message={`${entitlement.customerName} ${entitlement.customerPhone}`}
            description={t('appointment.touchUp.for', {
              program: entitlement.programName,
              from: formatDateTime(entitlement.validFrom).slice(0, 10),
              until: formatDateTime(entitlement.validUntil).slice(0, 10),
            })}
          />
        ) : (
          <>
            <Form.Item name="customerMode" label={t('appointment.field.customer')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'existing', label: t('appointment.customer.existing') },
                  { value: 'new', label: t('appointment.customer.new') },
                ]}
              />
            </Form.Item>
            {mode === 'new' ? (
              <Row gutter={12}>
                <Col xs={24} sm={8}>
                  <Form.Item name={['customer', 'name']} label={t('appointment.customer.name')} rules={[{ required: true }]}>
                    <Input maxLength={30} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={10}>
                  <Form.Item name={['customer', 'phone']} label={t('appointment.customer.phone')} rules={[{ required: true }]}>
                    <Input maxLength={11} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={6}>
                  <Form.Item name={['customer', 'source']} label={t('appointment.customer.source')}>
                    <Select options={CUSTOMER_SOURCES.map((s) => ({ value: s, label: t(`customer.options.source.${s}`) }))} />
                  </Form.Item>
                </Col>
              </Row>
            ) : (
              <>
                <Form.Item name="customerId" rules={[{ required: true, message: t('appointment.customer.search') }]}>
                  <Select
                    showSearch
                    filterOption={false}
                    placeholder={t('appointment.customer.search')}
                    aria-label={t('appointment.customer.existing')}
                    onSearch={setSearch}
                    options={customerOptions}
                  />
                </Form.Item>
                {chainCard && customerId === chainCard.id && <CustomerCardView card={chainCard} />}
              </>
            )}
            <Form.Item name="programId" label={t('appointment.field.program')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                options={setup.programs.map((p) => ({ value: p.id, label: `${p.name}（${p.durationMinutes} 分钟）` }))}
                onChange={(id: number) => form.setFieldValue('durationMinutes', setup.programs.find((p) => p.id === id)?.durationMinutes)}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="staffId" label={t('appointment.field.staff')}>
          <Select options={[{ value: ANY, label: t('appointment.anyArtist') }, ...artists.map((s) => ({ value: s.id, label: s.name }))]} />
        </Form.Item>
        <Form.Item name="start" label={t('appointment.field.startAt')} rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm', minuteStep: 15 }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="durationMinutes" label={t('appointment.field.duration')}>
          <InputNumber min={SLOT_MINUTES} max={720} step={15} style={{ width: '100%' }} />
        </Form.Item>
        {/* A reason is asked only for a time outside the entitlement's window, which needs one. */}
        {entitlement && outsideWindow && (
          <Form.Item
            name="overrideReason"
            label={t('appointment.field.overrideReason')}
            extra={t('appointment.touchUp.outside')}
            rules={[{ required: true }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('appointment.field.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      <Modal
        open={overlap !== null}
        title={t('appointment.overlap.title')}
        onCancel={() => setOverlap(null)}
        onOk={() => overlap && book(overlap.values)}
        okText={t('appointment.overlap.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={mutation.isPending}
      >
        <p>{t('appointment.overlap.content')}</p>
        <ul>
          {overlap?.rows.map((r) => (
            <li key={r.id}>
              {formatDateTime(r.startAt)}–{shanghaiHm(r.endAt)} {r.customerName} · {r.programName} ·{' '}
              {r.staffName || t('appointment.unassigned')}（{t(`appointment.status.${r.status}`)}）
            </li>
          ))}
        </ul>
      </Modal>
    </Modal>
  );
}

/** Server field names -> this form's fields (the time is picked as `start`). */
function remapFields(errors: ApiError['errors']): ApiError['errors'] {
  if (!errors) return errors;
  const names: Record<string, string> = { startAt: 'start' };
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [Object.hasOwn(names, k) ? names[k] : k, v]));
}
