// Must come first: without it antd's static message/Modal render nothing under React 19.
import '@ant-design/v5-patch-for-react-19';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { ConfigProvider, message, Modal, notification } from 'antd';
import NProgress from 'nprogress';
import { server } from './server';
import { resetMockDb } from '../../../src/mocks/handlers';
import { clearSession } from '../../../src/providers/session';
import { loadPageTexts } from '../../../src/providers/i18nProvider';

// happy-dom fires no transition events, so antd would wait out its animation deadlines before a
// closed modal leaves the DOM; tests run without motion. (holderRender: static calls need no context here.)
ConfigProvider.config({ theme: { token: { motion: false } }, holderRender: (children) => children });

// The route progress bar is decoration no test reads: without its 200 ms steps and its trickle, its
// queued timers are done within a tick of its last step, long before a file's environment is torn down.
// Set before each file's tests, after its imports (the app's own settings, src/layout/progress.ts).
beforeAll(() => NProgress.configure({ speed: 0, trickle: false }));

// Lazy pages and antd render slowly on a loaded 2-core CI machine; 1 s (the default) is not a fair wait.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Components tested outside the default layout need the texts it loads (src/locales/index.ts).
beforeAll(() => loadPageTexts());

afterEach(async () => {
  // Rendered trees first (their own modals go with them), and real timers for the wait below.
  cleanup();
  vi.useRealTimers();
  Modal.destroyAll();
  message.destroy();
  notification.destroy();
  // Static modals and toasts leave the DOM once their close has rendered (a modal after its afterClose
  // ran): the next test starts with none open, and no render is left to run after the environment ends.
  await waitFor(() => {
    // A closed modal that stays mounted (refine's useModalForm renders its form always) is display:none.
    if (document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-message-notice, .ant-notification-notice'))
      throw new Error('still closing');
  });
  server.resetHandlers();
  resetMockDb();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(async () => {
  server.close();
  // The route progress bar fades out and removes itself on timers of its own: they must run while the
  // DOM still exists, not after the environment is torn down.
  if (NProgress.isStarted()) NProgress.done(true);
  await waitFor(() => {
    if (document.getElementById('nprogress')) throw new Error('progress bar still fading');
  });
  // destroy() renders antd's static holders through React's scheduler (setImmediate); let that work
  // finish while the DOM still exists rather than after the environment is torn down.
  await new Promise((resolve) => setTimeout(resolve, 50));
});
