import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as route, HttpResponse } from 'msw';
import { server } from '../support/server';
import { api } from '../../../src/providers/http';
import { API } from '../../../contract/api';
import { loginAs, openDialogs, preloadPages, renderApp } from './renderApp';

beforeAll(preloadPages, 120_000);

/** Query strings of the shop list calls the page made. */
let listCalls: URLSearchParams[];

beforeEach(() => {
  listCalls = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === `${API.resourceBase}/shops`) listCalls.push(url.searchParams);
  });
  loginAs('13800000001');
});

afterEach(() => server.events.removeAllListeners());

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

// Whole-app renders with tables and modal forms: slow on a busy machine.
describe('shops page (/business/shop)', { timeout: 60_000 }, () => {
  it('lists the server rows with region, hours and status, newest first', async () => {
    renderApp('/business/shop');
    expect(await screen.findByText('美颜坊·徐汇旗舰店')).toBeTruthy();
    expect(within(row('美颜坊·徐汇旗舰店')).getByText('上海市 / 徐汇区')).toBeTruthy();
    expect(within(row('美颜坊·朝阳大悦城店')).getByText('10:00 - 22:00')).toBeTruthy();
    expect(within(row('美颜坊·天河正佳店')).getByText('营业中')).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect(Object.fromEntries(listCalls[0])).toMatchObject({ _start: '0', _end: '10', _sort: 'createdAt', _order: 'desc' });
  });

  it('searches with q', async () => {
    const user = userEvent.setup();
    renderApp('/business/shop');
    await screen.findByText('美颜坊·徐汇旗舰店');
    await user.type(screen.getByPlaceholderText('搜索门店名称、地址或电话'), '天河{Enter}');
    await waitFor(() => expect(screen.queryByText('美颜坊·徐汇旗舰店')).toBeNull());
    expect(screen.getByText('美颜坊·天河正佳店')).toBeTruthy();
    expect(listCalls.at(-1)?.get('q')).toBe('天河');
  });

  it('filters by a province from the URL: the server matches every shop below it, the form shows it', async () => {
    renderApp('/business/shop?filters[0][field]=regionCode&filters[0][operator]=eq&filters[0][value]=310000');
    expect(await screen.findByText('美颜坊·徐汇旗舰店')).toBeTruthy();
    expect(screen.queryByText('美颜坊·朝阳大悦城店')).toBeNull();
    expect(listCalls.at(-1)?.get('regionCode')).toBe('310000');
    expect(screen.getByText('上海市')).toBeTruthy();
  });

  it('asks 确定是否删除? and deletes a shop nothing refers to', async () => {
    const user = userEvent.setup();
    await api.post(`${API.resourceBase}/shops`, {
      name: '美颜坊·西湖银泰店',
      regionCode: '330106',
      address: '延安路 98 号',
      phone: '0571-87001234',
      openTime: '10:00',
      closeTime: '21:30',
    });
    renderApp('/business/shop');
    // Offered once the page knows nothing keeps the row.
    const remove = await waitFor(async () => {
      const button = within(await waitForRow('美颜坊·西湖银泰店')).getByRole('button', { name: /删\s*除/ });
      expect(button.hasAttribute('disabled')).toBe(false);
      return button;
    });
    await user.click(remove);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('确定是否删除?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('门店已删除')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('美颜坊·西湖银泰店')).toBeNull());
  });

  it('says on the delete button, before any click, why a shop still in use cannot be deleted', async () => {
    renderApp('/business/shop');
    const reason = '门店「美颜坊·天河正佳店」仍有1个账号授权，不能删除；如已不再营业，请将其设为停业';
    const button = await waitFor(async () =>
      within(await waitForRow('美颜坊·天河正佳店')).getByRole('button', { name: `删除：${reason}` }),
    );
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('edits a shop in a modal, checking fields with the contract rules', async () => {
    const user = userEvent.setup();
    renderApp('/business/shop');
    await user.click(within(await waitForRow('美颜坊·朝阳大悦城店')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('门店名称');
    await waitFor(() => expect(name).toHaveProperty('value', '美颜坊·朝阳大悦城店'));
    expect(within(dialog).getByText('北京市 / 朝阳区')).toBeTruthy();

    const phone = within(dialog).getByLabelText('联系电话');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('联系电话格式不正确，例如 021-64581234 或 13800000000')).toBeTruthy();

    await user.clear(phone);
    await user.type(phone, '010-85520000');
    await user.clear(name);
    await user.type(name, '美颜坊·朝阳合生汇店');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('门店「美颜坊·朝阳合生汇店」已保存')).toBeTruthy();
    expect(await screen.findByText('010-85520000')).toBeTruthy();
    await waitFor(() => expect(openDialogs()).toEqual([]));
  });

  it("puts the server's field errors on the form fields and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const reason = '营业结束时间必须晚于开始时间';
    server.use(
      route.patch(`*${API.resourceBase}/shops/:id`, () =>
        HttpResponse.json({ code: 40000, msg: reason, data: { fields: [{ field: 'closeTime', message: reason }] } }, { status: 400 }),
      ),
    );
    renderApp('/business/shop');
    await user.click(within(await waitForRow('美颜坊·徐汇旗舰店')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('门店名称')).toHaveProperty('value', '美颜坊·徐汇旗舰店'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // The message under the field, and the toast of http.ts.
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-explain-error')?.textContent).toBe(reason));
    await waitFor(() => expect(document.querySelector('.ant-message-notice')?.textContent).toContain(reason));
    expect(openDialogs()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(openDialogs()).toEqual([]));
  });

  it('new shop: an empty form shows what is missing', async () => {
    const user = userEvent.setup();
    renderApp('/business/shop');
    await screen.findByText('美颜坊·徐汇旗舰店');
    await user.click(screen.getByRole('button', { name: /新建门店/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入门店名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择所在地区')).toBeTruthy();
    expect(within(dialog).getByText('请输入联系电话')).toBeTruthy();
    expect(within(dialog).getByText('请输入营业开始时间')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(openDialogs()).toEqual([]));
  });
});

async function waitForRow(name: string): Promise<HTMLElement> {
  await screen.findByText(name);
  return row(name);
}
