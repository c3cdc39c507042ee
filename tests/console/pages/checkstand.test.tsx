import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDEMPOTENCY_HEADER } from '../../../contract/order';
import { DEMO_SHOPS } from '../../../contract/demo';
import { appointments } from '../../../src/mocks/appointments';
import { orders } from '../../../src/mocks/money';
import { getCurrentOrderId } from '../../../src/stores/order';
import { server } from '../support/server';
import { preloadPages } from '../app/renderApp';
import { dialog, mockBooking, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';
const CASHIER = '/checkstand/cashier';

/** 陈雪 (VIP, customer 1) has arrived for 雾眉 (program 1) with 李婷 (staff 1). */
function arrivedAppointment() {
  const now = Date.now();
  return mockBooking(now - 600_000, { durationMinutes: 70, status: 'arrived', createdAt: new Date(now - 86_400_000).toISOString() });
}

/** The Idempotency-Key of each call with `method` to a path ending in `pathEnd`. */
function sentKeys(method: string, pathEnd: RegExp): (string | null)[] {
  const keys: (string | null)[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && pathEnd.test(new URL(request.url).pathname)) keys.push(request.headers.get(IDEMPOTENCY_HEADER));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return keys;
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('cashier (/checkstand/cashier)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  // The layout and this page are transformed once, before any test waits on them (a loaded machine is slow).
  beforeAll(async () => {
    await Promise.all([preloadPages(), import('../../../src/pages/checkstand')]);
  }, 120_000);

  it('checks out an arrived VIP customer: two programs, a line discount, two artists, WeChat Pay and cash, once', async () => {
    const appointment = arrivedAppointment();
    const created = sentBodies('POST', '/orders');
    const createKeys = sentKeys('POST', /\/orders$/);
    const paid = sentBodies('POST', /\/orders\/\d+\/pay$/);
    const payKeys = sentKeys('POST', /\/orders\/\d+\/pay$/);
    const user = setupUser();
    openPage(CASHIER, MANAGER);

    await user.click(await screen.findByRole('button', { name: '为 陈雪 结账' }));
    // The VIP price of 雾眉, marked.
    const wumei = await row('雾眉');
    // Unit price and amount.
    expect(wumei.getAllByText('¥1,380.00')).toHaveLength(2);
    expect(wumei.getByText('会员价')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /加入 水晶唇/ }));
    const lip = await row('水晶唇');
    expect(lip.getAllByText('¥1,680.00')).toHaveLength(2);
    await user.type(screen.getByLabelText('水晶唇 项目优惠'), '80');
    await waitFor(() => expect(screen.getByTestId('payable').textContent).toBe('¥2,980.00'));

    // 李婷 came with the booking; 张敏 joins and the shares split evenly.
    await chooseOption('选择服务人员', '张敏');
    await waitFor(() => expect(screen.getByTestId('share-sum').textContent).toContain('100%'));
    expect((screen.getByLabelText('李婷 业绩占比') as HTMLInputElement).value).toBe('50.00');

    await user.click(screen.getByRole('button', { name: /结算/ }));
    const pay = await dialog('收款');
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      customerId: 1,
      appointmentId: appointment.id,
      lines: [
        { programId: 1, quantity: 1, discountFen: 0 },
        { programId: 2, quantity: 1, discountFen: 8000 },
      ],
      discountFen: 0,
      staffShares: [
        { staffId: 1, shareBp: 5000 },
        { staffId: 2, shareBp: 5000 },
      ],
      note: '',
    });
    expect(createKeys[0]).toMatch(/^[\x21-\x7e]{1,64}$/);
    const orderId = orders.table.rows[0].id;
    expect(getCurrentOrderId()).toBe(orderId);

    // WeChat Pay for 2,000 yuan, the rest in cash: the remainder follows the typing.
    await user.click(pay.getByRole('button', { name: /^微\s*信$/ }));
    const wechat = pay.getByLabelText('第 1 笔金额');
    await user.clear(wechat);
    await user.type(wechat, '2000');
    await waitFor(() => expect(pay.getByTestId('remainder').textContent).toBe('还需收 ¥980.00'));
    await user.click(pay.getByRole('button', { name: /^现\s*金$/ }));
    await waitFor(() => expect(pay.getByTestId('remainder').textContent).toBe('已收齐'));

    const confirm = pay.getByRole('button', { name: '确认收款' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const receipt = await dialog('小票');
    expect(paid).toHaveLength(1);
    expect(payKeys).toHaveLength(1);
    expect(paid[0]).toEqual({
      payments: [
        { method: 'wechat', amountFen: 200000 },
        { method: 'cash', amountFen: 98000 },
      ],
    });
    expect(orders.table.find(orderId)?.status).toBe('paid');
    expect(getCurrentOrderId()).toBe(0);
    expect(appointments.table.find(appointment.id)?.status).toBe('completed');

    // The receipt: shop, order number, lines, payments, artists.
    const paper = within(receipt.getByTestId('receipt'));
    expect(paper.getByText('美颜坊·徐汇旗舰店')).toBeTruthy();
    expect(paper.getByText(orders.table.rows[0].orderNo)).toBeTruthy();
    // Total and payable: no order discount.
    expect(paper.getAllByText('¥2,980.00')).toHaveLength(2);
    expect(paper.getByText('¥2,000.00')).toBeTruthy();
    expect(paper.getByText('¥980.00')).toBeTruthy();
    expect(paper.getByText('李婷 50%、张敏 50%')).toBeTruthy();
    // The shop's address and phone, each VIP line's list price, and what the VIP prices saved.
    const shop = DEMO_SHOPS[0];
    expect(await paper.findByText(`电话：${shop.phone}`)).toBeTruthy();
    expect(within(paper.getByTestId('receipt-shop')).getByText(shop.address)).toBeTruthy();
    expect(paper.getByText(/原价 ¥1,680\.00 · ¥1,380\.00 会员价 × 1/)).toBeTruthy();
    expect(paper.getByText(/原价 ¥1,980\.00 · ¥1,680\.00 会员价 × 1/)).toBeTruthy();
    const saving = paper.getByText('会员优惠').closest('.receipt-row') as HTMLElement;
    expect(within(saving).getByText('¥600.00')).toBeTruthy();
  });

  it("keeps the order in progress across a reload, re-opens it from today's orders and cancels it with a reason", async () => {
    const user = setupUser();
    const first = openPage(CASHIER, MANAGER);
    await user.click(await screen.findByRole('button', { name: /加入 雾眉/ }));
    await chooseOption('选择服务人员', '李婷');
    await user.click(screen.getByRole('button', { name: /结算/ }));
    await dialog('收款');
    const order = orders.table.rows[0];
    // Walk-in: the normal price.
    expect(order.payableFen).toBe(168_000);
    first.unmount();

    openPage(CASHIER, MANAGER);
    expect(await screen.findByText(order.orderNo, { selector: '.ant-card-head *' })).toBeTruthy();
    const listed = await row(order.orderNo);
    expect(listed.getByText('待支付')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: '取消订单' })[0]);
    const cancel = await dialog(`取消订单 ${order.orderNo}`);
    expect(cancel.getByRole('button', { name: '取消订单' }).hasAttribute('disabled')).toBe(true);
    await user.type(cancel.getByRole('textbox'), '客户改天再来');
    await user.click(cancel.getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(orders.table.find(order.id)?.status).toBe('cancelled'));
    expect(orders.table.find(order.id)?.cancelReason).toBe('客户改天再来');
    await waitFor(() => expect(getCurrentOrderId()).toBe(0));
    expect(await screen.findByText('购物车')).toBeTruthy();
  });

  it('finds a customer of another shop only by the full phone, and serves them at this shop', async () => {
    const user = setupUser();
    openPage(CASHIER, MANAGER);
    const search = await screen.findByRole('combobox', { name: '姓名、手机号或尾号四位' });
    await user.type(search, '9999');
    expect(await screen.findByText('本店没有找到；其他门店的客户请输入完整手机号查找')).toBeTruthy();
    await user.clear(search);
    await user.type(search, '13700009999');
    const card = within(await screen.findByTestId('customer-card'));
    expect(card.getByText('黄丽')).toBeTruthy();
    expect(card.getByText('137****9999')).toBeTruthy();
    expect(card.getByText('所属门店：美颜坊·天河正佳店')).toBeTruthy();
    await user.click(card.getByRole('button', { name: '选择此客户' }));
    const picked = within(screen.getByTestId('picked-customer'));
    expect(picked.getByText('黄丽')).toBeTruthy();
    expect(picked.getByText('所属门店：美颜坊·天河正佳店')).toBeTruthy();
  });

  it('will not make an order whose shares do not add up to 100%', async () => {
    const user = setupUser();
    openPage(CASHIER, MANAGER);
    await user.click(await screen.findByRole('button', { name: /加入 雾眉/ }));
    await chooseOption('选择服务人员', '李婷');
    const share = screen.getByLabelText('李婷 业绩占比');
    await user.clear(share);
    await user.type(share, '60');
    expect(await screen.findByText('业绩占比合计必须为 100%')).toBeTruthy();
    expect(screen.getByRole('button', { name: /结算/ }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: '平均分配' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /结算/ }).hasAttribute('disabled')).toBe(false));
  });

  it('points the empty cart to the programs above it when the columns stack (a phone)', async () => {
    openPage(CASHIER, MANAGER);
    // happy-dom's window is 1024 px wide: the page's columns stack, the programs above the cart.
    expect(await screen.findByText('请从上方「服务项目」中选择')).toBeTruthy();
    expect(screen.queryByText(/左侧/)).toBeNull();
  });

  it('lists a visit completed before paying as 待结账 and checks it out', async () => {
    const done = mockBooking(Date.now() - 3_600_000, { durationMinutes: 60, status: 'completed' });
    const created = sentBodies('POST', '/orders');
    const user = setupUser();
    openPage(CASHIER, MANAGER);
    const checkout = await screen.findByRole('button', { name: '为 陈雪 结账' });
    expect(within(checkout.closest('.ant-list-item') as HTMLElement).getByText('待结账')).toBeTruthy();
    await user.click(checkout);
    await row('雾眉');
    await user.click(screen.getByRole('button', { name: /结算/ }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ customerId: 1, appointmentId: done.id });
  });

  it('stacks a cart line on a phone: name, price and amount in one column, quantity and discount in the other', async () => {
    // happy-dom's own viewport, which its media queries (antd's breakpoints) follow.
    const viewport = (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM;
    const { innerWidth: width, innerHeight: height } = window;
    viewport.setViewport({ width: 390, height: 844 });
    onTestFinished(() => viewport.setViewport({ width, height }));
    const user = setupUser();
    openPage(CASHIER, MANAGER);
    await user.click(await screen.findByRole('button', { name: /加入 雾眉/ }));
    const line = await row('雾眉');
    expect(line.getByLabelText('雾眉 数量')).toBeTruthy();
    expect(line.getByLabelText('雾眉 项目优惠')).toBeTruthy();
    expect(screen.getByText('数量 / 项目优惠')).toBeTruthy();
    expect(screen.getByLabelText('雾眉 数量').closest('tr')!.querySelectorAll('td')).toHaveLength(2);
  });
});
