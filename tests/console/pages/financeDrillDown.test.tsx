import { onTestFinished, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { performanceRecords, afterSales } from '../../../src/mocks/money';
import { seedFinanceDemo } from '../../../src/mocks/financeDemo';
import { server } from '../support/server';
import { shanghaiDayOf } from '../../../contract/shanghaiTime';
import { openPage, PAGE_TEST_TIMEOUT } from './support';

const FINANCE = '13800000003';
const ADMIN = '13800000001';
const SHOP_2 = '美颜坊·朝阳大悦城店';

const listedRows = () =>
  screen.queryAllByRole('row').filter((tr) => tr.querySelector('td') && !tr.classList.contains('ant-table-placeholder'));
/** The query strings of the list GETs to `path`, as the page sent them. */
function listQueries(path: RegExp) {
  const seen: URLSearchParams[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && path.test(url.pathname)) seen.push(url.searchParams);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return seen;
}

describe('a drill-down link with plain filters', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeEach(() => seedFinanceDemo());

  it('lands the review filtered by its shop, staff, status and period, shows them in the form and keeps them in the URL', async () => {
    const lists = listQueries(/performance-records$/);
    const record = performanceRecords.table.rows.find((r) => r.shopId === 2 && r.status === 'pending')!;
    // The period is in Shanghai days, as the page and the server read it.
    const day = shanghaiDayOf(Date.parse(record.createdAt));
    const app = openPage(`/finance/review?shopId=2&staffId=${record.staffId}&status=pending&from=${day}&to=${day}`, FINANCE);
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    const sent = lists.at(-1)!;
    expect([sent.get('shopId'), sent.get('staffId'), sent.get('status'), sent.get('from'), sent.get('to')]).toEqual([
      '2',
      String(record.staffId),
      'pending',
      day,
      day,
    ]);
    // The form shows the shop by name (the id from the URL is the Select's number) and the period.
    expect(await screen.findByText(SHOP_2, { selector: '.ant-select-selection-item' })).toBeTruthy();
    expect(await screen.findByText(record.staffName, { selector: '.ant-select-selection-item' })).toBeTruthy();
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe(day);
    const expected = performanceRecords.table.rows.filter(
      (r) => r.shopId === 2 && r.staffId === record.staffId && r.status === 'pending' && shanghaiDayOf(Date.parse(r.createdAt)) === day,
    );
    await waitFor(() => expect(listedRows()).toHaveLength(expected.length));
    // Written back in the list's own form: a reload or a shared link keeps the filters.
    await waitFor(() => expect(decodeURIComponent(app.location())).toContain('filters[0][field]=shopId'));
    expect(decodeURIComponent(app.location())).toContain(`[value]=${day}`);
  });

  it('lands the after-sales list filtered by its shop and status, in place of the pending-first visit', async () => {
    const lists = listQueries(/after-sales$/);
    openPage('/finance/after-sales?shopId=2&status=approved', FINANCE);
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect([lists.at(-1)!.get('shopId'), lists.at(-1)!.get('status')]).toEqual(['2', 'approved']);
    expect(await screen.findByText(SHOP_2, { selector: '.ant-select-selection-item' })).toBeTruthy();
    const expected = afterSales.table.rows.filter((a) => a.shopId === 2 && a.status === 'approved');
    await waitFor(() => expect(listedRows()).toHaveLength(Math.min(10, expected.length)));
  });
});

describe('the ranking (/finance/total)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('says its revenue is net of the refunds shown beside it', async () => {
    openPage('/finance/total', ADMIN);
    expect(await screen.findByText('门店净营业额排行')).toBeTruthy();
    expect(await screen.findByText('净营业额', { selector: 'th' })).toBeTruthy();
    expect(screen.getAllByText('退款', { selector: 'th' })).toHaveLength(1);
  });
});
