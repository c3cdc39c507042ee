import { useState, type ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findRouteByName } from '../../../contract/routes';
import { RoleSwitchDialog } from './RoleSwitchDialog';

const USER_CENTER = findRouteByName('UserCenter')!.path;
const USER_SETTINGS = findRouteByName('UserSettings')!.path;

/**
 * The navbar's account menu around `children` (the avatar): switch role, user center, user settings,
 * logout. `who` (name, role and shop) heads the menu where the navbar has no room to show it.
 */
export function AccountMenu({ children, who }: { children: ReactNode; who?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const [switching, setSwitching] = useState(false);
  const items: MenuProps['items'] = [
    ...(who
      ? [
          { key: 'who', label: who, disabled: true, className: 'app-account-menu-who' },
          { type: 'divider' as const, className: 'app-account-menu-who' },
        ]
      : []),
    { key: 'switch-role', icon: <SwapOutlined />, label: t('account.menu.switchRole'), onClick: () => setSwitching(true) },
    { key: 'user-center', icon: <UserOutlined />, label: t('menu.user.center'), onClick: () => navigate(USER_CENTER) },
    { key: 'user-settings', icon: <SettingOutlined />, label: t('menu.user.settings'), onClick: () => navigate(USER_SETTINGS) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), onClick: () => logout() },
  ];
  return (
    <>
      {/* Click only: with hover as well, a click that came after the hover had opened the menu closed it again. */}
      <Dropdown menu={{ items }} placement="bottomRight" trigger={['click']}>
        {children}
      </Dropdown>
      <RoleSwitchDialog open={switching} onClose={() => setSwitching(false)} />
    </>
  );
}
