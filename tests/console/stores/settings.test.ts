import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { menuFor } from '../../../contract/access';

type StoreModule = typeof import('../../../src/stores/settings');
type SessionModule = typeof import('../../../src/providers/session');
type ServerMenuModule = typeof import('../../../src/stores/serverMenu');

/**
 * A fresh settings module (and session and server menu modules) as after a page load, reading what
 * localStorage holds at that moment.
 */
async function load(): Promise<StoreModule & { session: SessionModule; serverMenu: ServerMenuModule }> {
  vi.resetModules();
  const session = await import('../../../src/providers/session');
  const serverMenu = await import('../../../src/stores/serverMenu');
  return { ...(await import('../../../src/stores/settings')), session, serverMenu };
}

const root = () => document.documentElement;

beforeEach(() => {
  localStorage.clear();
  document.body.removeAttribute('arco-theme');
  root().style.filter = '';
});

afterEach(() => {
  document.body.removeAttribute('arco-theme');
  root().style.filter = '';
});

describe('settings store', () => {
  it('starts from the defaults', async () => {
    const { getSettings } = await load();
    expect(getSettings()).toEqual({
      theme: 'light',
      colorWeak: false,
      navbar: true,
      menu: true,
      topMenu: false,
      hideMenu: false,
      menuCollapse: false,
      footer: true,
      themeColor: '#165DFF',
      menuWidth: 220,
      globalSettings: false,
      device: 'desktop',
      tabBar: true,
      menuFromServer: false,
      serverMenu: [],
    });
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(root().style.filter).toBe('');
    expect(root().style.getPropertyValue('--app-primary')).toBe('#165DFF');
  });

  it('applies the theme and colour-weak mode to the page at once, and takes them off again', async () => {
    const { updateSettings } = await load();
    const lightSurface = root().style.getPropertyValue('--app-surface');
    expect(lightSurface).toBe('#ffffff');
    updateSettings({ theme: 'dark' });
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    // The console's own CSS gets antd's dark colours.
    expect(root().style.getPropertyValue('--app-surface')).not.toBe(lightSurface);
    updateSettings({ colorWeak: true });
    expect(root().style.filter).toBe('invert(80%)');
    updateSettings({ theme: 'light', colorWeak: false });
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(root().style.filter).toBe('');
    updateSettings({ themeColor: '#722ED1' });
    expect(root().style.getPropertyValue('--app-primary')).toBe('#722ED1');
  });

  it('tells subscribers (useSettings re-renders) and stays quiet when nothing changes', async () => {
    const { useSettings, updateSettings, subscribeSettings } = await load();
    const heard = vi.fn();
    subscribeSettings(heard);
    const { result } = renderHook(() => useSettings());
    expect(result.current.footer).toBe(true);
    act(() => updateSettings({ footer: false }));
    expect(result.current.footer).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
    act(() => updateSettings({ footer: false }));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keeps the choices across a reload, but not the drawer, the device or the server menu', async () => {
    const first = await load();
    first.updateSettings({
      theme: 'dark',
      navbar: false,
      menuWidth: 300,
      themeColor: '#F53F3F',
      tabBar: false,
      menuFromServer: true,
      globalSettings: true,
      device: 'mobile',
      hideMenu: true,
    });
    first.serverMenu.setServerMenu(menuFor('admin'));
    const stored = JSON.parse(localStorage.getItem('app-settings')!);
    expect(stored).toMatchObject({
      theme: 'dark',
      navbar: false,
      menuWidth: 300,
      themeColor: '#F53F3F',
      tabBar: false,
      menuFromServer: true,
    });
    expect(stored).not.toHaveProperty('globalSettings');
    expect(stored).not.toHaveProperty('device');
    expect(stored).not.toHaveProperty('hideMenu');
    expect(stored).not.toHaveProperty('serverMenu');

    document.body.removeAttribute('arco-theme');
    const reloaded = await load();
    expect(reloaded.getSettings()).toMatchObject({
      theme: 'dark',
      navbar: false,
      menuWidth: 300,
      themeColor: '#F53F3F',
      tabBar: false,
      menuFromServer: true,
    });
    expect(reloaded.getSettings()).toMatchObject({ globalSettings: false, device: 'desktop', hideMenu: false, serverMenu: [] });
    // The page gets the stored theme before anything renders.
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
  });

  it('ignores stored values of the wrong kind and brings the menu width within bounds', async () => {
    localStorage.setItem(
      'app-settings',
      JSON.stringify({ theme: 'purple', themeColor: 'red', footer: 'no', menuWidth: 5000, navbar: false }),
    );
    const { getSettings, MENU_WIDTH_MAX } = await load();
    expect(getSettings()).toMatchObject({ theme: 'light', themeColor: '#165DFF', footer: true, menuWidth: MENU_WIDTH_MAX, navbar: false });

    localStorage.setItem('app-settings', '{not json');
    expect((await load()).getSettings().navbar).toBe(true);
  });

  it('keeps the menu width within bounds and refuses a colour that is not #rrggbb', async () => {
    const { getSettings, updateSettings, MENU_WIDTH_MIN } = await load();
    updateSettings({ menuWidth: 10 });
    expect(getSettings().menuWidth).toBe(MENU_WIDTH_MIN);
    updateSettings({ menuWidth: 300.4 });
    expect(getSettings().menuWidth).toBe(300);
    updateSettings({ menuWidth: Number.NaN });
    expect(getSettings().menuWidth).toBe(300);
    updateSettings({ themeColor: 'blue' });
    expect(getSettings().themeColor).toBe('#165DFF');
  });

  it('expands the menu whenever it moves to or from the top', async () => {
    const { getSettings, updateSettings } = await load();
    updateSettings({ menuCollapse: true });
    updateSettings({ topMenu: true });
    expect(getSettings()).toMatchObject({ topMenu: true, menuCollapse: false });
    updateSettings({ menuCollapse: true });
    updateSettings({ topMenu: false });
    expect(getSettings()).toMatchObject({ topMenu: false, menuCollapse: false });
    // Other changes leave a collapsed menu collapsed.
    updateSettings({ menuCollapse: true });
    updateSettings({ footer: false });
    expect(getSettings().menuCollapse).toBe(true);
  });

  it('shows the session’s server menu as its serverMenu; logout empties it', async () => {
    const { getSettings, session, serverMenu } = await load();
    serverMenu.setServerMenu(menuFor('financial-staff'));
    expect(getSettings().serverMenu).toEqual(menuFor('financial-staff'));
    session.clearSession();
    expect(getSettings().serverMenu).toEqual([]);
  });
});
