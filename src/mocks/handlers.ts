import type { HttpHandler } from 'msw';
import { resourceHandlers } from './engine/resource';
import { resetMemory } from './engine/store';
import { authHandlers } from './auth';
import { messageHandlers } from './messages';
import { reportHandlers } from './reports';
import { uploadHandlers } from './upload';
// Each feature file adds its demo rows and its own calls to its resources.
import './shops';
import './accounts';
import './banners';
import './programs';
import './staff';
import './customers';
import './appointments';
import './cards';
import './checkstand';
import './finance';

/**
 * The API in memory, for the console's tests and mock mode (VITE_MOCK=true): every resource of
 * contract/resources.ts served by the engine (src/mocks/engine) from its descriptor, and the calls
 * that are not CRUD from one file per feature, with the server's envelope, codes and messages.
 */

export { mockLogin, endMockSessions, mockCaptchaFor } from './auth';

/** Back to the demo data (shops, accounts, banners, programs, staff, customers, messages), no session, no money. Call between tests. */
export const resetMockDb = resetMemory;
resetMockDb();

export const handlers: HttpHandler[] = [...authHandlers, ...messageHandlers, ...uploadHandlers, ...reportHandlers, ...resourceHandlers()];
