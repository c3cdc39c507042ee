import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_ROUTE } from '../contract/routes';
import { authProvider } from './providers/authProvider';
import { setSessionExpiredLogout } from './providers/sessionExpiredModal';
import { accessControlProvider } from './providers/accessControlProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider, loadPageTexts } from './providers/i18nProvider';
import { notificationProvider } from './providers/notificationProvider';
import { APP_ROUTES, loadRefineResources, useRefineResources } from './resources';
import { NotFoundPage } from './resources/pages';
import { RouteGuard } from './layout/RouteGuard';
import { useSettings } from './stores/settings';
import { antdTheme } from './stores/theme';
import PageLoading from './components/PageLoading';
import RedirectPage from './pages/redirect';

setSessionExpiredLogout(() => authProvider.logout());

// The login page and the layout are chunks of their own: /login never loads the layout, menus or
// tables, and pages behind the login never wait for the login form (the /login bundle budget,
// bench/README.md).
const LoginPage = lazy(() => import('./pages/login'));
// The menu's and the pages' texts and refine's resources come with the layout, so no page renders
// before them.
const DefaultLayout = lazy(async () => (await Promise.all([import('./layout/DefaultLayout'), loadPageTexts(), loadRefineResources()]))[0]);

/** antd's theme (the settings' theme colour and light or dark) and locale (the locale follows i18next). */
export function AppConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { theme, themeColor } = useSettings();
  const appTheme = useMemo(() => antdTheme({ theme, themeColor }), [theme, themeColor]);
  return (
    <ConfigProvider locale={i18n.language === 'en-US' ? enUS : zhCN} theme={appTheme}>
      {children}
    </ConfigProvider>
  );
}

/** antd, refine and their providers; the router around them is the caller's (browser or test memory). */
export function AppProviders({ children }: { children: ReactNode }) {
  const resources = useRefineResources();
  return (
    <AppConfig>
      <AntdApp>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          notificationProvider={notificationProvider}
          resources={resources}
          // RouteGuard checks login and role on every route change; refine's own check would only repeat it.
          // A failed query is not asked again on its own: each try would toast its error once more, and
          // a request refused for an ended session keeps being refused (the page's reload asks again).
          options={{
            disableTelemetry: true,
            disableRouteChangeHandler: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          {children}
        </Refine>
      </AntdApp>
    </AppConfig>
  );
}

/** /login outside the layout, every route of the table guarded inside it. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route index element={<Navigate to={LOGIN_ROUTE} replace />} />
        <Route
          path={LOGIN_ROUTE}
          element={
            <RouteGuard>
              <LoginPage />
            </RouteGuard>
          }
        />
        <Route
          element={
            <RouteGuard>
              <DefaultLayout />
            </RouteGuard>
          }
        >
          {APP_ROUTES.map(({ name, path, Page }) => (
            <Route key={name} path={path} element={<Page />} />
          ))}
          <Route path="/redirect/*" element={<RedirectPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

export default function App() {
  return (
    // Without transitions a lazy page shows its loading state (and the progress bar) at once.
    <BrowserRouter useTransitions={false}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
