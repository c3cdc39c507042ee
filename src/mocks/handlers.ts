import type { HttpHandler } from 'msw';
import type { ResourceName } from '../../contract/resources';
import { resetSessions } from './engine/session';
import { resetTables } from './engine/store';
import { accountHandlers, accounts } from './accounts';
import { appointments, entitlements } from './appointments';
import { authHandlers, resetAuth } from './auth';
import { banners } from './banners';
import { customerHandlers } from './customers';
import { messageHandlers, resetMessages } from './messages';
import { afterSales, ledger, orders, performanceRecords } from './money';
import { programs } from './programs';
import { reportHandlers } from './reports';
import { shops } from './shops';
import { staffHandlers } from './staff';
import { resetUploads, uploadHandlers } from './upload';

/**
 * The API in memory, for the console's tests and mock mode (VITE_MOCK=true): every resource of
 * contract/resources.ts served by the engine (src/mocks/engine) from its descriptor, and the calls
 * that are not CRUD from one file per feature, with the server's envelope, codes and messages.
 */

/** The handlers of every resource of the contract (CRUD and actions): a new resource without them does not compile. */
const RESOURCE_HANDLERS: Record<ResourceName, HttpHandler[]> = {
  shops: shops.handlers,
  accounts: accountHandlers,
  banners: banners.handlers,
  programs: programs.handlers,
  staff: staffHandlers,
  customers: customerHandlers,
  appointments: appointments.handlers,
  entitlements: entitlements.handlers,
  orders: orders.handlers,
  'after-sales': afterSales.handlers,
  'performance-records': performanceRecords.handlers,
  ledger: ledger.handlers,
};

export { mockLogin, endMockSessions, mockCaptchaFor } from './auth';

/** Back to the demo data: shops, accounts, banners, programs, staff, customers and messages; no session. Call between tests. */
export function resetMockDb(): void {
  resetTables();
  resetSessions();
  resetAuth();
  resetMessages(accounts.table.rows);
  resetUploads();
}
resetMockDb();

export const handlers: HttpHandler[] = [...authHandlers, ...messageHandlers, ...uploadHandlers, ...reportHandlers, ...Object.values(RESOURCE_HANDLERS).flat()];
