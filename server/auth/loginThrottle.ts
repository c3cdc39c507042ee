import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppError } from '../http/errors';
import type { Tx } from '../db/client';
import { loginAttempts } from '../db/schema';
import { audit } from '../audit/audit';
import { tooManyUntil } from './retryAfter';

/** Wrong passwords for one phone from one client address before that address is locked out of it. */
export const MAX_LOGIN_FAILURES = 5;
/** Wrong passwords for one phone from all addresses together before its password login pauses. */
export const MAX_PHONE_FAILURES = 50;
const LOGIN_FAILURE_WINDOW_MINUTES = 15;

const ADDRESS_LOCKED = '登录失败次数过多';
export const PHONE_LOCKED = '该手机号密码登录失败次数过多，已暂停密码登录，仍可使用短信验证码登录';

/**
 * Serialises everything done for one phone (password login, captcha request and login) across
 * server processes until the transaction ends, so racing attempts see each other's counts.
 */
export async function lockPhone(tx: Tx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${phone}))`);
}

interface Lock {
  /** When the oldest failure that makes the lock leaves the window; it names the lock too. */
  retryAt: Date;
  now: Date;
}

/**
 * The lock held while the phone has `max` failures (from `ip` only, when given) inside the window
 * since its last successful login, or null.
 */
async function lockOf(tx: Tx, phone: string, max: number, ip?: string): Promise<Lock | null> {
  const { rows } = await tx.execute<{ retry_at: Date; now: Date }>(sql`
    select created_at + make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES}::int) as retry_at, now() as now
    from login_attempts
    where phone = ${phone} and not ok ${ip === undefined ? sql`` : sql`and ip = ${ip}`}
      and created_at > now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES}::int)
      and created_at > coalesce((select max(created_at) from login_attempts where phone = ${phone} and ok), '-infinity')
    order by created_at desc
    offset ${max - 1}::int limit 1`);
  // The lock lifts when the oldest of the last `max` failures leaves the window.
  return rows[0] ? { retryAt: new Date(rows[0].retry_at), now: new Date(rows[0].now) } : null;
}

/**
 * The 42900 to answer while a password login for the phone from this client is locked, or null.
 * Five failures from one address lock that address out of the phone, so nobody can lock the owner
 * out from elsewhere; fifty from anywhere pause password login for the phone (an SMS code still
 * works). The first refusal of each lock is audited, later ones are not: no flood of audit rows.
 * Call it holding lockPhone.
 */
export async function loginLockout(tx: Tx, req: FastifyRequest, phone: string): Promise<AppError | null> {
  const ip = clientAddress(req);
  const phoneLock = await lockOf(tx, phone, MAX_PHONE_FAILURES);
  const addressLock = phoneLock ? null : await lockOf(tx, phone, MAX_LOGIN_FAILURES, ip);
  const lock = phoneLock ?? addressLock;
  if (!lock) return null;
  const scope = phoneLock ? '*' : ip;
  const { rows } = await tx.execute(sql`
    insert into rate_limit_hits (key, window_start, hits) values (${`login-locked:${phone}:${scope}`}, ${lock.retryAt.toISOString()}, 1)
    on conflict (key, window_start) do nothing
    returning hits`);
  if (rows.length > 0) {
    const why = phoneLock
      ? `${LOGIN_FAILURE_WINDOW_MINUTES} 分钟内各地址共失败 ${MAX_PHONE_FAILURES} 次，暂停密码登录`
      : `地址 ${ip} 失败 ${MAX_LOGIN_FAILURES} 次，暂停该地址的密码登录`;
    await audit(tx, req, { action: 'login-locked', entity: 'account', summary: `密码登录 ${phone}：${why}` });
  }
  return tooManyUntil(phoneLock ? PHONE_LOCKED : ADDRESS_LOCKED, lock.retryAt, lock.now);
}

/** The client address as login attempts store it. */
function clientAddress(req: FastifyRequest): string {
  return req.ip.slice(0, 64);
}

export async function recordLoginAttempt(tx: Tx, req: FastifyRequest, phone: string, ok: boolean): Promise<void> {
  await tx.insert(loginAttempts).values({ phone, ok, ip: clientAddress(req) });
}
