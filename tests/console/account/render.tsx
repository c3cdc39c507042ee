import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProviders } from '../../../src/App';
import { authProvider } from '../../../src/providers/authProvider';
import { loginAs } from '../app/renderApp';

/**
 * One console piece (the message box, a dialog, a page) inside the app's providers and a memory
 * router, logged in as a demo account with its user info loaded, as the layout has it;
 * `location()` tells where it navigated.
 */
export async function renderPiece(ui: ReactNode, { phone, path = '/dashboard/workplace' }: { phone: string; path?: string }) {
  loginAs(phone);
  await authProvider.getIdentity();
  let current: Location | undefined;
  function LocationSpy() {
    current = useLocation();
    return null;
  }
  const view = render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <AppProviders>
        {/* happy-dom fires no animation events: without motion a closed dialog leaves the DOM at once. */}
        <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
        <LocationSpy />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...view, location: () => (current ? current.pathname + current.search : '') };
}
