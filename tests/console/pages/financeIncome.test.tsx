import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ledger } from '../../../src/mocks/money';
import { seedFinanceDemo } from '../../../src/mocks/financeDemo';
import { formatFen } from '../../../src/components/money';
import { shanghaiToday } from '../../../src/components/crud';
import { thisMonth } from '../../../src/pages/finance/period';
import { dialog, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';

/** Shop 1's entries of this month, as the page opens on them. */
function monthOfShop1() {
  const { from, to } = thisMonth();
  return ledger.table.rows.filter((e) => e.shopId === 1 && e.occurredOn >= from && e.occurredOn <= to);
}
const total = (type: 'income' | 'expense') =>
  monthOfShop1()
    .filter((e) => e.type === type)
    .reduce((s, e) => s + e.amountFen, 0);
const listedRows = () =>
  screen.queryAllByRole('row').filter((tr) => tr.querySelector('td') && !tr.classList.contains('ant-table-placeholder'));

async function expectSums() {
  await waitFor(() => expect(screen.getByTestId('sum-income').textContent).toContain(formatFen(total('income'))));
  expect(screen.getByTestId('sum-expense').textContent).toContain(formatFen(total('expense')));
  expect(screen.getByTestId('sum-net').textContent).toContain(formatFen(total('income') - total('expense')));
}

describe('income and expense (/finance/income)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeEach(() => seedFinanceDemo());

  it("lists this month of the current shop's book with its income, expense and net", async () => {
    openPage('/finance/income', MANAGER);
    expect(await row('色料补货')).toBeTruthy();
    // Only shop 1's lines: shop 2's sales are in shop 2's book.
    await waitFor(() => expect(listedRows()).toHaveLength(Math.min(10, monthOfShop1().length)));
    await expectSums();
    expect(screen.getByText('每日收支')).toBeTruthy();
  });

  it('adds an expense by hand in yuan, and the sums take it in', async () => {
    const posted = sentBodies('POST', /\/ledger$/);
    const user = setupUser();
    openPage('/finance/income', MANAGER);
    await row('色料补货');
    await expectSums();
    await user.click(screen.getByRole('button', { name: /记一笔/ }));
    const form = await dialog('记一笔');
    fireEvent.mouseDown(form.getByLabelText('类别'));
    const options = await screen.findAllByText(/房租|工资|耗材与色料|水电|营销|其他/, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).toEqual(['房租', '工资', '耗材与色料', '水电', '营销', '其他']);
    fireEvent.click(options[0]);
    await user.type(form.getByLabelText('金额'), '3500.5');
    await user.type(form.getByLabelText('备注'), '十一月房租');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      type: 'expense',
      category: 'rent',
      amountFen: 350050,
      method: 'cash',
      occurredOn: shanghaiToday(),
      note: '十一月房租',
    });
    expect(await row('十一月房租')).toBeTruthy();
    expect(total('expense')).toBeGreaterThanOrEqual(350050);
    await expectSums();
  });

  it('reverses an entry with a reason; both stay listed and the sums drop it', async () => {
    const posted = sentBodies('POST', /\/ledger\/\d+\/reverse$/);
    const user = setupUser();
    openPage('/finance/income', MANAGER);
    const materials = ledger.table.rows.find((e) => e.note === '色料补货')!;
    await user.click((await row('色料补货')).getByRole('button', { name: /冲\s*正/ }));
    const form = await dialog(`冲正账目 #${materials.id}`);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await form.findByText('请输入冲正原因')).toBeTruthy();
    await user.type(form.getByLabelText('冲正原因'), '重复录入');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted).toEqual([{ reason: '重复录入' }]));
    const reversal = ledger.table.rows.find((e) => e.reversalOf === materials.id)!;
    expect(reversal).toMatchObject({ amountFen: -materials.amountFen, type: 'expense', category: 'materials' });
    // The original stays, marked, without its button; the reversal beside it.
    const original = await row('色料补货');
    expect(await original.findByText(`已被 #${reversal.id} 冲正`)).toBeTruthy();
    expect(original.queryByRole('button', { name: /冲\s*正/ })).toBeNull();
    expect(await row('重复录入')).toBeTruthy();
    await expectSums();
  });

  it('shows a refund as its own kind 退款, and says why a row has no reverse button', async () => {
    const now = new Date().toISOString();
    const entry = {
      shopId: 1,
      shopName: '',
      type: 'income' as const,
      method: null,
      occurredOn: shanghaiToday(),
      createdAt: now,
      updatedAt: now,
    };
    ledger.table.add({
      ...entry,
      category: 'service',
      amountFen: 9900,
      note: '订单收入测试',
      orderId: null,
      orderNo: null,
      afterSaleId: null,
      reversalOf: null,
      reversedBy: null,
      createdBy: '王店长',
    });
    ledger.table.add({
      ...entry,
      category: 'refund',
      amountFen: -5000,
      note: '退款测试',
      orderId: null,
      orderNo: null,
      afterSaleId: null,
      reversalOf: null,
      reversedBy: null,
      createdBy: '赵财务',
    });
    openPage('/finance/income', MANAGER);
    const refund = await row('退款测试');
    expect(refund.getByText('退款', { selector: '.ant-tag' })).toBeTruthy();
    expect(refund.queryByText('收入', { selector: '.ant-tag' })).toBeNull();
    expect(refund.getByText('退款随售后审核入账，不可冲正')).toBeTruthy();
    const serviceRow = await row('订单收入测试');
    expect(serviceRow.getByText('订单收入随订单入账，不可冲正')).toBeTruthy();
    expect(serviceRow.queryByRole('button', { name: /冲\s*正/ })).toBeNull();
  });
});
