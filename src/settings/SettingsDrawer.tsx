import { useMemo, type ReactNode } from 'react';
import { Alert, Button, ColorPicker, Divider, Drawer, InputNumber, Switch, Tooltip, Typography, message, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadServerMenu } from './loadServerMenu';
import { MENU_WIDTH_MAX, MENU_WIDTH_MIN, getSettings, updateSettings, useSettings } from '../stores/settings';
import './settings.css';
import { themeColors } from '../stores/theme';

/** Drawer and menu-width input widths, in px. */
const DRAWER_WIDTH = 300;
const MENU_WIDTH_INPUT = 80;

type Toggle = 'navbar' | 'menu' | 'topMenu' | 'tabBar' | 'footer' | 'menuFromServer' | 'colorWeak';

/** arco's presets: the default blue first. */
const PRESET_COLORS = ['#165DFF', '#722ED1', '#F5319D', '#F53F3F', '#FF7D00', '#00B42A', '#14C9C9', '#0FC6C2'];

/** Copies text; the legacy path serves a console opened over plain http, where the Clipboard API is missing. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** The steps of the primary palette antd derives from the theme colour, lightest first. */
function Palette() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const steps = [
    token.colorPrimaryBg,
    token.colorPrimaryBgHover,
    token.colorPrimaryBorder,
    token.colorPrimaryBorderHover,
    token.colorPrimaryHover,
    token.colorPrimary,
    token.colorPrimaryActive,
  ];
  return (
    <Tooltip title={t('settings.themeColor.palette')}>
      <div className="app-setting-palette" data-testid="theme-palette">
        {steps.map((color, i) => (
          <span key={i} style={{ background: color }} />
        ))}
      </div>
    </Tooltip>
  );
}

/**
 * The settings drawer: always mounted, opened by the navbar's gear or the floating
 * button; every change applies at once and is kept in this browser.
 */
export default function SettingsDrawer() {
  const { t } = useTranslation();
  const settings = useSettings();
  // The colour links and buttons use when the pick does not read at 4.5:1 (src/stores/theme.ts).
  const usedColor = useMemo(() => themeColors(settings.theme, settings.themeColor).primary, [settings.theme, settings.themeColor]);

  const close = () => updateSettings({ globalSettings: false });
  const toggle = (key: Toggle) => (checked: boolean) => {
    updateSettings({ [key]: checked });
    // Turning the server menu on fetches it.
    if (key === 'menuFromServer' && checked) void loadServerMenu();
  };
  const copy = async () => {
    if (await copyText(JSON.stringify(getSettings(), null, 2))) void message.success(t('settings.copied'));
    else void message.error(t('settings.copyFailed'));
  };
  const toggleRow = (key: Toggle) => (
    <Row label={t(`settings.${key}`)}>
      <Switch size="small" checked={settings[key]} onChange={toggle(key)} aria-label={t(`settings.${key}`)} />
    </Row>
  );

  return (
    <Drawer
      title={t('settings.title')}
      width={DRAWER_WIDTH}
      open={settings.globalSettings}
      onClose={close}
      // Mounted from the start and kept when closed.
      forceRender
      className="app-settings-drawer"
      footer={
        <div className="app-settings-footer">
          <Button onClick={close}>{t('settings.close')}</Button>
          <Button type="primary" onClick={() => void copy()}>
            {t('settings.copy')}
          </Button>
        </div>
      }
    >
      <Alert type="info" showIcon message={t('settings.alert')} />

      <Divider orientation="left" plain>
        {t('settings.themeColor')}
      </Divider>
      <div className="app-setting-color">
        <ColorPicker
          value={settings.themeColor}
          onChange={(color) => updateSettings({ themeColor: color.toHexString() })}
          disabledAlpha
          showText
          presets={[{ label: t('settings.themeColor'), colors: PRESET_COLORS }]}
        />
        <Palette />
      </div>
      {usedColor !== settings.themeColor && (
        <Typography.Paragraph type="secondary" className="app-setting-color-note" data-testid="theme-color-adjusted">
          {t('settings.themeColor.adjusted', { color: usedColor })}
        </Typography.Paragraph>
      )}

      <Divider orientation="left" plain>
        {t('settings.content')}
      </Divider>
      {toggleRow('navbar')}
      {toggleRow('menu')}
      {toggleRow('topMenu')}
      {toggleRow('tabBar')}
      {toggleRow('footer')}
      <Row label={t('settings.menuWidth')}>
        <InputNumber
          size="small"
          style={{ width: MENU_WIDTH_INPUT }}
          min={MENU_WIDTH_MIN}
          max={MENU_WIDTH_MAX}
          precision={0}
          value={settings.menuWidth}
          onChange={(width) => width !== null && updateSettings({ menuWidth: width })}
          aria-label={t('settings.menuWidth')}
        />
      </Row>
      {toggleRow('menuFromServer')}

      <Divider orientation="left" plain>
        {t('settings.other')}
      </Divider>
      {toggleRow('colorWeak')}
    </Drawer>
  );
}
