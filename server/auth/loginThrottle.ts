import { sql } from 'drizzle-orm';
import type { AppError } from '../http/errors';
import type { Tx } from '../db/client';
import { loginAttempts } from '../db/schema';
import { tooManyUntil } from './retryAfter';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

/**
 * Serialises everything done for one phone (password login, captcha request and login) across
 * server processes until the transaction ends, so racing attempts see each other's counts.
 */
export async function lockPhone(tx: Tx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${phone}))`);
}

/**
 * The 42900 to answer while the phone is locked out, or null when it may try. A lock-out holds while
 * the phone has MAX_LOGIN_FAILURES failures inside the window since its last successful login.
 * Call it holding lockPhone.
 */
export async function loginLockout(tx: Tx, phone: string): Promise<AppError | null> {
  const { rows } = await tx.execute<{ retry_at: Date; now: Date }>(sql`
    select created_at + make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES}::int) as retry_at, now() as now
    from login_attempts
    where phone = ${phone} and not ok
      and created_at > now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES}::int)
      and created_at > coalesce((select max(created_at) from login_attempts where phone = ${phone} and ok), '-infinity')
    order by created_at desc
    limit ${MAX_LOGIN_FAILURES}::int`);
  if (rows.length < MAX_LOGIN_FAILURES) return null;
  // The lock lifts when the oldest of the last five failures leaves the window.
  const { retry_at: retryAt, now } = rows[MAX_LOGIN_FAILURES - 1];
  return tooManyUntil('登录失败次数过多', new Date(retryAt), new Date(now));
}

export async function recordLoginAttempt(tx: Tx, phone: string, ok: boolean, ip: string): Promise<void> {
  await tx.insert(loginAttempts).values({ phone, ok, ip: ip.slice(0, 64) });
}
