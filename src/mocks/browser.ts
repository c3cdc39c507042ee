import { delay, http } from 'msw';
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** docs/console.md: mock answers take 600-1000 ms, like a real network. */
const MIN_DELAY_MS = 600;
const MAX_DELAY_MS = 1000;

/**
 * Mock mode (VITE_MOCK=true): the browser's API calls are answered by the same handlers the tests
 * use. The first handler only waits and answers nothing, so MSW goes on to the real one; other
 * requests (the app's own files) pass through untouched.
 */
const slowly = http.all(`*/api/*`, () => delay(MIN_DELAY_MS + Math.random() * (MAX_DELAY_MS - MIN_DELAY_MS)));

export async function startMockWorker(): Promise<void> {
  await setupWorker(slowly, ...handlers).start({ onUnhandledRequest: 'bypass' });
}
