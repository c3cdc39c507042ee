import { and, eq, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { accountGrants, appointments, cardPlans, customers, memberCards, orders, staff, touchUpEntitlements } from './schema';

/**
 * What keeps a row from being deleted (docs/domain.md: nothing that carries history is hard-deleted).
 * This is the one place that knows who refers to whom: a later feature that refers to a program,
 * staff member or customer (appointments, orders, after-sales) adds its entry here, and every
 * DELETE of that entity answers 409 from then on, and its list page says so on the delete button.
 */
interface Referrer {
  table: PgTable;
  /** The rows that refer to the row whose id is `id` (an SQL expression: one query serves many ids). */
  where: (id: SQL) => SQL | undefined;
  /** "3名员工": how the message names n of them. */
  describe: (n: number) => string;
}

/** The JSON list column holds an element with `key` equal to the id (served by its GIN index). */
const listNames = (column: AnyColumn, key: string, id: SQL) => sql`${column} @> jsonb_build_array(jsonb_build_object(${key}::text, ${id}))`;

export const REFERRERS = {
  shop: [
    { table: accountGrants, where: (id) => eq(accountGrants.shopId, id), describe: (n) => `${n}个账号授权` },
    { table: staff, where: (id) => eq(staff.shopId, id), describe: (n) => `${n}名员工` },
    { table: customers, where: (id) => eq(customers.shopId, id), describe: (n) => `${n}位客户` },
    { table: orders, where: (id) => eq(orders.shopId, id), describe: (n) => `${n}个订单` },
  ],
  // A member linked to a login account has acted in the system under that account.
  staff: [
    { table: staff, where: (id) => and(eq(staff.id, id), isNotNull(staff.accountId)), describe: () => '关联的登录账号' },
    { table: appointments, where: (id) => eq(appointments.staffId, id), describe: (n) => `${n}条预约` },
    // Shares live on the order as JSON (performance records follow from them).
    { table: orders, where: (id) => listNames(orders.staffShares, 'staffId', id), describe: (n) => `${n}个订单的业绩` },
  ],
  customer: [
    { table: appointments, where: (id) => eq(appointments.customerId, id), describe: (n) => `${n}条预约` },
    { table: touchUpEntitlements, where: (id) => eq(touchUpEntitlements.customerId, id), describe: (n) => `${n}项补色权益` },
    { table: orders, where: (id) => eq(orders.customerId, id), describe: (n) => `${n}个订单` },
    { table: memberCards, where: (id) => eq(memberCards.customerId, id), describe: (n) => `${n}张会员卡` },
  ],
  program: [
    { table: appointments, where: (id) => eq(appointments.programId, id), describe: (n) => `${n}条预约` },
    { table: touchUpEntitlements, where: (id) => eq(touchUpEntitlements.programId, id), describe: (n) => `${n}项补色权益` },
    { table: orders, where: (id) => listNames(orders.lines, 'programId', id), describe: (n) => `${n}个订单` },
    { table: cardPlans, where: (id) => eq(cardPlans.programId, id), describe: (n) => `${n}个卡项` },
  ],
  // A plan on an order (paid or not) has been sold or is being sold; its cards point at it too.
  'card-plan': [
    { table: orders, where: (id) => listNames(orders.lines, 'cardPlanId', id), describe: (n) => `${n}个订单` },
    { table: memberCards, where: (id) => eq(memberCards.planId, id), describe: (n) => `${n}张会员卡` },
  ],
  banner: [],
  appointment: [],
  entitlement: [],
} satisfies Record<string, Referrer[]>;

export type ReferencedEntity = keyof typeof REFERRERS;

/**
 * For each id, the references that block deleting its row, described for a 409 message; ids nothing
 * refers to are absent. One statement for all ids and referrers: a count subquery per referrer on the
 * index of its column, for each id of the list.
 */
export async function referencesOf(db: DbOrTx, entity: ReferencedEntity, ids: number[]): Promise<Map<number, string[]>> {
  const referrers: Referrer[] = REFERRERS[entity];
  const found = new Map<number, string[]>();
  if (!referrers.length || !ids.length) return found;
  const id = sql`e.id`;
  const counts = referrers.map((r) => sql`(select count(*) from ${r.table} where ${r.where(id)})::int`);
  const { rows } = await db.execute<{ id: number; counts: number[] }>(
    sql`select e.id, array[${sql.join(counts, sql`, `)}] as counts from unnest(${`{${ids.join(',')}}`}::int[]) as e(id)`,
  );
  for (const row of rows) {
    const described = referrers.flatMap((r, i) => (row.counts[i] > 0 ? [r.describe(row.counts[i])] : []));
    if (described.length) found.set(row.id, described);
  }
  return found;
}

/** The references that block deleting the row, described for a 409 message; empty when none. */
export async function referencesTo(db: DbOrTx, entity: ReferencedEntity, id: number): Promise<string[]> {
  return (await referencesOf(db, entity, [id])).get(id) ?? [];
}
