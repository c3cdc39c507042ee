import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { Breadcrumb, Drawer, FloatButton, Layout } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '../../contract/routes';
import { useTranslation } from 'react-i18next';
import { findAppRoute } from '../resources';
import { useDeviceWatch } from '../settings/device';
import SettingsDrawer from '../settings/SettingsDrawer';
import { updateSettings, useSettings } from '../stores/settings';
import { useCurrentUser } from '../stores/currentUser';
import { useBlockedPage } from './RouteGuard';
import { KeepAliveOutlet } from './tabBar/KeepAliveOutlet';
import TabBar from './tabBar/TabBar';
import { useTabLabelOf } from './tabBar/useTabLabel';
import { resetTabs } from '../stores/tabBar';
import Navbar from './Navbar';
import SiderMenu from './SiderMenu';
import Footer from './Footer';
import './layout.css';

const NAVBAR_HEIGHT = 60;
const COLLAPSED_MENU_WIDTH = 48;

/**
 * Every page after login: navbar on top, the role's menu on the left (or in the navbar, or in a
 * drawer on small screens), the tab bar, the page and the footer; each piece as the settings say.
 * Only rendered behind RouteGuard, so the user info is known.
 */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const settings = useSettings();
  const { pathname } = useLocation();
  const route = findAppRoute(pathname);
  const blocked = useBlockedPage();
  const [menuDrawer, setMenuDrawer] = useState(false);
  const closeMenuDrawer = useCallback(() => setMenuDrawer(false), []);
  const title = route && !blocked ? t(route.titleKey) : t('common.notFound.title');
  const recordLabel = useTabLabelOf(pathname);
  const parent = route?.parent ? ROUTES.find((r) => r.name === route.parent) : undefined;
  const group = route?.group ?? parent?.group;
  useDeviceWatch();

  useEffect(() => {
    document.title = `${recordLabel ?? title} - ${t('common.appName')}`;
  }, [recordLabel, title, t]);

  // Without the tab bar nothing closes tabs: no page stays kept out of sight.
  useEffect(() => {
    if (!settings.tabBar) resetTabs();
  }, [settings.tabBar]);

  if (!user) return null;
  const menuAside = settings.menu && !settings.topMenu;
  const menuInDrawer = menuAside && settings.hideMenu;
  return (
    // Sticky pieces below the navbar (sider, tab bar) start where it ends.
    <Layout className="app-layout" style={{ '--app-navbar-height': `${settings.navbar ? NAVBAR_HEIGHT : 0}px` } as CSSProperties}>
      {settings.navbar && (
        <Navbar
          user={user}
          menu={settings.menu && settings.topMenu ? <SiderMenu role={user.role} mode="horizontal" /> : undefined}
          onOpenMenu={menuInDrawer ? () => setMenuDrawer(true) : undefined}
        />
      )}
      <Layout>
        {menuAside && !menuInDrawer && (
          <Layout.Sider
            className="app-sider"
            theme="light"
            width={settings.menuWidth}
            collapsedWidth={COLLAPSED_MENU_WIDTH}
            collapsible
            collapsed={settings.menuCollapse}
            onCollapse={(menuCollapse) => updateSettings({ menuCollapse })}
          >
            <SiderMenu role={user.role} />
          </Layout.Sider>
        )}
        <Layout className="app-main">
          {settings.tabBar && <TabBar />}
          <Layout.Content className="app-content">
            {group && !blocked && (
              <Breadcrumb
                className="app-breadcrumb"
                items={[
                  { title: t(`menu.${group}`) },
                  ...(parent ? [{ title: <Link to={parent.path}>{t(parent.titleKey)}</Link> }] : []),
                  { title: recordLabel ?? title },
                ]}
              />
            )}
            <KeepAliveOutlet blocked={blocked} />
          </Layout.Content>
          {settings.footer && <Footer />}
        </Layout>
      </Layout>
      {menuInDrawer && (
        <Drawer
          placement="left"
          open={menuDrawer}
          onClose={closeMenuDrawer}
          width={settings.menuWidth}
          closable={false}
          aria-label={t('layout.menu.drawer')}
          className="app-menu-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <SiderMenu role={user.role} onNavigate={closeMenuDrawer} />
        </Drawer>
      )}
      <SettingsDrawer />
      {!settings.navbar && (
        <FloatButton
          type="primary"
          icon={<SettingOutlined />}
          tooltip={t('settings.open')}
          aria-label={t('settings.open')}
          onClick={() => updateSettings({ globalSettings: true })}
          className="app-settings-float"
          data-testid="settings-float"
        />
      )}
    </Layout>
  );
}
