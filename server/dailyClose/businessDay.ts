import { and, asc, eq, gte, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { dailyCloses } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { conflict } from '../http/errors';
import { shanghaiDayOf } from '../../contract/shanghaiTime';

/**
 * The advisory lock class of a shop's days: every money movement of a shop holds it shared for its
 * transaction, a submit holds it exclusively, so a payment either lands before the close's figures
 * are taken (and is in them) or after the day is fixed (and goes to the next open day).
 */
const CLOSE_LOCK_CLASS = 27_001;

/**
 * The shop's close lock taken shared, as an expression: evaluated once per row it is selected in, so
 * a statement of its own, or a column of a statement that answers exactly the shop's row (the pay's
 * locking read of its order): in a join the plan may skip it when the other side has no rows.
 */
export const closeLockShared = (shopId: SQLWrapper | number): SQL => sql`pg_advisory_xact_lock_shared(${CLOSE_LOCK_CLASS}, ${shopId})`;

async function holdShared(tx: DbOrTx, shopId: number): Promise<void> {
  await tx.execute(sql`select ${closeLockShared(shopId)}`);
}

/** The calendar day after a day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The business day money moved `now` belongs to: its Shanghai day, unless that day's close is
 * submitted or confirmed, then the first open day after it. Takes the shop's lock shared, in the
 * caller's transaction, so a submit of the same shop waits for it (or it for the submit).
 */
export async function moneyDay(tx: DbOrTx, shopId: number, now = Date.now()): Promise<string> {
  await holdShared(tx, shopId);
  return openMoneyDay(tx, shopId, now);
}

/**
 * moneyDay for a transaction that already holds the shop's close lock shared (closeLockShared), taken
 * by an earlier statement: this one's snapshot then sees every close submitted before the lock.
 */
export async function openMoneyDay(tx: DbOrTx, shopId: number, now = Date.now()): Promise<string> {
  const today = shanghaiDayOf(now);
  const fixed = await tx
    .select({ day: dailyCloses.day })
    .from(dailyCloses)
    .where(and(eq(dailyCloses.shopId, shopId), gte(dailyCloses.day, today), inArray(dailyCloses.status, ['submitted', 'confirmed'])))
    .orderBy(asc(dailyCloses.day))
    .prepare('money_day_fixed')
    .execute();
  let day = today;
  for (const row of fixed) if (row.day === day) day = nextDay(day);
  return day;
}

/**
 * A hand entry's chosen day must still be open: a submitted or confirmed day is fixed, its correction
 * is an entry dated on an open day (409 otherwise). Holds the shop's lock shared, as moneyDay does.
 */
export async function refuseFixedDay(tx: DbOrTx, shopId: number, day: string): Promise<void> {
  await holdShared(tx, shopId);
  const fixed = await tx.execute<{ status: string }>(
    sql`select status from daily_closes where shop_id = ${shopId} and day = ${day} and status in ('submitted', 'confirmed')`,
  );
  if (fixed.rows.length) throw conflict(`${day} 已日结，不能再记账；更正请记在未日结的日期`);
}

/** The shop's days held still while a close is submitted: waits for its money movements in progress. */
export async function lockShopDays(tx: DbOrTx, shopId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CLOSE_LOCK_CLASS}, ${shopId})`);
}
