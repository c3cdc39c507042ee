import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoleSwitchDialog, onRoleSwitched } from '../../../src/components/account';
import { getUser } from '../../../src/stores/currentUser';
import { sentBodies } from '../pages/support';
import { renderPiece } from './render';

// 13800000002 is shop-manager of 徐汇 (current after login) and of 朝阳.
const MANAGER = '13800000002';

/** The dialog as the account menu holds it: open until it calls onClose. */
function OpenDialog({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <RoleSwitchDialog
      open={open}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
    />
  );
}

function renderDialog(onClose: () => void = () => undefined) {
  return renderPiece(<OpenDialog onClose={onClose} />, { phone: MANAGER, path: '/shop/staff?page=2' });
}

const switchButton = () => screen.getByRole('button', { name: /^切\s*换$/ });

describe('role switch dialog', () => {
  it('lists the grants of user/role/shop with the current one marked', async () => {
    await renderDialog();
    const current = await screen.findByRole('radio', { name: /店长（美颜坊·徐汇旗舰店）/ });
    expect((current as HTMLInputElement).checked).toBe(true);
    expect(within(current.closest('label') as HTMLElement).getByText('当前')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '店长（美颜坊·朝阳大悦城店）' })).toBeTruthy();
    // Nothing to switch to yet.
    expect(switchButton().hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('calls change with the chosen grant, reloads the user info, announces the switch and opens Workplace', async () => {
    const user = userEvent.setup();
    const changes = sentBodies('POST', '/user/role/shop/change');
    const switched = vi.fn();
    onTestFinished(onRoleSwitched(switched));
    const onClose = vi.fn();
    const view = await renderDialog(onClose);

    await user.click(await screen.findByRole('radio', { name: '店长（美颜坊·朝阳大悦城店）' }));
    await user.click(switchButton());

    await waitFor(() => expect(view.location()).toBe('/dashboard/workplace'));
    expect(changes).toEqual([{ role: 'shop-manager', shopID: 2 }]);
    expect(getUser()).toMatchObject({ role: 'shop-manager', shop: '美颜坊·朝阳大悦城店', shopID: 2 });
    expect(switched).toHaveBeenCalledTimes(1);
    expect(switched.mock.calls[0][0]).toMatchObject({ shopID: 2 });
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('已切换为「店长（美颜坊·朝阳大悦城店）」')).toBeTruthy();
  });
});
