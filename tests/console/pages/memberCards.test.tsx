import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { shanghaiToday } from '../../../src/components/crud';
import { memberCards, seedCardDemo } from '../../../src/mocks/cards';
import { formatFen } from '../../../src/components/money';
import { storedValueSplit } from '../../../src/pages/checkstand/payments';
import { preloadPages } from '../app/renderApp';
import { dialog, mockBooking, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const FINANCE = '13800000003';
const CASHIER = '/checkstand/cashier';

/** 陈雪's stored-value account: 充 5000 送 800, ¥1,200 of it spent at shop 2 (seedCardDemo). */
const account = () => memberCards.table.rows.find((c) => c.customerId === 1 && c.kind === 'stored-value')!;
const lips = () => memberCards.table.rows.find((c) => c.customerId === 1 && c.kind === 'package')!;

/** 结账 of 陈雪's visit: the first thing the cashier shows, once its page and bookings have loaded (slow on a loaded machine). */
const visitButton = () => screen.findByRole('button', { name: '为 陈雪 结账' }, { timeout: 20_000 });

/** 陈雪 (VIP, customer 1) has arrived for 雾眉 (program 1, VIP ¥1,380) with 李婷 (staff 1). */
function arrived() {
  const now = Date.now();
  mockBooking(now - 600_000, { durationMinutes: 70, status: 'arrived', createdAt: new Date(now - 86_400_000).toISOString() });
}

// A whole checkout (booking, cart, payment, receipt) per test: twice a page test's time on a loaded machine.
describe('member cards at the cashier', { timeout: 2 * PAGE_TEST_TIMEOUT }, () => {
  beforeAll(async () => {
    await Promise.all([preloadPages(), import('../../../src/pages/checkstand')]);
  }, 120_000);
  beforeEach(() => seedCardDemo());

  it("shows the customer's balance and packages, and pays the service with the stored-value card plus cash", async () => {
    arrived();
    const paid = sentBodies('POST', /\/orders\/\d+\/pay$/);
    const before = account();
    const balance = before.principalFen + before.bonusFen;
    const user = setupUser();
    openPage(CASHIER, MANAGER);

    await user.click(await visitButton());
    const cards = within(await screen.findByTestId('customer-cards'));
    expect(cards.getByText(formatFen(balance))).toBeTruthy();
    expect(cards.getByText('剩余 2 / 3 次', { exact: false })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /结算/ }));
    const pay = await dialog('收款');
    // 雾眉 at the VIP price: the card offers all of it; the cashier takes ¥1,000 from the card and the rest in cash.
    await user.click(await pay.findByRole('button', { name: `储值卡 ${formatFen(balance)}` }));
    const amount = pay.getByLabelText('第 1 笔金额') as HTMLInputElement;
    expect(amount.value).toBe('1380.00');
    await user.clear(amount);
    await user.type(amount, '1000');
    const split = storedValueSplit(100_000, before);
    await waitFor(() =>
      expect(pay.getByTestId('stored-value-split').textContent).toBe(
        `储值卡扣本金 ${formatFen(split.principalFen)} + 赠送 ${formatFen(split.bonusFen)}，扣后余额 ${formatFen(balance - 100_000)}`,
      ),
    );
    await user.click(pay.getByRole('button', { name: '现金' }));
    expect((pay.getByLabelText('第 2 笔金额') as HTMLInputElement).value).toBe('380.00');
    await user.click(pay.getByRole('button', { name: '确认收款' }));

    await waitFor(() => expect(paid).toHaveLength(1));
    expect(paid[0]).toEqual({
      payments: [
        { method: 'stored-value', amountFen: 100_000, cardId: before.id },
        { method: 'cash', amountFen: 38_000 },
      ],
    });
    const receipt = within((await dialog('小票')).getByTestId('receipt'));
    expect(receipt.getByText('储值卡')).toBeTruthy();
    expect(receipt.getByText(`余额 ${formatFen(balance - 100_000)}`, { exact: false })).toBeTruthy();
    const after = account();
    expect(after.principalFen + after.bonusFen).toBe(balance - 100_000);
  });

  it('sells a card at its plan price, paid in money only, and tops the account up', async () => {
    arrived();
    const created = sentBodies('POST', '/orders');
    const before = account();
    const user = setupUser();
    openPage(CASHIER, MANAGER);

    await user.click(await visitButton());
    await user.click(await screen.findByText('卡项', { selector: '.ant-segmented-item-label' }));
    await user.click(await screen.findByRole('button', { name: /加入 充 2000 送 200/ }));
    const cardLine = await row('充 2000 送 200');
    // The plan's price, not a VIP price, and no discount to type.
    expect(cardLine.getAllByText('¥2,000.00')).toHaveLength(2);
    expect(screen.queryByLabelText('充 2000 送 200 项目优惠')).toBeNull();
    // 雾眉 at the VIP price ¥1,380 + the card ¥2,000.
    await waitFor(() => expect(screen.getByTestId('payable').textContent).toBe('¥3,380.00'));

    await user.click(screen.getByRole('button', { name: /结算/ }));
    const pay = await dialog('收款');
    await waitFor(() => expect(created).toHaveLength(1));
    expect((created[0] as { lines: unknown[] }).lines).toEqual([
      { programId: 1, quantity: 1, discountFen: 0 },
      { cardPlanId: 1, quantity: 1 },
    ]);
    expect(await pay.findByText(/售卡订单只能用现金/)).toBeTruthy();
    expect(pay.queryByRole('button', { name: /储值卡/ })).toBeNull();
    await user.click(pay.getByRole('button', { name: '现金' }));
    await user.click(pay.getByRole('button', { name: '确认收款' }));
    const receipt = within((await dialog('小票')).getByTestId('receipt'));
    expect(receipt.getByText('充 2000 送 200')).toBeTruthy();
    // +2000 principal, +200 bonus.
    await waitFor(() => expect(account().principalFen).toBe(before.principalFen + 200_000));
    expect(account().bonusFen).toBe(before.bonusFen + 20_000);
  });

  it('redeems a package session on its program (charged 0) and confirms a payable of 0 with no payment', async () => {
    arrived();
    const paid = sentBodies('POST', /\/orders\/\d+\/pay$/);
    const user = setupUser();
    openPage(CASHIER, MANAGER);

    await user.click(await visitButton());
    await user.click(await screen.findByRole('button', { name: '核销一次 水晶唇 3 次' }));
    const session = await row('次卡抵扣');
    expect(session.getByText('水晶唇')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '移除 雾眉' }));
    await waitFor(() => expect(screen.getByTestId('payable').textContent).toBe('¥0.00'));

    await user.click(screen.getByRole('button', { name: /结算/ }));
    const pay = await dialog('收款');
    expect(pay.getByTestId('remainder').textContent).toContain('无需收款');
    await user.click(pay.getByRole('button', { name: '确认收款' }));
    await waitFor(() => expect(paid).toEqual([{ payments: [] }]));
    const receipt = within((await dialog('小票')).getByTestId('receipt'));
    expect(receipt.getByText(/次卡抵扣 · 剩余 1 次/)).toBeTruthy();
    expect(lips().sessionsLeft).toBe(1);
  });

  it('will not sell a card to a walk-in', async () => {
    const user = setupUser();
    openPage(CASHIER, MANAGER);
    await user.click(await screen.findByText('卡项', { selector: '.ant-segmented-item-label' }));
    await user.click(await screen.findByRole('button', { name: /加入 充 5000 送 800/ }));
    expect(await screen.findByText(/售卡须选择客户，散客不能购卡/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /结算/ }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's refusal when the card no longer holds the amount (40900)", async () => {
    arrived();
    const user = setupUser();
    openPage(CASHIER, MANAGER);
    await user.click(await visitButton());
    await screen.findByTestId('customer-cards');
    await user.click(screen.getByRole('button', { name: /结算/ }));
    const pay = await dialog('收款');
    await user.click(await pay.findByRole('button', { name: /储值卡/ }));
    // Meanwhile another shop spends all but ¥100 of the card.
    const card = account();
    memberCards.table.replace(card, { ...card, principalFen: 10_000, bonusFen: 0 });
    await user.click(pay.getByRole('button', { name: '确认收款' }));
    expect((await pay.findByTestId('pay-refusal')).textContent).toBe('储值卡余额不足：余额 100.00 元，本次扣款 1380.00 元');
  });
});

describe('member cards elsewhere in the console', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeEach(() => seedCardDemo());

  it("lists the customer's cards with balance, sessions, validity, status and transactions (会员卡 tab)", async () => {
    const user = setupUser();
    openPage('/shop/consumer/1', MANAGER);
    await user.click(await screen.findByRole('tab', { name: '会员卡' }));
    const a = account();
    const stored = within(await screen.findByTestId(`member-card-${a.id}`));
    expect(
      stored.getByText(
        `余额 ${formatFen(a.principalFen + a.bonusFen)}（本金 ${formatFen(a.principalFen)} + 赠送 ${formatFen(a.bonusFen)}）`,
      ),
    ).toBeTruthy();
    expect(stored.getByText('使用中')).toBeTruthy();
    const pkg = within(screen.getByTestId(`member-card-${lips().id}`));
    expect(pkg.getByText('剩余 2 / 3 次')).toBeTruthy();
    await user.click(stored.getByText(/的流水/));
    expect(await stored.findByText('储值消费')).toBeTruthy();
    expect(stored.getByText('购卡')).toBeTruthy();
  });

  // A modal form typed field by field: twice a page test's time on a loaded machine.
  it('creates a package plan with its program, sessions and validity (卡项管理)', { timeout: 2 * PAGE_TEST_TIMEOUT }, async () => {
    const posted = sentBodies('POST', '/card-plans');
    const user = setupUser();
    openPage('/operation/cards', ADMIN);
    expect(await screen.findByText('充 5000 送 800')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /新建卡项/ }));
    const form = await dialog('新建卡项');
    await user.type(form.getByLabelText('卡项名称'), '雾眉 2 次');
    await user.click(form.getByText('次卡'));
    await user.type(form.getByLabelText('售价'), '2800');
    await user.click(form.getByLabelText('服务项目'));
    await user.click(await screen.findByText('雾眉', { selector: '.ant-select-item-option-content' }));
    await user.type(form.getByLabelText('次数'), '2');
    await user.type(form.getByLabelText('有效期（天）'), '365');
    await user.click(form.getByRole('button', { name: /确\s*定|保\s*存|OK/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: '雾眉 2 次',
      kind: 'package',
      priceFen: 280_000,
      programId: 1,
      sessions: 2,
      validDays: 365,
    });
  });

  it('shows liability, figures and the cross-shop settlement, each drilling down to its transactions (/finance/cards)', async () => {
    const user = setupUser();
    const to = shanghaiToday();
    const from = dayjs(to).subtract(90, 'day').format('YYYY-MM-DD');
    openPage(`/finance/cards?from=${from}&to=${to}`, FINANCE);
    const summary = within(await screen.findByTestId('card-summary'));
    // Shop 1 sold the account (¥5,000 + ¥800 bonus) and the lip package (¥4,500 for 3, one used: 2 left
    // worth ¥3,000); ¥1,200 of the account was spent at shop 2, so shop 1 owes shop 2 the principal taken there.
    const a = account();
    expect((await summary.findByTestId('liability-1')).textContent).toBe(formatFen(a.principalFen + 300_000));
    expect(summary.getByTestId('owes-1-2').textContent).toBe(formatFen(500_000 - a.principalFen));
    expect(summary.getByText('美颜坊·徐汇旗舰店 应付 美颜坊·朝阳大悦城店', { exact: false })).toBeTruthy();

    await user.click(summary.getByTestId('owes-1-2'));
    // The list now holds the transactions of shop 1's cards at shop 2: the spend, not the purchases.
    await waitFor(() => expect(screen.getByText('储值消费', { selector: 'td, td *' })).toBeTruthy());
    expect(screen.queryByText('购卡', { selector: 'td, td *' })).toBeNull();
  });
});
