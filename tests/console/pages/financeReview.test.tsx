import { beforeEach, describe, expect, it, vi, onTestFinished } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { performanceRecords } from '../../../src/mocks/money';
import { seedFinanceDemo } from '../../../src/mocks/financeDemo';
import { formatFen } from '../../../src/components/money';
import { http as route, HttpResponse } from 'msw';
import { server } from '../support/server';
import { dialog, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const FINANCE = '13800000003';
const MANAGER = '13800000002';

const pending = () => performanceRecords.table.rows.filter((r) => r.status === 'pending');
const sum = (rows: { amountFen: number }[]) => rows.reduce((s, r) => s + r.amountFen, 0);
/** The first listed record of 刘芳 (shop 2), who has two. */
const liuFang = () => pending().find((r) => r.staffName === '刘芳')!;
/** The open confirmation bubble with this title. */
async function confirmation(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-popconfirm-title' });
  return within(heading.closest('.ant-popconfirm') as HTMLElement);
}
const listedRows = () => screen.queryAllByRole('row').filter((tr) => tr.querySelector('td'));
/** Every GET to a path the page made, as its query parameters and its Authorization header. */
function listQueries(path: RegExp) {
  const seen: (URLSearchParams & { authorization?: string | null })[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && path.test(url.pathname))
      seen.push(Object.assign(url.searchParams, { authorization: request.headers.get('authorization') }));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return seen;
}

describe('performance review (/finance/review)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeEach(() => seedFinanceDemo());

  it("lists every shop's pending records with the sums of all of them above the table", async () => {
    openPage('/finance/review', FINANCE);
    // Shop 2's member is listed beside shop 1's.
    expect(await row(liuFang().orderNo)).toBeTruthy();
    await waitFor(() => expect(listedRows()).toHaveLength(pending().length));
    const amount = await screen.findByTestId('sum-amount');
    await waitFor(() => expect(amount.textContent).toContain(formatFen(sum(pending()))));
    expect(screen.getByTestId('sum-count').textContent).toContain(String(pending().length));
    const commission = pending().reduce((s, r) => s + r.commissionFen, 0);
    expect(screen.getByTestId('sum-commission').textContent).toContain(formatFen(commission));
  });

  it('filters by shop, and the sums follow the filter', async () => {
    const sums = listQueries(/performance-records\/summary$/);
    const user = setupUser();
    openPage('/finance/review', FINANCE);
    await row(liuFang().orderNo);
    fireEvent.mouseDown(screen.getByText('全部门店').closest('.ant-select')!.querySelector('input')!);
    fireEvent.click(await screen.findByText('美颜坊·朝阳大悦城店', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    const shop2 = pending().filter((r) => r.shopId === 2);
    await waitFor(() => expect(listedRows()).toHaveLength(shop2.length));
    expect(screen.queryByText('李婷')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('sum-amount').textContent).toContain(formatFen(sum(shop2))));
    expect(sums.at(-1)?.get('shopId')).toBe('2');
    expect(sums.at(-1)?.get('status')).toBe('pending');
  });

  it('rejects a record only with a reason', async () => {
    const posted = sentBodies('POST', /performance-records\/\d+\/reject$/);
    const user = setupUser();
    openPage('/finance/review', FINANCE);
    const target = liuFang();
    await user.click((await row(target.orderNo)).getByRole('button', { name: /驳\s*回/ }));
    const form = await dialog(`驳回业绩：${target.orderNo} 刘芳`);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await form.findByText('请输入驳回原因')).toBeTruthy();
    expect(posted).toHaveLength(0);
    await user.type(form.getByLabelText('驳回原因'), '服务人员登记有误');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted).toEqual([{ reason: '服务人员登记有误' }]));
    expect(await screen.findByText(`已驳回 ${target.orderNo} 刘芳 的业绩`)).toBeTruthy();
    expect(performanceRecords.table.find(target.id)).toMatchObject({
      status: 'rejected',
      rejectReason: '服务人员登记有误',
      reviewedBy: '赵财务',
    });
    // The list shows pending records: the rejected one leaves it.
    await waitFor(() => expect(listedRows()).toHaveLength(pending().length));
  });

  it('approves one record only once its amount is confirmed', async () => {
    const posted = sentBodies('POST', /performance-records\/\d+\/approve$/);
    const user = setupUser();
    openPage('/finance/review', FINANCE);
    const target = liuFang();
    await user.click((await row(target.orderNo)).getByRole('button', { name: /通\s*过/ }));
    const confirm = await confirmation(`确认通过 1 条业绩，合计 ${formatFen(target.amountFen)}？`);
    expect(confirm.getByText(`${target.orderNo} 刘芳，通过后不能再驳回`)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: /取\s*消/ }));
    expect(posted).toHaveLength(0);
    expect(performanceRecords.table.find(target.id)!.status).toBe('pending');
    await user.click((await row(target.orderNo)).getByRole('button', { name: /通\s*过/ }));
    const again = await confirmation(`确认通过 1 条业绩，合计 ${formatFen(target.amountFen)}？`);
    await user.click(again.getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(posted).toEqual([{}]));
    expect(await screen.findByText(`已通过 ${target.orderNo} 刘芳 的业绩`)).toBeTruthy();
  });

  it('approves the picked records in one step and says which were skipped and why', async () => {
    const posted = sentBodies('POST', /performance-records\/approve$/);
    const user = setupUser();
    openPage('/finance/review', FINANCE);
    await row(liuFang().orderNo);
    await waitFor(() => expect(listedRows()).toHaveLength(pending().length));
    const picked = pending().map((r) => r.id);
    const total = sum(pending());
    await user.click(within(document.querySelector('thead')!).getByRole('checkbox'));
    const approveAll = await screen.findByRole('button', { name: `批量通过（已选 ${picked.length} 条）` });
    // Meanwhile another reviewer approves one of them.
    const taken = performanceRecords.table.find(picked[0])!;
    performanceRecords.table.replace(taken, { ...taken, status: 'approved', reviewedBy: '林管理' });
    await user.click(approveAll);
    // Nothing is sent before the count and the total are confirmed.
    const confirm = await confirmation(`确认通过 ${picked.length} 条业绩，合计 ${formatFen(total)}？`);
    expect(posted).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as { ids: number[] }).ids.sort()).toEqual([...picked].sort());
    expect(await screen.findByText(`已通过 ${picked.length - 1} 条，跳过 1 条`)).toBeTruthy();
    expect(screen.getByText(`${taken.orderNo} ${taken.staffName}：该业绩记录已通过，不能再审核`)).toBeTruthy();
    expect(pending()).toHaveLength(0);
    await waitFor(() => expect(listedRows().filter((tr) => !tr.classList.contains('ant-table-placeholder'))).toHaveLength(0));
  });

  it('exports the filtered list through the authenticated client and saves it under the server name', async () => {
    const exports = listQueries(/performance-records\/export$/);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    onTestFinished(() => click.mockRestore());
    const user = setupUser();
    openPage('/finance/review', FINANCE);
    await row(liuFang().orderNo);
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toEqual(['业绩记录_全部.csv']));
    expect(exports).toHaveLength(1);
    expect(exports[0].get('status')).toBe('pending');
    expect(exports[0].get('_sort')).toBe('createdAt');
    expect(exports[0].has('_start')).toBe(false);
    // The token travels in the header, never in the URL.
    expect(exports[0].authorization).toMatch(/^Bearer /);
    expect([...exports[0].keys()]).toEqual(expect.not.arrayContaining(['token', 'access_token']));
    expect(await screen.findByText('已导出「业绩记录_全部.csv」')).toBeTruthy();
  });

  it("shows the server's message when an export is refused", async () => {
    const refusal = '同时进行的导出过多，请稍后再试';
    server.use(
      route.get('*/api/beer/backstage/performance-records/export', () =>
        HttpResponse.json({ code: 42900, msg: refusal, data: null }, { status: 429 }),
      ),
    );
    const user = setupUser();
    openPage('/finance/review', FINANCE);
    await row(liuFang().orderNo);
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    // The button is ready for another try.
    await waitFor(() => expect(screen.getByRole('button', { name: /导\s*出/ }).className).not.toContain('ant-btn-loading'));
  });

  it('is not a page for a shop manager', async () => {
    const app = openPage('/finance/review', MANAGER);
    await waitFor(() => expect(app.location()).toBe('/dashboard/workplace'));
  });
});
