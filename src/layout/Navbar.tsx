import { Avatar, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_LABELS } from '../../contract/roles';
import type { UserInfo } from '../../contract/auth';
import { AccountMenu, LocaleSwitch } from '../components/account';
import { MessageBox } from '../components/messageBox';

/** The account as the navbar and Workplace show it: "店长 · 美颜坊·徐汇旗舰店". */
export function roleAndShop(user: UserInfo, allShops: string): string {
  return `${ROLE_LABELS[user.role]} · ${user.shop ?? allShops}`;
}

/** Top bar: brand on the left, the account with its menu on the right. */
export default function Navbar({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  return (
    <header className="app-navbar">
      <div className="app-brand">
        <img src="/logo.svg" alt="" />
        <span>{t('common.appName')}</span>
      </div>
      <Space size={8}>
        <LocaleSwitch />
        <MessageBox />
        <AccountMenu>
          <div className="app-account" data-testid="navbar-account">
            <Avatar size={32} src={user.avatar || undefined} style={{ backgroundColor: '#165DFF' }}>
              {user.name.slice(0, 1)}
            </Avatar>
            <div className="app-account-text">
              <span className="app-account-name">{user.name}</span>
              <span className="app-account-role">{roleAndShop(user, t('layout.allShops'))}</span>
            </div>
          </div>
        </AccountMenu>
      </Space>
    </header>
  );
}
