import { orderResource, type Order } from '../../contract/order';
import { afterSaleResource, type AfterSale } from '../../contract/afterSale';
import { performanceRecordResource, type PerformanceRecord } from '../../contract/performanceRecord';
import { ledgerEntryResource, type LedgerEntry } from '../../contract/ledgerEntry';
import { mockResource } from './engine/resource';
import { ledgerHooks, performanceHooks } from './financeHooks';

/**
 * Mock mode takes no money: orders, after-sales, performance records and the ledger start empty and
 * the pages show their empty states. Pricing, payment and refund rules live on the server only.
 */
export const orders = mockResource<Order>(orderResource, { seed: () => [] });
export const afterSales = mockResource<AfterSale>(afterSaleResource, { seed: () => [] });
export const performanceRecords = mockResource<PerformanceRecord>(performanceRecordResource, { seed: () => [], ...performanceHooks });
// Ledger entries are never updated; the engine keeps an updatedAt on every row all the same.
export const ledger = mockResource<LedgerEntry & { updatedAt: string }>(ledgerEntryResource, { seed: () => [], ...ledgerHooks });
