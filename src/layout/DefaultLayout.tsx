import { Suspense, useEffect, useState } from 'react';
import { Breadcrumb, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findAppRoute } from '../resources';
import PageLoading from '../components/PageLoading';
import { useCurrentUser } from './useCurrentUser';
import Navbar from './Navbar';
import SiderMenu from './SiderMenu';
import Footer from './Footer';
import './layout.css';

/**
 * Every page after login: navbar on top, the role's menu on the left, the page and the footer on the
 * right. Only rendered behind RouteGuard, so the user info is known.
 */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const route = findAppRoute(pathname);
  const [collapsed, setCollapsed] = useState(false);
  const title = route ? t(route.titleKey) : t('common.notFound.title');

  useEffect(() => {
    document.title = `${title} - ${t('common.appName')}`;
  }, [title, t]);

  if (!user) return null;
  return (
    <Layout className="app-layout">
      <Navbar user={user} />
      <Layout>
        <Layout.Sider
          className="app-sider"
          theme="light"
          width={220}
          collapsedWidth={48}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
        >
          <SiderMenu role={user.role} />
        </Layout.Sider>
        <Layout className="app-main">
          <Layout.Content className="app-content">
            {route?.group && (
              <Breadcrumb className="app-breadcrumb" items={[{ title: t(`menu.${route.group}`) }, { title }]} />
            )}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <Footer />
        </Layout>
      </Layout>
    </Layout>
  );
}
