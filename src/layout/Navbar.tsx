import type { ReactNode } from 'react';
import { Avatar, Button, Space, Tooltip } from 'antd';
import { MenuOutlined, MoonOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../contract/auth';
import { AccountMenu, LocaleSwitch } from '../components/account';
import { MessageBox } from '../components/messageBox';
import { updateSettings, useSettings } from '../stores/settings';

/** The account as the navbar and Workplace show it: "店长 · 美颜坊·徐汇旗舰店". */
function roleAndShop(user: UserInfo, t: (key: string) => string): string {
  return `${t(`account.options.role.${user.role}`)} · ${user.shop ?? t('layout.allShops')}`;
}

interface NavbarProps {
  user: UserInfo;
  /** The top menu (settings: topMenu), between the brand and the buttons. */
  menu?: ReactNode;
  /** Shown on small screens, where the menu lives in a drawer. */
  onOpenMenu?: () => void;
}

/** Top bar: brand (and the top menu) on the left; theme, language, messages, settings and the account on the right. */
export default function Navbar({ user, menu, onOpenMenu }: NavbarProps) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const dark = theme === 'dark';
  const themeTitle = t(dark ? 'settings.theme.toLight' : 'settings.theme.toDark');
  return (
    <header className="app-navbar">
      <div className="app-brand">
        {onOpenMenu && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            onClick={onOpenMenu}
            aria-label={t('settings.mobileMenu')}
            data-testid="mobile-menu"
          />
        )}
        <img src="/logo.svg" alt="" />
        <span className="app-brand-name">{t('common.appName')}</span>
      </div>
      <div className="app-navbar-menu">{menu}</div>
      <Space size={8}>
        <LocaleSwitch />
        <Tooltip title={themeTitle}>
          <Button
            type="text"
            shape="circle"
            icon={dark ? <SunOutlined style={{ fontSize: 18 }} /> : <MoonOutlined style={{ fontSize: 18 }} />}
            onClick={() => updateSettings({ theme: dark ? 'light' : 'dark' })}
            aria-label={themeTitle}
            data-testid="theme-switch"
          />
        </Tooltip>
        <MessageBox />
        <Tooltip title={t('settings.open')}>
          <Button
            type="text"
            shape="circle"
            icon={<SettingOutlined style={{ fontSize: 18 }} />}
            onClick={() => updateSettings({ globalSettings: true })}
            aria-label={t('settings.open')}
            data-testid="settings-open"
          />
        </Tooltip>
        <AccountMenu
          who={
            <div className="app-account-text-menu" data-testid="account-menu-who">
              <div className="app-account-name">{user.name}</div>
              <div className="app-account-role">{roleAndShop(user, t)}</div>
            </div>
          }
        >
          <div className="app-account" data-testid="navbar-account">
            <Avatar size={32} src={user.avatar || undefined} alt="" className="app-account-avatar">
              {user.name.slice(0, 1)}
            </Avatar>
            <div className="app-account-text">
              <span className="app-account-name">{user.name}</span>
              <span className="app-account-role">{roleAndShop(user, t)}</span>
            </div>
          </div>
        </AccountMenu>
      </Space>
    </header>
  );
}
