import { configure, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProviders, AppRoutes } from '../../../src/App';
import { mockLogin } from '../../../src/mocks/handlers';
import { setToken } from '../../../src/providers/session';

configure({ asyncUtilTimeout: 10_000 });

/**
 * Pages are lazy chunks, and the first import of one in a test file transforms it (the shop page pulls
 * in antd's table and @refinedev/antd): do that once, in beforeAll, not inside a test's wait.
 */
export async function preloadPages(): Promise<void> {
  await Promise.all([
    import('../../../src/pages/login'),
    import('../../../src/layout/DefaultLayout'),
    import('../../../src/pages/workplace'),
    import('../../../src/pages/notFound'),
    import('../../../src/pages/blank'),
    import('../../../src/pages/shop'),
  ]);
}

/** The whole console at `path` in a memory router; `location()` is where the guard left it. */
export function renderApp(path: string) {
  let current: Location | undefined;
  function LocationSpy() {
    current = useLocation();
    return null;
  }
  const view = render(
    // happy-dom fires no transition events: without motion a closed modal hides at once. The app's
    // own theme inherits this token.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppProviders>
          <AppRoutes />
          <LocationSpy />
        </AppProviders>
      </MemoryRouter>
    </ConfigProvider>,
  );
  return {
    ...view,
    location: () => (current ? current.pathname + current.search : ''),
  };
}

/** Starts the test logged in as a demo account (token stored, role still unknown, as after a reload). */
export function loginAs(phone: string): void {
  setToken(mockLogin(phone));
}

/** Dialogs on screen; a closed one may stay mounted (display: none), as refine's modal forms do. */
export function openDialogs(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) [role="dialog"]')];
}
