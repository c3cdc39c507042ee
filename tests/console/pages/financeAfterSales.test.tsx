import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { afterSales, ledger, orders, performanceRecords } from '../../../src/mocks/money';
import { seedFinanceDemo } from '../../../src/mocks/financeDemo';
import { formatFen } from '../../../src/components/money';
import { memberCards, seedCardDemo } from '../../../src/mocks/cards';
import { splitStoredValue } from '../../../contract/cardMoney';
import { openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const FINANCE = '13800000003';

/** The open drawer. */
async function drawer() {
  const title = await screen.findByText('售后详情', { selector: '.ant-drawer-title' });
  return within(title.closest('.ant-drawer-content') as HTMLElement);
}

describe('after-sale review (/finance/after-sales)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeEach(() => seedFinanceDemo());

  it('shows a refund with its order, payments and reason, and approving it refunds the order', async () => {
    const posted = sentBodies('POST', /after-sales\/\d+\/approve$/);
    const user = setupUser();
    openPage('/finance/after-sales', FINANCE);
    const refund = afterSales.table.rows.find((a) => a.type === 'refund')!;
    const order = orders.table.find(refund.orderId)!;
    await user.click((await row(refund.reason)).getByRole('button', { name: '审核' }));
    const d = await drawer();
    // The request's order number, and the order's own card below it.
    await waitFor(() =>
      expect(d.getAllByText(order.orderNo, { selector: '.ant-descriptions-item-content, .ant-descriptions-item-content *' })).toHaveLength(
        2,
      ),
    );
    expect(d.getAllByText(refund.reason).length).toBeGreaterThan(0);
    // Paid by Alipay, nothing refunded yet, no other refund asked.
    expect(await d.findByText(`支付宝 ${formatFen(order.paidFen)}`)).toBeTruthy();
    expect(d.getByText('没有其他退款申请')).toBeTruthy();
    expect(d.getByText(`通过后将立即退款 ${formatFen(refund.amountFen)}，并冲减门店收入与相关员工业绩`)).toBeTruthy();

    // The channel proposed is the order's one method, the whole amount.
    await waitFor(() => expect(d.getByLabelText('退回支付宝的金额')).toHaveProperty('value', (refund.amountFen! / 100).toFixed(2)));
    await user.type(d.getByLabelText('审核备注'), '已与客户确认');
    await user.click(d.getByRole('button', { name: /通\s*过/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted).toEqual([{ note: '已与客户确认', channels: [{ method: 'alipay', amountFen: refund.amountFen }] }]));
    expect(await screen.findByText(`已通过订单 ${order.orderNo} 的售后申请`)).toBeTruthy();

    // What the refund did: the order, the shop's book and the staff's performance.
    expect(orders.table.find(order.id)).toMatchObject({ refundedFen: refund.amountFen, status: 'partially-refunded' });
    expect(ledger.table.rows.filter((e) => e.afterSaleId === refund.id)).toMatchObject([
      { category: 'refund', amountFen: -refund.amountFen! },
    ]);
    const adjustments = performanceRecords.table.rows.filter((r) => r.afterSaleId === refund.id);
    expect(adjustments.map((r) => r.amountFen).reduce((s, a) => s + a, 0)).toBe(-refund.amountFen!);
    // The drawer shows the decision and the order's new state.
    expect(await d.findByText('已与客户确认')).toBeTruthy();
    expect(await d.findByText('部分退款')).toBeTruthy();
    expect(d.queryByRole('button', { name: /通\s*过/ })).toBeNull();
  });

  it('proposes stored value with its card first when it paid the most, and puts it back onto that card', async () => {
    seedCardDemo();
    const posted = sentBodies('POST', /after-sales\/\d+\/approve$/);
    const user = setupUser();
    const refund = afterSales.table.rows.find((a) => a.type === 'refund' && a.status === 'pending')!;
    const order = orders.table.find(refund.orderId)!;
    const card = memberCards.table.rows.find((c) => c.kind === 'stored-value' && c.status === 'active')!;
    // The order paid ¥1.00 in cash and the rest from the card.
    const stored = order.paidFen - 100;
    const taken = splitStoredValue(stored, card.principalFen, card.bonusFen);
    orders.table.update(order, {
      payments: [
        { method: 'cash', amountFen: 100 },
        { method: 'stored-value', amountFen: stored, cardId: card.id, ...taken },
      ],
    });
    const toCard = Math.min(refund.amountFen!, stored);
    openPage('/finance/after-sales', FINANCE);
    await user.click((await row(refund.reason)).getByRole('button', { name: '审核' }));
    const d = await drawer();
    const label = `储值卡（卡号 ${card.id}）`;
    await waitFor(() => expect(d.getByLabelText(`退回${label}的金额`)).toHaveProperty('value', (toCard / 100).toFixed(2)));
    await user.click(d.getByRole('button', { name: /通\s*过/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ channels: [{ method: 'stored-value', amountFen: toCard, cardId: card.id }] });
    // Back onto the card, principal and bonus as the payment took them; the receipt names the card.
    const after = memberCards.table.find(card.id)!;
    expect(after.principalFen + after.bonusFen).toBe(card.principalFen + card.bonusFen + toCard);
    expect(await d.findByText(`${label} ${formatFen(toCard)}`, { exact: false })).toBeTruthy();
  });

  it('rejects a request only with a reason', async () => {
    const posted = sentBodies('POST', /after-sales\/\d+\/reject$/);
    const user = setupUser();
    openPage('/finance/after-sales', FINANCE);
    const complaint = afterSales.table.rows.find((a) => a.type === 'complaint')!;
    await user.click((await row(complaint.reason)).getByRole('button', { name: '审核' }));
    const d = await drawer();
    await user.click(await d.findByRole('button', { name: /驳\s*回/ }));
    const dialogTitle = await screen.findByText(`驳回售后申请：${complaint.orderNo}`, { selector: '.ant-modal-title' });
    const form = within(dialogTitle.closest('.ant-modal') as HTMLElement);
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    expect(await form.findByText('请输入驳回原因')).toBeTruthy();
    await user.type(form.getByLabelText('驳回原因'), '投诉内容与记录不符');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted).toEqual([{ reason: '投诉内容与记录不符' }]));
    expect(afterSales.table.find(complaint.id)).toMatchObject({
      status: 'rejected',
      rejectReason: '投诉内容与记录不符',
      reviewedBy: '赵财务',
    });
  });
});
