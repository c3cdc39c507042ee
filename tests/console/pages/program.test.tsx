import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dialog, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const ADMIN = '13800000001';

async function openCreate() {
  const user = setupUser();
  openPage('/operation/program', ADMIN);
  await user.click(await screen.findByRole('button', { name: /新建项目/ }));
  return { user, form: await dialog('新建项目') };
}

/** Picks an option of the antd Select labelled `label` inside the form. */
async function choose(form: ReturnType<typeof within>, label: string, option: string) {
  fireEvent.mouseDown(form.getByLabelText(label));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('programs page (/operation/program)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists programs with the Chinese type label, prices in yuan and off-shelf tag', async () => {
    openPage('/operation/program', ADMIN);
    const wuMei = await row('雾眉');
    expect(wuMei.getByText('纹眉')).toBeTruthy();
    expect(wuMei.getByText('¥1,680.00')).toBeTruthy();
    expect(wuMei.getByText('¥1,380.00')).toBeTruthy();
    expect((await row('小气泡清洁')).getByText('下架')).toBeTruthy();
  });

  it('says "请输入名称" when the name is empty', async () => {
    const { user, form } = await openCreate();
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    expect(await form.findByText('请输入名称')).toBeTruthy();
  });

  it('takes prices in yuan and sends integer fen', async () => {
    const posted = sentBodies('POST', '/programs');
    const { user, form } = await openCreate();
    await user.type(form.getByLabelText('名称'), '韩式半永久');
    await choose(form, '类型', '纹唇');
    await user.type(form.getByLabelText('价格'), '1234.5');
    await user.type(form.getByLabelText('会员价'), '0.29');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ name: '韩式半永久', type: 2, priceFen: 123450, vipPriceFen: 29, touchUpDays: 60 });
    // The new row shows the amounts in yuan again.
    expect((await row('韩式半永久')).getByText('¥1,234.50')).toBeTruthy();
  });

  it('refuses a VIP price above the price', async () => {
    const posted = sentBodies('POST', '/programs');
    const { user, form } = await openCreate();
    await user.type(form.getByLabelText('名称'), '雾眉');
    await choose(form, '类型', '纹眉');
    await user.type(form.getByLabelText('价格'), '100');
    await user.type(form.getByLabelText('会员价'), '100.01');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    expect(await form.findByText('会员价不能高于价格')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('defaults the touch-up days by type until they are typed by hand', async () => {
    const { user, form } = await openCreate();
    const days = form.getByLabelText('免费补色期（天）') as HTMLInputElement;
    await choose(form, '类型', '美容');
    await waitFor(() => expect(days.value).toBe('0'));
    await choose(form, '类型', '纹眉');
    await waitFor(() => expect(days.value).toBe('60'));
    await user.clear(days);
    await user.type(days, '90');
    await choose(form, '类型', '美容');
    expect(days.value).toBe('90');
  });

  it('adds, reorders and removes detail rows and sends them in order', async () => {
    const posted = sentBodies('POST', '/programs');
    const { user, form } = await openCreate();
    await user.type(form.getByLabelText('名称'), '水雾唇');
    await choose(form, '类型', '纹唇');
    await user.type(form.getByLabelText('价格'), '1980');
    await user.type(form.getByLabelText('会员价'), '1680');

    const add = form.getByRole('button', { name: /添加一行/ });
    for (let i = 0; i < 3; i++) await user.click(add);
    const keys = () => form.getAllByLabelText(/^参数名/).map((el) => (el as HTMLInputElement).value);
    const values = form.getAllByLabelText('参数内容');
    const names = form.getAllByLabelText(/^参数名/);
    await user.type(names[0], '适合人群');
    await user.type(values[0], '唇色暗沉');
    await user.type(names[1], '保持时间');
    await user.type(values[1], '1-2 年');
    await user.type(names[2], '多余的一行');
    await user.type(values[2], '删掉');

    // The first row down, then the (now) last row out.
    await user.click(form.getAllByRole('button', { name: '下移' })[0]);
    await waitFor(() => expect(keys()).toEqual(['保持时间', '适合人群', '多余的一行']));
    expect((form.getAllByRole('button', { name: '上移' })[0] as HTMLButtonElement).disabled).toBe(true);
    await user.click(form.getAllByRole('button', { name: '删除此行' })[2]);
    await waitFor(() => expect(keys()).toEqual(['保持时间', '适合人群']));
    await user.click(form.getAllByRole('button', { name: '上移' })[1]);
    await waitFor(() => expect(keys()).toEqual(['适合人群', '保持时间']));

    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as { details: unknown }).details).toEqual([
      { key: '适合人群', value: '唇色暗沉' },
      { key: '保持时间', value: '1-2 年' },
    ]);
  });

  it('takes a program off the shelf from the list', async () => {
    const user = setupUser();
    openPage('/operation/program', ADMIN);
    const wuMei = await row('雾眉');
    await user.click(wuMei.getByRole('button', { name: '下架' }));
    expect(await screen.findByText('项目「雾眉」已下架，不再用于新的预约和订单')).toBeTruthy();
    await waitFor(async () => expect((await row('雾眉')).getByText('下架', { selector: '.ant-tag' })).toBeTruthy());
  });
});
