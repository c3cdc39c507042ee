import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customers } from '../../../src/mocks/customers';
import { formatDateTime } from '../../../src/components/format';
import { dialog, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

declare const window: Window & { happyDOM: { setViewport(size: { width: number; height: number }): void } };

const MANAGER = '13800000002';

const listedNames = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((tr) => tr.querySelector('td a')?.textContent ?? tr.textContent);

describe('customers list (/shop/consumer)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it("shows the current shop's customers with masked phones and Chinese source labels", async () => {
    openPage('/shop/consumer', MANAGER);
    const chen = await row('陈雪');
    expect(chen.getByText('137****1234')).toBeTruthy();
    expect(chen.getByText('美团点评')).toBeTruthy();
    expect(chen.getByText('VIP')).toBeTruthy();
    expect(chen.getByText('老客')).toBeTruthy();
    expect(screen.queryByText('黄丽')).toBeNull();
  });

  it('has a VIP column and a last-visit column', async () => {
    openPage('/shop/consumer', MANAGER);
    const chen = await row('陈雪');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['会员', '最近到店']));
    const column = (name: string) => headers.indexOf(name);
    const cells = (r: typeof chen) => r.getAllByRole('cell').map((td) => td.textContent);
    const visited = customers.table.rows.find((c) => c.name === '陈雪')!.lastVisitAt!;
    expect(cells(chen)[column('会员')]).toBe('VIP');
    expect(cells(chen)[column('最近到店')]).toBe(formatDateTime(visited).slice(0, 10));
    const zhou = await row('周悦');
    expect(cells(zhou)[column('会员')]).toBe('-');
    expect(cells(zhou)[column('最近到店')]).toBe('未到店消费');
  });

  it('finds a customer by the last four digits of the phone', async () => {
    const user = setupUser();
    const app = openPage('/shop/consumer', MANAGER);
    await row('陈雪');
    await user.type(screen.getByPlaceholderText('姓名或手机号（可输后四位）'), '5678{Enter}');
    await waitFor(() => expect(listedNames()).toEqual(['周悦']));
    expect(app.location()).toContain('q');
  });

  it('filters by source', async () => {
    const user = setupUser();
    openPage('/shop/consumer', MANAGER);
    await row('陈雪');
    fireEvent.mouseDown(screen.getByText('全部来源').closest('.ant-select')!.querySelector('input')!);
    fireEvent.click(await screen.findByText('到店', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listedNames()).toEqual(['周悦']));
  });

  it('filters by tag and VIP', async () => {
    const user = setupUser();
    openPage('/shop/consumer', MANAGER);
    await row('陈雪');
    await user.type(screen.getByText('按标签筛选').closest('.ant-select')!.querySelector('input')!, '老客{Enter}');
    fireEvent.mouseDown(screen.getByText('会员与否').closest('.ant-select')!.querySelector('input')!);
    fireEvent.click(await screen.findByText('会员', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listedNames()).toEqual(['陈雪']));
  });

  it('adds a customer with every field of the form', async () => {
    const posted = sentBodies('POST', '/customers');
    const user = setupUser();
    openPage('/shop/consumer', MANAGER);
    await user.click(await screen.findByRole('button', { name: /新建客户/ }));
    const form = await dialog('新建客户');
    await user.type(form.getByLabelText('姓名'), '吴佳');
    await user.type(form.getByLabelText('手机号'), '13655556666');
    await user.click(form.getByLabelText('女'));
    await user.click(form.getByRole('switch'));
    await user.type(form.getByLabelText('标签'), '敏感肌{Enter}');
    await user.type(form.getByLabelText('过敏与健康备注'), '对利多卡因过敏');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: '吴佳',
      phone: '13655556666',
      gender: 'female',
      source: 'walk-in',
      vip: true,
      tags: ['敏感肌'],
      healthNotes: '对利多卡因过敏',
    });
    const wu = await row('吴佳');
    expect(wu.getByText('136****6666')).toBeTruthy();
  });

  it("names the other shop when the phone is already a customer's there", async () => {
    const user = setupUser();
    openPage('/shop/consumer', MANAGER);
    await user.click(await screen.findByRole('button', { name: /新建客户/ }));
    const form = await dialog('新建客户');
    await user.type(form.getByLabelText('姓名'), '黄丽');
    await user.type(form.getByLabelText('手机号'), '13700009999');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('手机号 137****9999 已是「美颜坊·天河正佳店」的客户')).toBeTruthy();
  });
});

describe('customer detail (/shop/consumer/:id)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('opens from the list and reveals the full phone on request', async () => {
    const revealed = sentBodies('POST', /\/customers\/\d+\/reveal-phone$/);
    const user = setupUser();
    const app = openPage('/shop/consumer', MANAGER);
    await user.click((await row('陈雪')).getByRole('link', { name: '详情' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/shop\/consumer\/\d+$/));
    // The list stays mounted out of sight (the tab bar keeps it): read the detail page only.
    const detail = (await screen.findByRole('tab', { name: '资料' })).closest('.app-page') as HTMLElement;
    expect(within(detail).getByText('137****1234')).toBeTruthy();
    expect(screen.queryByText('13700001234')).toBeNull();
    await user.click(screen.getByRole('button', { name: /显示完整手机号/ }));
    expect(await screen.findByText('13700001234')).toBeTruthy();
    expect(revealed).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /显示完整手机号/ })).toBeNull();
  });

  it('has tabs for the profile, the visits (none yet) and the notes', async () => {
    const patched = sentBodies('PATCH', /\/customers\/\d+$/);
    const user = setupUser();
    openPage('/shop/consumer', MANAGER);
    await user.click((await row('周悦')).getByRole('link', { name: '周悦' }));
    expect(await screen.findByRole('tab', { name: '资料' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '到店记录' }));
    expect(await screen.findByText('暂无到店记录')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '备注' }));
    await user.type(await screen.findByPlaceholderText('客户偏好、沟通记录等'), '喜欢自然眉形');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('备注已保存')).toBeTruthy();
    expect(patched).toEqual([{ notes: '喜欢自然眉形' }]);
  });

  describe('on a phone', () => {
    afterEach(() => window.happyDOM.setViewport({ width: 1024, height: 768 }));

    it('switches sections with a select instead of a tab bar that would overflow', async () => {
      window.happyDOM.setViewport({ width: 390, height: 844 });
      const user = setupUser();
      openPage('/shop/consumer', MANAGER);
      await user.click((await row('周悦')).getByRole('link', { name: '周悦' }));
      const section = await screen.findByRole('combobox', { name: '客户详情分区' });
      expect(screen.queryByRole('tab', { name: '到店记录' })).toBeNull();
      fireEvent.mouseDown(section);
      fireEvent.click(await screen.findByText('到店记录', { selector: '.ant-select-item-option-content' }));
      expect(await screen.findByText('暂无到店记录')).toBeTruthy();
    });
  });
});
