import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { preloadPages } from '../app/renderApp';
import { dialog, mockBooking, openPage, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';

/** The booking dialog of 新客预约, opened as the shop manager. */
async function openBookingDialog(user: ReturnType<typeof setupUser>) {
  openPage('/appointment/new-customer', MANAGER);
  // The booking board is a heavy first chunk on a loaded machine.
  await user.click(await screen.findByRole('button', { name: /新建预约/ }, { timeout: 30_000 }));
  return dialog('新建预约');
}

/** Switches the dialog to 老客户 and types `text` into its customer search. */
async function searchExistingCustomer(user: ReturnType<typeof setupUser>, form: Awaited<ReturnType<typeof dialog>>, text: string) {
  await user.click(form.getByText('老客户'));
  const search = form.getByText('输入姓名或手机尾号四位搜索').closest('.ant-select')!.querySelector('input')!;
  fireEvent.mouseDown(search);
  await user.type(search, text);
}

describe('booking dialog: a chain customer of another shop', { timeout: PAGE_TEST_TIMEOUT }, () => {
  // The layout and this page are transformed once, before any test waits on them (a loaded machine is slow).
  beforeAll(async () => {
    await Promise.all([preloadPages(), import('../../../src/pages/appointment')]);
  }, 120_000);

  it('is offered by the full phone when this shop has nobody with it, as a card with the home shop', async () => {
    const user = setupUser();
    const form = await openBookingDialog(user);
    await searchExistingCustomer(user, form, '13700009999');
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
    const form = await openBookingDialog(user);
    expect(form.getByRole('radio', { name: '新客户' })).toHaveProperty('checked', true);
    expect(form.getByLabelText('姓名')).toBeTruthy();
    expect(form.getByLabelText('手机号')).toBeTruthy();
  });

  it("offers only the artists of the program's type, and asks before booking a customer already booked at that time", async () => {
    const day = new Date(Date.now() + 8 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
    mockBooking(Date.parse(`${day}T14:00:00+08:00`), { status: 'confirmed', durationMinutes: 90 });
    const created = sentBodies('POST', '/appointments');
    const user = setupUser();
    const form = await openBookingDialog(user);
    await searchExistingCustomer(user, form, '陈雪');
    fireEvent.click(await screen.findByText(/^陈雪 /, { selector: '.ant-select-item-option-content' }));

    fireEvent.mouseDown(form.getByLabelText('服务项目'));
    fireEvent.click(await screen.findByText('水晶唇（150 分钟）', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(form.getByLabelText('服务人员'));
    await screen.findByText('李婷', { selector: '.ant-select-item-option-content' });
    expect(screen.queryByText('张敏', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(screen.getByText('李婷', { selector: '.ant-select-item-option-content' }));

    const start = form.getByLabelText('开始时间');
    await user.click(start);
    await user.type(start, `${day} 15:00{enter}`);
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    const ask = await dialog('该客户这个时间已有预约');
    expect(ask.getByText(/14:00–15:30 陈雪 · 雾眉 · 李婷/)).toBeTruthy();
    expect(created).toHaveLength(0);
    await user.click(ask.getByRole('button', { name: '仍然预约' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ customerId: 1, staffId: 1 });
  });
});
