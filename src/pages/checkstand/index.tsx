import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Input, Row, Space, Typography } from 'antd';
import { useCreate, useCustomMutation, useGetIdentity, useInvalidate, useList, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { API } from '../../../contract/api';
import type { Appointment, AppointmentDetail } from '../../../contract/appointment';
import type { UserInfo } from '../../../contract/auth';
import type { Customer } from '../../../contract/customer';
import { FULL_SHARE_BP } from '../../../contract/shareSplit';
import type { CardPlan } from '../../../contract/cardPlan';
import { isCardLine, type Order } from '../../../contract/order';
import { api, type ApiError } from '../../providers/http';
import { idempotencyHeaders, useIdempotencyKey } from '../../providers/idempotency';
import { NO_ORDER, resetCurrentOrderId, setCurrentOrderId, useCurrentOrderId } from '../../stores/order';
import { useShopSetup } from '../appointment/useShopSetup';
import { ArrivedAppointments } from './ArrivedAppointments';
import { CancelOrderDialog } from './CancelOrderDialog';
import { Cart } from './Cart';
import { CustomerPicker } from './CustomerPicker';
import { CustomerCards, useCustomerCards } from './CustomerCards';
import {
  EMPTY_DRAFT,
  addCardPlan,
  addProgram,
  addSession,
  isCardDraftLine,
  orderInput,
  useDraft,
  withLineChange,
  withoutLine,
  type Draft,
} from './draft';
import { PayDialog } from './PayDialog';
import { ProgramPicker } from './ProgramPicker';
import { ReceiptDialog } from './ReceiptDialog';
import { StaffShares } from './StaffShares';
import { TodayOrders } from './TodayOrders';
import { checkoutStateOf } from './paths';
import { draftProblems, priceDraft, pricedLineOf, type PricedDraft } from './pricing';
import './checkstand.css';
import { ORDER_STATUS_TONES, StatusTag, VIP_TONE } from '../../components/statusTag';

/** F9 makes the order, or opens the payment of the order in progress. */
const CHECKOUT_KEY = 'F9';

/** A made order back in the cart's words, to change it (the order itself is cancelled). */
function draftOf(o: Order): Draft {
  return {
    customer: o.customerId === null ? null : { id: o.customerId, name: o.customerName, phone: o.customerPhone, vip: o.customerVip },
    appointmentId: o.appointmentId,
    lines: o.lines.map((l) =>
      isCardLine(l)
        ? { cardPlanId: l.cardPlanId }
        : {
            programId: l.programId,
            quantity: l.quantity,
            discountFen: l.discountFen,
            ...(l.cardId === undefined ? {} : { cardId: l.cardId }),
          },
    ),
    discountFen: o.discountFen,
    shares: o.staffShares.map(({ staffId, shareBp }) => ({ staffId, shareBp })),
    note: o.note,
  };
}

const pricedOf = (o: Order): PricedDraft => ({
  lines: o.lines.map(pricedLineOf),
  totalFen: o.totalFen,
  discountFen: o.discountFen,
  payableFen: o.payableFen,
});

/**
 * /checkstand/cashier (shop-manager): one screen for the counter. Left, who and what: today's
 * arrived bookings, the customer, the programs. Right, the cart, the artists and their shares; 结算
 * makes the order (it then is the current order, kept across reloads) and opens the payment; a paid
 * order shows its receipt. Below, today's orders.
 */
export default function CashierPage() {
  const { t } = useTranslation();
  const setup = useShopSetup();
  const { data: user } = useGetIdentity<UserInfo>();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useDraft();
  const currentId = useCurrentOrderId();
  const [payOrder, setPayOrder] = useState<Order | null>(null);
  const [receiptOrder, setReceiptOrder] = useState<Order | null>(null);
  const [cancelOrder, setCancelOrder] = useState<Order | null>(null);
  const { mutate: create, mutation: creating } = useCreate<Order, ApiError>();
  const { mutate: cancelForEdit, mutation: editing } = useCustomMutation<Order, ApiError>();
  const key = useIdempotencyKey();

  const { result: current, query: currentQuery } = useOne<Order, ApiError>({
    resource: 'orders',
    id: currentId,
    queryOptions: { enabled: currentId !== NO_ORDER, retry: false },
  });
  const openOrder = currentId !== NO_ORDER && current?.id === currentId && current.status === 'unpaid' ? current : undefined;

  // The order kept from before a reload may have been paid, cancelled or be gone meanwhile.
  useEffect(() => {
    if (currentId === NO_ORDER) return;
    if (currentQuery.isError || (current?.id === currentId && current.status !== 'unpaid')) resetCurrentOrderId();
  }, [currentId, current, currentQuery.isError]);

  const { result: planList } = useList<CardPlan>({
    resource: 'card-plans',
    filters: [{ field: 'status', operator: 'eq', value: 'on' }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const plans = useMemo(() => planList?.data ?? [], [planList]);
  const { cards } = useCustomerCards(draft.customer?.id);
  const priced = useMemo(() => priceDraft(draft, { programs: setup.programs, plans, cards }), [draft, setup.programs, plans, cards]);
  const problems = draftProblems(draft, priced);
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // Another customer's packages are not this one's: their sessions leave the cart with them.
  const changeCustomer = (customer: Draft['customer']) =>
    setDraft((d) => ({ ...d, customer, lines: d.lines.filter((l) => isCardDraftLine(l) || l.cardId === undefined) }));

  const pickAppointment = useCallback(
    async (a: Appointment) => {
      // The price depends on whether the customer is VIP; the card of another shop's customer is not ours to read.
      const customer = await api
        .get<Customer>(`${API.resourceBase}/customers/${a.customerId}`, undefined, { silent: true })
        .catch(() => undefined);
      setDraft({
        ...EMPTY_DRAFT,
        customer: { id: a.customerId, name: a.customerName, phone: a.customerPhone, vip: customer?.vip ?? false },
        appointmentId: a.id,
        lines: [{ programId: a.programId, quantity: 1, discountFen: 0 }],
        shares: a.staffId === null ? [] : [{ staffId: a.staffId, shareBp: FULL_SHARE_BP }],
      });
    },
    [setDraft],
  );

  // 去结账 (a booking's drawer, Workplace) names the visit in the navigation's state: it comes into the cart once.
  const location = useLocation();
  const fromDrawer = checkoutStateOf(location.state)?.appointmentId ?? null;
  const taken = useRef<string | null>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (fromDrawer === null || taken.current === location.key) return;
    taken.current = location.key;
    void api.get<AppointmentDetail>(`${API.resourceBase}/appointments/${fromDrawer}`).then((a) => {
      if (a.billable) void pickAppointment(a);
    });
  }, [fromDrawer, location.key, pickAppointment]);

  const checkout = useCallback(() => {
    if (openOrder) return setPayOrder(openOrder);
    if (problems.length > 0 || creating.isPending) return;
    const body = orderInput(draft);
    create(
      {
        resource: 'orders',
        values: body,
        meta: { headers: idempotencyHeaders(key.for(body)) },
        successNotification: (r) => ({ type: 'success', message: t('checkstand.order.created', { orderNo: r?.data.orderNo }) }),
      },
      {
        onSuccess: (r) => {
          key.settle();
          setCurrentOrderId(r.data.id);
          setDraft(EMPTY_DRAFT);
          setPayOrder(r.data);
        },
        onError: (e) => key.settle(e),
      },
    );
  }, [openOrder, problems.length, creating.isPending, draft, create, key, t, setDraft]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== CHECKOUT_KEY || payOrder || receiptOrder || cancelOrder) return;
      e.preventDefault();
      checkout();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [checkout, payOrder, receiptOrder, cancelOrder]);

  const editOpenOrder = (o: Order) =>
    cancelForEdit(
      {
        url: `${API.resourceBase}/orders/${o.id}/cancel`,
        method: 'post',
        values: { reason: t('checkstand.order.editReason') },
        successNotification: false,
      },
      {
        onSuccess: () => {
          resetCurrentOrderId();
          setDraft(draftOf(o));
          void invalidate({ resource: 'orders', invalidates: ['list'] });
        },
      },
    );

  const paid = (o: Order) => {
    setPayOrder(null);
    resetCurrentOrderId();
    setReceiptOrder(o);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small" title={t('checkstand.arrived.title')}>
            <ArrivedAppointments activeId={openOrder?.appointmentId ?? draft.appointmentId} onPick={(a) => void pickAppointment(a)} />
          </Card>
          <Card size="small" title={t('checkstand.customer.title')}>
            <CustomerPicker value={draft.customer} shopId={user?.shopID ?? undefined} onChange={changeCustomer} />
            {draft.customer && (
              <div style={{ marginTop: 12 }}>
                <CustomerCards cards={cards} onRedeem={(c) => c.programId !== null && setDraft((d) => addSession(d, c.programId!, c.id))} />
              </div>
            )}
          </Card>
          <Card size="small" title={t('checkstand.program.title')}>
            <ProgramPicker
              programs={setup.programs}
              plans={plans}
              loading={setup.programsLoading}
              vip={draft.customer?.vip ?? false}
              onAdd={(p) => setDraft((d) => addProgram(d, p.id))}
              onAddPlan={(p) => setDraft((d) => addCardPlan(d, p.id))}
            />
          </Card>
        </Space>
      </Col>
      <Col xs={24} xl={15}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {openOrder ? (
            <Card
              size="small"
              title={
                <Space wrap>
                  {t('checkstand.order.current')}
                  <Typography.Text type="secondary">{openOrder.orderNo}</Typography.Text>
                  <StatusTag tone={ORDER_STATUS_TONES.unpaid}>{t('order.options.status.unpaid')}</StatusTag>
                </Space>
              }
              extra={
                <Space>
                  <Button onClick={() => editOpenOrder(openOrder)} loading={editing.isPending}>
                    {t('checkstand.order.edit')}
                  </Button>
                  <Button danger onClick={() => setCancelOrder(openOrder)}>
                    {t('checkstand.orders.cancel')}
                  </Button>
                </Space>
              }
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong>{openOrder.customerName}</Typography.Text>
                  <Typography.Text type="secondary">{openOrder.customerPhone}</Typography.Text>
                  {openOrder.customerVip && <StatusTag tone={VIP_TONE}>VIP</StatusTag>}
                  <Typography.Text type="secondary">
                    {t('order.fields.staffShares')}：{openOrder.staffShares.map((s) => s.staffName).join('、')}
                  </Typography.Text>
                </Space>
                <Cart priced={pricedOf(openOrder)} />
                <Button ref={payButton} type="primary" size="large" block onClick={checkout}>
                  {t('checkstand.order.pay')} ({CHECKOUT_KEY})
                </Button>
              </Space>
            </Card>
          ) : (
            <Card
              size="small"
              title={t('checkstand.cart.title')}
              extra={
                <Button size="small" onClick={() => setDraft(EMPTY_DRAFT)} disabled={draft === EMPTY_DRAFT}>
                  {t('checkstand.cart.clear')}
                </Button>
              }
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                <Cart
                  priced={priced}
                  edits={{
                    onLine: (key, patch) => setDraft((d) => withLineChange(d, key, patch)),
                    onRemove: (key) => setDraft((d) => withoutLine(d, key)),
                    onDiscount: (discountFen) => change({ discountFen }),
                  }}
                />
                <Typography.Text strong>{t('order.fields.staffShares')}</Typography.Text>
                <StaffShares staff={setup.staff} value={draft.shares} onChange={(shares) => change({ shares })} />
                <Input.TextArea
                  rows={1}
                  maxLength={500}
                  placeholder={t('order.fields.note')}
                  aria-label={t('order.fields.note')}
                  value={draft.note}
                  onChange={(e) => change({ note: e.target.value })}
                />
                {problems.length > 0 && draft.lines.length > 0 && (
                  <Alert type="warning" showIcon message={problems.map((p) => t(p)).join('；')} />
                )}
                <Button type="primary" size="large" block disabled={problems.length > 0} loading={creating.isPending} onClick={checkout}>
                  {t('checkstand.order.checkout')} ({CHECKOUT_KEY})
                </Button>
              </Space>
            </Card>
          )}
          <Card size="small" title={t('checkstand.orders.title')}>
            <TodayOrders
              currentId={currentId}
              onReopen={(o) => setCurrentOrderId(o.id)}
              onCancel={setCancelOrder}
              onReceipt={setReceiptOrder}
            />
          </Card>
        </Space>
      </Col>
      <PayDialog
        order={payOrder}
        onClose={() => setPayOrder(null)}
        onPaid={paid}
        // 结算 made the order and is gone with the cart: focus lands on the order's own 收款 instead.
        afterClose={() => payButton.current?.focus()}
      />
      <ReceiptDialog order={receiptOrder} onClose={() => setReceiptOrder(null)} />
      <CancelOrderDialog
        order={cancelOrder}
        onClose={() => setCancelOrder(null)}
        onCancelled={(o) => {
          setCancelOrder(null);
          if (o.id === currentId) resetCurrentOrderId();
        }}
      />
    </Row>
  );
}
