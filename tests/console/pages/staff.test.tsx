import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http as route, HttpResponse } from 'msw';
import { server } from '../support/server';
import { staff } from '../../../src/mocks/staff';
import { dialog, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';

describe('staff page (/shop/staff)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it("lists the current shop's staff with Chinese job and status labels, masked phones and commission in %", async () => {
    openPage('/shop/staff', MANAGER);
    const li = await row('李婷');
    expect(li.getByText('纹绣师')).toBeTruthy();
    expect(li.getByText('在职')).toBeTruthy();
    expect(li.getByText('139****0001')).toBeTruthy();
    expect(li.getByText('15%')).toBeTruthy();
    expect((await row('张敏')).getByText('美容师')).toBeTruthy();
    // Another shop's member is not listed.
    expect(screen.queryByText('刘芳')).toBeNull();
  });

  it('offers the four jobs by their Chinese names and stores the commission in basis points', async () => {
    const posted = sentBodies('POST', '/staff');
    const user = setupUser();
    openPage('/shop/staff', MANAGER);
    await user.click(await screen.findByRole('button', { name: /新建员工/ }));
    const form = await dialog('新建员工');
    await user.type(form.getByLabelText('姓名'), '赵雅');
    await user.type(form.getByLabelText('手机号'), '13911112222');
    fireEvent.mouseDown(form.getByLabelText('岗位'));
    await screen.findByText('纹绣师', { selector: '.ant-select-item-option-content' });
    const options = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content');
    expect([...options].map((o) => o.textContent)).toEqual(['纹绣师', '美容师', '前台', '店长']);
    fireEvent.click(await screen.findByText('前台', { selector: '.ant-select-item-option-content' }));
    await user.type(form.getByLabelText('提成比例'), '12.5');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ name: '赵雅', phone: '13911112222', job: 'receptionist', commissionRateBp: 1250, status: 'active' });
    const zhao = await row('赵雅');
    expect(zhao.getByText('前台')).toBeTruthy();
    expect(zhao.getByText('12.5%')).toBeTruthy();
  });

  it('marks a member as left with a button', async () => {
    const patched = sentBodies('PATCH', /\/staff\/\d+$/);
    const user = setupUser();
    openPage('/shop/staff', MANAGER);
    await user.click((await row('张敏')).getByRole('button', { name: '离职' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('「张敏」已标记为离职')).toBeTruthy();
    expect(patched).toEqual([{ status: 'left' }]);
    await waitFor(async () => expect((await row('张敏')).getByRole('button', { name: '复职' })).toBeTruthy());
  });

  it('says on the delete button why a member with history cannot be deleted, before any click', async () => {
    const reason = '员工「李婷」已有3条预约，不能删除；如已离职，请将在职状态设为离职';
    const li = staff.table.rows.find((m) => m.name === '李婷')!;
    const zhang = staff.table.rows.find((m) => m.name === '张敏')!;
    const asked: string[] = [];
    server.use(
      route.get('*/api/beer/backstage/staff/delete-blocks', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('ids')!);
        return HttpResponse.json({ code: 0, msg: 'ok', data: [{ id: li.id, reason }] });
      }),
    );
    openPage('/shop/staff', MANAGER);
    const blocked = await waitFor(async () => (await row('李婷')).getByRole('button', { name: `删除：${reason}` }));
    expect(blocked.hasAttribute('disabled')).toBe(true);
    expect((await row('张敏')).getByRole('button', { name: /删\s*除/ }).hasAttribute('disabled')).toBe(false);
    // One question for the page's rows, not one per row.
    expect(asked.map((ids) => ids.split(',').map(Number).sort())).toContainEqual([li.id, zhang.id].sort());
  });

  it("shows the server's refusal when history arrived after the page asked (a booking made meanwhile)", async () => {
    const refusal = '员工「李婷」已有预约，不能删除；如已离职，请将在职状态设为离职';
    server.use(
      route.delete('*/api/beer/backstage/staff/:id', () => HttpResponse.json({ code: 40900, msg: refusal, data: null }, { status: 409 })),
    );
    const user = setupUser();
    openPage('/shop/staff', MANAGER);
    const remove = await waitFor(async () => {
      const button = (await row('李婷')).getByRole('button', { name: /删\s*除/ });
      expect(button.hasAttribute('disabled')).toBe(false);
      return button;
    });
    await user.click(remove);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(await row('李婷')).toBeTruthy();
  });

  it('edits a member without sending the masked phone back', async () => {
    const patched = sentBodies('PATCH', /\/staff\/\d+$/);
    const user = setupUser();
    openPage('/shop/staff', MANAGER);
    await user.click((await row('李婷')).getByRole('button', { name: /编\s*辑/ }));
    const form = await dialog('编辑员工');
    await waitFor(() => expect((form.getByLabelText('级别') as HTMLInputElement).value).toBe('高级'));
    expect(form.getByText('139****0001')).toBeTruthy();
    await user.clear(form.getByLabelText('级别'));
    await user.type(form.getByLabelText('级别'), '资深');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toMatchObject({ level: '资深' });
    expect(patched[0]).not.toHaveProperty('phone');
  });

  it('sends a new phone once the manager chooses to change it', async () => {
    const patched = sentBodies('PATCH', /\/staff\/\d+$/);
    const user = setupUser();
    openPage('/shop/staff', MANAGER);
    await user.click((await row('张敏')).getByRole('button', { name: /编\s*辑/ }));
    const form = await dialog('编辑员工');
    await user.click(await form.findByRole('button', { name: '修改' }));
    const phone = form.getByLabelText('手机号') as HTMLInputElement;
    expect(phone.value).toBe('');
    await user.type(phone, '1391234');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    expect(await form.findByText('手机号格式不正确，应为 11 位手机号')).toBeTruthy();
    await user.type(phone, '5678');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toMatchObject({ phone: '13912345678' });
    expect(await row('139****5678')).toBeTruthy();
  });
});
