import { useSyncExternalStore } from 'react';
import { theme } from 'antd';
import type { ServerMenuItem } from '../../contract/access';
import { createStore } from './createStore';
import { getServerMenu, subscribeServerMenu } from './serverMenu';
import { antdTheme, TAG_COLORS, themeColors, type ThemeMode } from './theme';

export type Device = 'desktop' | 'mobile';

/** The app settings: the look of the layout and the "menu from server" switch. */
export interface AppSettings {
  theme: ThemeMode;
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  /** The sider gives way to a drawer (small screens). */
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  /** Whether the settings drawer is open. */
  globalSettings: boolean;
  device: Device;
  tabBar: boolean;
  menuFromServer: boolean;
  /** The menu of /api/user/menu; stores/serverMenu.ts owns it (logout clears it), this is its mirror. */
  serverMenu: ServerMenuItem[];
}

/** What a first visit gets: light theme, everything shown, the brand colour, a 220 px menu. */
export const DEFAULT_SETTINGS: Readonly<AppSettings> = {
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
};

/** Bounds of the menu width input: narrower hides the titles, wider crowds the page. */
export const MENU_WIDTH_MIN = 100;
export const MENU_WIDTH_MAX = 600;

export const SETTINGS_KEY = 'app-settings';

/**
 * The choices a person makes, kept across reloads. Left out: the drawer's visibility and the device
 * (they follow the moment and the window) and the server menu (it belongs to the session).
 */
const PERSISTED = [
  'theme',
  'colorWeak',
  'navbar',
  'menu',
  'topMenu',
  'menuCollapse',
  'footer',
  'themeColor',
  'menuWidth',
  'tabBar',
  'menuFromServer',
] as const;
type PersistedKey = (typeof PERSISTED)[number];
export type SettingsPatch = Partial<Omit<AppSettings, 'serverMenu'>>;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function clampMenuWidth(width: number): number {
  return Math.min(MENU_WIDTH_MAX, Math.max(MENU_WIDTH_MIN, Math.round(width)));
}

/** A stored value is taken only when it has the type of its default (hand-edited storage, old versions). */
function validStored(key: PersistedKey, value: unknown): boolean {
  if (key === 'theme') return value === 'light' || value === 'dark';
  if (key === 'themeColor') return typeof value === 'string' && HEX_COLOR.test(value);
  if (key === 'menuWidth') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === typeof DEFAULT_SETTINGS[key];
}

function readStored(): Partial<AppSettings> {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!stored || typeof stored !== 'object') return {};
  const picked: Record<string, unknown> = {};
  for (const key of PERSISTED) {
    const value = (stored as Record<string, unknown>)[key];
    if (validStored(key, value)) picked[key] = key === 'menuWidth' ? clampMenuWidth(value as number) : value;
  }
  return picked as Partial<AppSettings>;
}

function writeStored(settings: AppSettings): void {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(Object.fromEntries(PERSISTED.map((key) => [key, settings[key]]))));
}

/** antd's colours as CSS variables, for the console's own CSS (layout, login, pages) and the progress bar. */
function themeVariables(settings: AppSettings): Record<string, string> {
  const token = theme.getDesignToken(antdTheme(settings));
  const colors = themeColors(settings.theme, settings.themeColor);
  return {
    '--app-primary': colors.primary,
    '--app-on-primary': colors.onSolid,
    '--app-error': colors.error,
    '--app-error-text': TAG_COLORS[settings.theme].error.text,
    '--app-error-bg': TAG_COLORS[settings.theme].error.background,
    '--app-error-border': TAG_COLORS[settings.theme].error.border,
    '--app-primary-bg': token.colorPrimaryBg,
    '--app-surface': token.colorBgContainer,
    '--app-bg': token.colorBgLayout,
    '--app-border': token.colorBorderSecondary,
    '--app-text': token.colorText,
    '--app-text-secondary': token.colorTextTertiary,
    '--app-fill': token.colorFillQuaternary,
    '--app-hover': token.colorFillTertiary,
  };
}

/** What the settings do outside React: the dark attribute, the colour-weak filter, the colour variables. */
function applyToPage(settings: AppSettings, previous?: AppSettings): void {
  const root = document.documentElement;
  // The dark theme sets a body attribute (arco's name for it).
  if (settings.theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
  // On the root element the filter leaves fixed-position pieces (drawers, dialogs) where they are.
  root.style.filter = settings.colorWeak ? 'invert(80%)' : '';
  if (previous?.theme === settings.theme && previous.themeColor === settings.themeColor) return;
  for (const [name, value] of Object.entries(themeVariables(settings))) root.style.setProperty(name, value);
}

const store = createStore<AppSettings>({ ...DEFAULT_SETTINGS, ...readStored(), serverMenu: getServerMenu() });
applyToPage(store.get());

function commit(next: AppSettings): void {
  const previous = store.get();
  store.set(next);
  writeStored(next);
  applyToPage(next, previous);
}

export const getSettings = store.get;
export const subscribeSettings = store.subscribe;

/** Changes settings at once; moving the menu to or from the top expands it. */
export function updateSettings(patch: SettingsPatch): void {
  const current = store.get();
  const next: AppSettings = { ...current, ...patch };
  if (patch.topMenu !== undefined && patch.topMenu !== current.topMenu) next.menuCollapse = false;
  if (patch.menuWidth !== undefined)
    next.menuWidth = Number.isFinite(patch.menuWidth) ? clampMenuWidth(patch.menuWidth) : current.menuWidth;
  if (patch.themeColor !== undefined && !HEX_COLOR.test(patch.themeColor)) next.themeColor = current.themeColor;
  if ((Object.keys(next) as (keyof AppSettings)[]).every((key) => next[key] === current[key])) return;
  commit(next);
}

// The server menu has its own store (logout clears it); the settings show it as their serverMenu.
subscribeServerMenu((serverMenu) => store.set({ ...store.get(), serverMenu }));

export function useSettings(): AppSettings {
  return useSyncExternalStore(subscribeSettings, getSettings);
}
