import { and, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { accountGrants, appointments, customers, orders, staff, touchUpEntitlements } from './schema';

/**
 * What keeps a row from being deleted (docs/domain.md: nothing that carries history is hard-deleted).
 * This is the one place that knows who refers to whom: a later feature that refers to a program,
 * staff member or customer (appointments, orders, after-sales) adds its entry here, and every
 * DELETE of that entity answers 409 from then on.
 */
interface Referrer {
  /** Counts the rows that refer to the given id. */
  count(db: DbOrTx, id: number): Promise<number>;
  /** "3 名员工": how the message names n of them. */
  describe(n: number): string;
}

function rowsWhere(table: PgTable, where: (id: number) => SQL | undefined, describe: (n: number) => string): Referrer {
  return {
    async count(db, id) {
      const [r] = await db.select({ n: count() }).from(table).where(where(id));
      return r.n;
    },
    describe,
  };
}

export const REFERRERS = {
  shop: [
    rowsWhere(accountGrants, (id) => eq(accountGrants.shopId, id), (n) => `${n} 个账号授权`),
    rowsWhere(staff, (id) => eq(staff.shopId, id), (n) => `${n} 名员工`),
    rowsWhere(customers, (id) => eq(customers.shopId, id), (n) => `${n} 位客户`),
    rowsWhere(orders, (id) => eq(orders.shopId, id), (n) => `${n} 个订单`),
  ],
  // A member linked to a login account has acted in the system under that account.
  staff: [
    rowsWhere(staff, (id) => and(eq(staff.id, id), isNotNull(staff.accountId)), () => '关联的登录账号'),
    rowsWhere(appointments, (id) => eq(appointments.staffId, id), (n) => `${n} 条预约`),
    // Shares live on the order as JSON (performance records follow from them).
    rowsWhere(orders, (id) => sql`${orders.staffShares} @> ${JSON.stringify([{ staffId: id }])}::jsonb`, (n) => `${n} 个订单的业绩`),
  ],
  customer: [
    rowsWhere(appointments, (id) => eq(appointments.customerId, id), (n) => `${n} 条预约`),
    rowsWhere(touchUpEntitlements, (id) => eq(touchUpEntitlements.customerId, id), (n) => `${n} 项补色权益`),
    rowsWhere(orders, (id) => eq(orders.customerId, id), (n) => `${n} 个订单`),
  ],
  program: [
    rowsWhere(appointments, (id) => eq(appointments.programId, id), (n) => `${n} 条预约`),
    rowsWhere(touchUpEntitlements, (id) => eq(touchUpEntitlements.programId, id), (n) => `${n} 项补色权益`),
    rowsWhere(orders, (id) => sql`${orders.lines} @> ${JSON.stringify([{ programId: id }])}::jsonb`, (n) => `${n} 个订单`),
  ],
  banner: [],
  appointment: [],
  entitlement: [],
} satisfies Record<string, Referrer[]>;

export type ReferencedEntity = keyof typeof REFERRERS;

/** The references that block deleting the row, described for a 409 message; empty when none. */
export async function referencesTo(db: DbOrTx, entity: ReferencedEntity, id: number): Promise<string[]> {
  const referrers: Referrer[] = REFERRERS[entity];
  // One at a time: `db` is usually a transaction, i.e. one connection, and pg deprecates (pg 9 refuses)
  // overlapping queries on one client.
  const counts: number[] = [];
  for (const r of referrers) counts.push(await r.count(db, id));
  return referrers.flatMap((r, i) => (counts[i] > 0 ? [r.describe(counts[i])] : []));
}
