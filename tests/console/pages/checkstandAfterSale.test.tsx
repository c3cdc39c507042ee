import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IDEMPOTENCY_HEADER, formatOrderNo, type Order } from '../../../contract/order';
import type { AfterSale } from '../../../contract/afterSale';
import { afterSales, orders } from '../../../src/mocks/money';
import { server } from '../support/server';
import { preloadPages } from '../app/renderApp';
import { dialog, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';
const PAGE = '/checkstand/after-sale';
const now = () => new Date().toISOString();

/** A paid order of 陈雪 at shop 1: 1,380 yuan paid, 380 refunded already. */
function paidOrder(shopId = 1, sequence = 1): Order {
  return orders.table.insert({
    id: orders.table.peekId(),
    orderNo: formatOrderNo('2026-11-20', shopId, sequence),
    shopId,
    shopName: '美颜坊·徐汇旗舰店',
    customerId: 1,
    customerName: '陈雪',
    customerPhone: '137****1234',
    customerVip: true,
    appointmentId: null,
    status: 'partially-refunded',
    lines: [
      {
        programId: 1,
        programName: '雾眉',
        programType: 1,
        unitPriceFen: 138_000,
        vipPrice: true,
        quantity: 1,
        discountFen: 0,
        amountFen: 138_000,
      },
    ],
    totalFen: 138_000,
    discountFen: 0,
    payableFen: 138_000,
    payments: [{ method: 'wechat', amountFen: 138_000 }],
    paidFen: 138_000,
    refundedFen: 38_000,
    staffShares: [{ staffId: 1, staffName: '李婷', shareBp: 10_000 }],
    note: '',
    cancelReason: '',
    createdBy: '王店长',
    paidAt: now(),
    createdAt: now(),
    updatedAt: now(),
  });
}

function request(order: Order, values: Partial<AfterSale>): AfterSale {
  return afterSales.table.insert({
    id: afterSales.table.peekId(),
    shopId: order.shopId,
    shopName: order.shopName,
    orderId: order.id,
    orderNo: order.orderNo,
    customerName: order.customerName,
    type: 'refund',
    amountFen: 10_000,
    cardId: null,
    refundChannels: [],
    reason: '客户不满意',
    images: [],
    status: 'pending',
    requestedBy: '王店长',
    reviewedBy: '',
    reviewNote: '',
    rejectReason: '',
    reviewedAt: null,
    createdAt: now(),
    updatedAt: now(),
    ...values,
  });
}

describe('after-sale requests (/checkstand/after-sale)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  // The layout and this page are transformed once, before any test waits on them (a loaded machine is slow).
  beforeAll(async () => {
    await Promise.all([preloadPages(), import('../../../src/pages/checkstand/afterSale')]);
  }, 120_000);

  it("lists the shop's requests with their status, and withdraws a pending one", async () => {
    const order = paidOrder();
    request(order, { reason: '颜色偏深', status: 'pending' });
    request(order, { reason: '已处理', status: 'rejected', rejectReason: '超出售后期' });
    request(paidOrder(2, 1), { reason: '别家门店的申请' });
    const withdrawn = sentBodies('POST', /\/after-sales\/\d+\/withdraw$/);
    const user = setupUser();
    openPage(PAGE, MANAGER);
    const pending = await row('颜色偏深');
    expect(pending.getByText('待审核')).toBeTruthy();
    expect(pending.getByText('¥100.00')).toBeTruthy();
    const rejected = await row('已处理');
    expect(rejected.getByText('超出售后期')).toBeTruthy();
    expect(rejected.queryByRole('button', { name: /撤\s*回/ })).toBeNull();
    expect(screen.queryByText('别家门店的申请')).toBeNull();

    await user.click(pending.getByRole('button', { name: /撤\s*回/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(withdrawn).toHaveLength(1));
    expect((await row('颜色偏深')).getByText('已撤回')).toBeTruthy();
  });

  it('requests a partial refund within what is left to refund, once', async () => {
    const order = paidOrder();
    request(order, { amountFen: 20_000, status: 'pending' });
    const posted = sentBodies('POST', '/after-sales');
    const user = setupUser();
    openPage(PAGE, MANAGER);
    await user.click(await screen.findByRole('button', { name: /申请售后/ }));
    const form = await dialog('申请售后');
    fireEvent.mouseDown(form.getByRole('combobox', { name: '订单号' }));
    fireEvent.click(await screen.findByText(new RegExp(`^${order.orderNo}`), { selector: '.ant-select-item-option-content' }));
    // 1,380 paid, 380 refunded, 200 asked back already: 800 left.
    await waitFor(() => expect(form.getByTestId('refundable').textContent).toBe('¥800.00'));
    const amount = form.getByRole('spinbutton', { name: '退款金额' });
    await user.type(amount, '900');
    await user.type(form.getByRole('textbox', { name: '原因' }), '客户对唇色不满意，部分退款');
    await user.click(form.getByRole('button', { name: '提交申请' }));
    expect(await form.findByText('退款金额须大于 0 且不超过 ¥800.00')).toBeTruthy();
    expect(posted).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(form.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(posted).toEqual([{ orderId: order.id, type: 'refund', amountFen: 30_000, reason: '客户对唇色不满意，部分退款', images: [] }]),
    );
    const listed = await row('客户对唇色不满意，部分退款');
    expect(listed.getByText('¥300.00')).toBeTruthy();
    expect(listed.getByText('待审核')).toBeTruthy();
  });

  it('retries a request whose answer was lost with the same Idempotency-Key, and it is made once', async () => {
    const order = paidOrder();
    const keys: (string | null)[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/after-sales'))
        keys.push(request.headers.get(IDEMPOTENCY_HEADER));
    };
    server.events.on('request:start', listener);
    onTestFinished(() => void server.events.removeListener('request:start', listener));
    // The first call never gets an answer (a dropped connection).
    server.use(http.post('*/api/beer/backstage/after-sales', () => HttpResponse.error(), { once: true }));
    const user = setupUser();
    openPage(PAGE, MANAGER);
    await user.click(await screen.findByRole('button', { name: /申请售后/ }));
    const form = await dialog('申请售后');
    fireEvent.mouseDown(form.getByRole('combobox', { name: '订单号' }));
    fireEvent.click(await screen.findByText(new RegExp(`^${order.orderNo}`), { selector: '.ant-select-item-option-content' }));
    await user.click(form.getByText('投诉'));
    await user.type(form.getByRole('textbox', { name: '原因' }), '服务时间过长');
    await user.click(form.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(form.getByRole('button', { name: '提交申请' }).className).not.toContain('loading'));
    await user.click(form.getByRole('button', { name: '提交申请' }));
    expect(await row('服务时间过长')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(afterSales.table.rows.filter((a) => a.reason === '服务时间过长')).toHaveLength(1);
  });
});
