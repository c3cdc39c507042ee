import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccountListPage from '../../../src/pages/account';
import { row, sentBodies } from '../pages/support';
import { renderPiece } from './render';

const ADMIN = '13800000001';

async function openAccounts() {
  return renderPiece(<AccountListPage />, { phone: ADMIN, path: '/business/account' });
}

/** Picks `option` in the antd Select labelled `label` inside `scope`. */
async function choose(user: ReturnType<typeof userEvent.setup>, scope: ReturnType<typeof within>, label: string, option: string) {
  await user.click(scope.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = Array.from(
      document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ).find((o) => o.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await user.click(item);
}

async function modal(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return within(heading.closest('.ant-modal') as HTMLElement);
}

describe('accounts page (/business/account)', () => {
  it('lists the accounts with masked phones, grants and status', async () => {
    await openAccounts();
    const manager = await row('王店长');
    expect(manager.getByText('138****0002')).toBeTruthy();
    expect(manager.getByText('店长（美颜坊·徐汇旗舰店）')).toBeTruthy();
    expect(manager.getByText('店长（美颜坊·朝阳大悦城店）')).toBeTruthy();
    expect(manager.getByText('正常')).toBeTruthy();
    expect(screen.queryByText('13800000002')).toBeNull();
  });

  it("offers no 停用 and no 重置密码 on the admin's own row (the server refuses them there)", async () => {
    await openAccounts();
    const own = await row('林管理');
    expect(own.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(own.queryByRole('button', { name: /停\s*用/ })).toBeNull();
    expect(own.queryByRole('button', { name: /重置密码/ })).toBeNull();
    const other = await row('王店长');
    expect(other.getByRole('button', { name: /停\s*用/ })).toBeTruthy();
    expect(other.getByRole('button', { name: /重置密码/ })).toBeTruthy();
  });

  it('creates an account and shows its initial password once', { timeout: 40_000 }, async () => {
    const user = userEvent.setup();
    const created = sentBodies('POST', '/api/beer/backstage/accounts');
    await openAccounts();
    await row('王店长');
    await user.click(screen.getByRole('button', { name: /新建账号/ }));
    const form = await modal('新建账号');
    await user.type(form.getByLabelText('姓名'), '孙纹绣');
    await user.type(form.getByLabelText('手机号'), '13900001234');
    await user.type(form.getByLabelText('职位'), '纹绣师');
    await choose(user, form, '角色', '店长');
    // A shop-manager grant needs its shop: the contract's message until one is chosen.
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    expect(await form.findByText('店长角色必须选择门店')).toBeTruthy();
    await choose(user, form, '门店', '美颜坊·天河正佳店');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));

    const shown = await modal('账号已创建');
    const password = shown.getByTestId('initial-password').textContent ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{10}$/);
    expect(shown.getByText('139****1234')).toBeTruthy();
    expect(shown.getByLabelText('复制密码')).toBeTruthy();
    expect(created).toEqual([{ name: '孙纹绣', phone: '13900001234', jobName: '纹绣师', grants: [{ role: 'shop-manager', shopID: 3 }] }]);

    await user.click(shown.getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByText(password)).toBeNull());
    const added = await row('孙纹绣');
    expect(added.getByText('店长（美颜坊·天河正佳店）')).toBeTruthy();
    // The list never shows it again.
    expect(document.body.textContent).not.toContain(password);
  });

  it('resets a password after confirmation and shows the new one once', async () => {
    const user = userEvent.setup();
    await openAccounts();
    const finance = await row('赵财务');
    await user.click(finance.getByRole('button', { name: '重置密码' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    const shown = await modal('密码已重置');
    expect(shown.getByTestId('initial-password').textContent).toMatch(/^[A-Za-z2-9]{10}$/);
    await user.click(shown.getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByTestId('initial-password')).toBeNull());
  });

  it('disables and enables an account', async () => {
    const user = userEvent.setup();
    await openAccounts();
    await user.click((await row('陈店长')).getByRole('button', { name: /停\s*用/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(async () => expect((await row('陈店长')).getByText('已停用')).toBeTruthy());
    await user.click((await row('陈店长')).getByRole('button', { name: /启\s*用/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(async () => expect((await row('陈店长')).getByText('正常')).toBeTruthy());
  });

  it('adds a grant and removes one after confirmation', async () => {
    const user = userEvent.setup();
    await openAccounts();
    await user.click((await row('陈店长')).getByText('添加角色'));
    const form = await modal('添加角色 · 陈店长');
    await choose(user, form, '角色', '财务');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(async () => expect((await row('陈店长')).getByText('财务')).toBeTruthy());

    await user.click((await row('陈店长')).getByLabelText('移除角色 财务'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(async () => expect((await row('陈店长')).queryByText('财务')).toBeNull());
    // The last grant cannot be removed: no remove button on it.
    expect((await row('陈店长')).queryByLabelText(/移除角色/)).toBeNull();
  });
});
