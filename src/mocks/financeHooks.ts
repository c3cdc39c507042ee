import type { LedgerEntry } from '../../contract/ledgerEntry';
import type { PerformanceRecord } from '../../contract/performanceRecord';
import { textSearch, type FilterValue } from './engine/listQuery';
import type { CallContext } from './engine/resource';
import { tableOf, type StoredRow } from './engine/store';

/**
 * What the finance resources add to the engine's list and create: the from/to days of their lists
 * (Asia/Shanghai days of createdAt for performance records, occurredOn for the ledger), their search,
 * and the stamps of a hand entry. Kept apart from money.ts, which declares the resources.
 */

export const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

/** The name of the account making a call, as the server stamps reviewedBy and createdBy. */
export function callerName({ session }: CallContext): string {
  return tableOf<StoredRow & { name: string }>('accounts').find(session.accountId)?.name ?? '';
}
export const shopNameOf = (id: number) => tableOf<StoredRow & { name: string }>('shops').find(id)?.name ?? '';

/** from= and to= as inclusive days of a row's day. */
function dayFilters<Row>(dayOf: (row: Row) => string) {
  return {
    from: ([day]: FilterValue[]) => (row: Row) => dayOf(row) >= String(day),
    to: ([day]: FilterValue[]) => (row: Row) => dayOf(row) <= String(day),
  };
}

export const performanceHooks = {
  filters: dayFilters<PerformanceRecord>((r) => shanghaiDay(r.createdAt)),
  search: textSearch<PerformanceRecord>('orderNo'),
};

type StoredEntry = LedgerEntry & { updatedAt: string };
export const ledgerHooks = {
  filters: dayFilters<StoredEntry>((e) => e.occurredOn),
  search: textSearch<StoredEntry>('note'),
  defaultSort: (a: StoredEntry, b: StoredEntry) => b.occurredOn.localeCompare(a.occurredOn),
  // A hand entry is the manager's: stamped with its shop's name and its author; it links to nothing.
  beforeWrite: (entry: StoredEntry, ctx: CallContext) => Object.assign(entry, { shopName: shopNameOf(entry.shopId), createdBy: callerName(ctx) }),
};
