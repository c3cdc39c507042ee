import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { preloadPages } from '../app/renderApp';
import { dialog, openPage, setupUser, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';

describe('booking dialog: a chain customer of another shop', { timeout: PAGE_TEST_TIMEOUT }, () => {
  // The layout and this page are transformed once, before any test waits on them (a loaded machine is slow).
  beforeAll(async () => {
    await Promise.all([preloadPages(), import('../../../src/pages/appointment')]);
  }, 120_000);

  it('is offered by the full phone when this shop has nobody with it, as a card with the home shop', async () => {
    const user = setupUser();
    openPage('/appointment/new-customer', MANAGER);
    // The booking board is a heavy first chunk on a loaded machine.
    await user.click(await screen.findByRole('button', { name: /新建预约/ }, { timeout: 30_000 }));
    const form = await dialog('新建预约');
    await user.click(form.getByText('老客户'));
    const search = form.getByText('输入姓名或手机尾号四位搜索').closest('.ant-select')!.querySelector('input')!;
    fireEvent.mouseDown(search);
    await user.type(search, '13700009999');
    const option = await screen.findByText('黄丽 137****9999 · 所属门店：美颜坊·天河正佳店', {
      selector: '.ant-select-item-option-content',
    });
    fireEvent.click(option);
    const card = within(await form.findByTestId('customer-card'));
    expect(card.getByText('黄丽')).toBeTruthy();
    expect(card.getByText('所属门店：美颜坊·天河正佳店')).toBeTruthy();
  });

  it('opens on 新客户: the name, phone and source of the new customer first', async () => {
    const user = setupUser();
    openPage('/appointment/new-customer', MANAGER);
    await user.click(await screen.findByRole('button', { name: /新建预约/ }, { timeout: 30_000 }));
    const form = await dialog('新建预约');
    expect(form.getByRole('radio', { name: '新客户' })).toHaveProperty('checked', true);
    expect(form.getByLabelText('姓名')).toBeTruthy();
    expect(form.getByLabelText('手机号')).toBeTruthy();
  });
});
