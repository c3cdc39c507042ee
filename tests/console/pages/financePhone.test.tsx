import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { performanceRecords, afterSales } from '../../../src/mocks/money';
import { seedFinanceDemo } from '../../../src/mocks/financeDemo';
import { formatFen } from '../../../src/components/money';
import { openPage, PAGE_TEST_TIMEOUT } from './support';

const FINANCE = '13800000003';
const MANAGER = '13800000002';

declare const window: Window & { happyDOM: { setViewport(size: { width: number; height: number }): void } };

/** The finance lists on a 390 px phone: one card per row, the money readable beside its button. */
describe('finance lists on a phone', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeEach(() => {
    seedFinanceDemo();
    window.happyDOM.setViewport({ width: 390, height: 844 });
  });
  afterEach(() => window.happyDOM.setViewport({ width: 1024, height: 768 }));

  it('review: each record is a card with its amount, staff, order and state above 通过', async () => {
    openPage('/finance/review', FINANCE);
    const record = performanceRecords.table.rows
      .filter((r) => r.status === 'pending')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const cards = await screen.findAllByTestId('list-card');
    const card = within(cards.find((c) => c.textContent!.includes(record.orderNo))!);
    expect(card.getByText('业绩金额').nextSibling!.textContent).toBe(formatFen(record.amountFen));
    expect(card.getByText('员工').nextSibling!.textContent).toBe(record.staffName);
    expect(card.getByText('订单号').nextSibling!.textContent).toBe(record.orderNo);
    expect(card.getByText('状态').nextSibling!.textContent).toBe('待审核');
    expect(card.getByRole('button', { name: /通\s*过/ })).toBeTruthy();
    // No table header and no pinned columns: the card is the row.
    expect(document.querySelector('.ant-table-thead')).toBeNull();
    expect(document.querySelector('.ant-table-cell-fix-right')).toBeNull();
  });

  it('after-sales: each request is a card', async () => {
    openPage('/finance/after-sales', FINANCE);
    const request = afterSales.table.rows.find((a) => a.status === 'pending')!;
    await waitFor(() => expect(screen.getAllByTestId('list-card').some((c) => c.textContent!.includes(request.orderNo))).toBe(true));
  });

  it('the ledger: each entry is a card with its amount', async () => {
    openPage('/finance/income', MANAGER);
    const card = within((await screen.findAllByTestId('list-card'))[0]);
    expect(card.getByText('金额')).toBeTruthy();
  });
});
