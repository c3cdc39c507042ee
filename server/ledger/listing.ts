import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { ledgerEntries } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { textSearch } from '../db/list/listQuery';
import type { ListRequest } from '../http/listRequest';
import { dayRange } from '../db/list/dayRange';
import { listStatements, serverResource, type ListStatements, type RowOf } from '../http/resource';
import { notFound } from '../http/errors';
import { visibleTo } from '../auth/actor';
import { ledgerEntryResource, type LedgerEntry } from '../../contract/ledgerEntry';
import { shopNameOf } from '../db/shopName';

const e = ledgerEntries;
/** The order's number of an entry, written out as shopNameOf explains. */
export const orderNoOf = sql<string | null>`(select o.order_no from orders o where o.id = ledger_entries.order_id)`;

/** What a ledger row carries beside its own columns: the shop, the order's number and the reversing entry. */
const derived = {
  shopName: shopNameOf(e),
  orderNo: orderNoOf,
  reversedBy: sql<number | null>`(select r.id from ledger_entries r where r.reversal_of = ledger_entries.id)`,
};

/** GET ledger: a manager's current shop, every shop for admin and finance; the latest days first. */
export const ledgerList = serverResource({
  descriptor: ledgerEntryResource,
  table: ledgerEntries,
  entity: 'ledger',
  shopColumn: e.shopId,
  columns: {
    id: e.id,
    shopId: e.shopId,
    type: e.type,
    category: e.category,
    method: e.method,
    orderId: e.orderId,
    afterSaleId: e.afterSaleId,
    ...dayRange(e.occurredOn, 'day'),
    occurredOn: e.occurredOn,
    amountFen: e.amountFen,
    createdAt: e.createdAt,
  },
  idColumn: e.id,
  defaultSort: [desc(e.occurredOn)],
  search: textSearch(e.note),
  derived,
});

export type LedgerRow = RowOf<typeof ledgerEntries> & { shopName: string; orderNo: string | null; reversedBy: number | null };

export function ledgerView(r: LedgerRow): LedgerEntry {
  return {
    id: r.id,
    shopId: r.shopId,
    shopName: r.shopName,
    type: r.type,
    category: r.category,
    amountFen: r.amountFen,
    method: r.method,
    occurredOn: r.occurredOn,
    note: r.note,
    orderId: r.orderId,
    orderNo: r.orderNo,
    afterSaleId: r.afterSaleId,
    reversalOf: r.reversalOf,
    reversedBy: r.reversedBy ?? null,
    createdBy: r.createdByName,
    createdAt: r.createdAt,
  };
}

export function ledgerListStatements(db: Db, session: SessionContext, request: ListRequest) {
  // The rows carry the derived columns beside the table's own.
  return listStatements(db, ledgerList, session, request) as unknown as ListStatements<LedgerRow>;
}

/** One entry the session may see (another shop's is 404 to a manager). */
export async function readLedgerEntry(db: DbOrTx, session: SessionContext, id: number): Promise<LedgerEntry> {
  const [row] = await db
    .select({ entry: e, ...derived })
    .from(e)
    .where(eq(e.id, id));
  if (!row) throw notFound(ledgerEntryResource.missing);
  visibleTo(session, row.entry.shopId, ledgerEntryResource.missing);
  return ledgerView({ ...row.entry, shopName: row.shopName, orderNo: row.orderNo, reversedBy: row.reversedBy });
}
