import type { HttpHandler } from 'msw';
import { RESOURCES, type ResourceName } from '../../contract/resources';
import { mockResource } from './engine/resource';
import { resetSessions } from './engine/session';
import { resetTables } from './engine/store';
import { accountHandlers, accounts } from './accounts';
import { appointments, entitlements } from './appointments';
import { authHandlers, resetAuth } from './auth';
import { banners } from './banners';
import { customerHandlers } from './customers';
import { messageHandlers, resetMessages } from './messages';
import { afterSaleHandlers, ledger, orderHandlers, performanceRecords, resetMoney } from './money';
import { programs } from './programs';
import { reportHandlers } from './reports';
import { shops } from './shops';
import { staffHandlers } from './staff';
import { resetUploads, uploadHandlers } from './upload';
import { financeHandlers } from './financeDemo';

/**
 * The API in memory, for the console's tests and mock mode (VITE_MOCK=true): every resource of
 * contract/resources.ts served by the engine (src/mocks/engine) from its descriptor, and the calls
 * that are not CRUD from one file per feature, with the server's envelope, codes and messages.
 */

/** The resources with a feature file: demo rows, hooks or actions beyond the generic CRUD. */
const FEATURE_HANDLERS: Partial<Record<ResourceName, HttpHandler[]>> = {
  shops: shops.handlers,
  accounts: accountHandlers,
  banners: banners.handlers,
  programs: programs.handlers,
  staff: staffHandlers,
  customers: customerHandlers,
  appointments: appointments.handlers,
  entitlements: entitlements.handlers,
  orders: orderHandlers,
  'after-sales': afterSaleHandlers,
  'performance-records': performanceRecords.handlers,
  ledger: ledger.handlers,
};

/** Every resource of the contract: its feature's handlers, or the engine's CRUD over no rows, so a new resource needs no file here. */
const RESOURCE_HANDLERS: HttpHandler[] = (Object.keys(RESOURCES) as ResourceName[]).flatMap(
  (name) => FEATURE_HANDLERS[name] ?? mockResource(RESOURCES[name], { seed: () => [] }).handlers,
);

export { mockLogin, endMockSessions, mockCaptchaFor } from './auth';

/** Back to the demo data: shops, accounts, banners, programs, staff, customers and messages; no session. Call between tests. */
export function resetMockDb(): void {
  resetTables();
  resetSessions();
  resetAuth();
  resetMessages(accounts.table.rows);
  resetUploads();
  resetMoney();
}
resetMockDb();

// The finance calls answer first: their summary and export paths would otherwise read as GET /:id.
export const handlers: HttpHandler[] = [...authHandlers, ...messageHandlers, ...uploadHandlers, ...financeHandlers, ...reportHandlers, ...RESOURCE_HANDLERS];
