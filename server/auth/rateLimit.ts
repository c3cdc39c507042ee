import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { tooManyUntil } from './retryAfter';
import { refuses } from '../http/refusals';

/**
 * Per-client-IP limits on the auth calls. Counters live in rate_limit_hits (fixed windows), so every
 * server process behind a load balancer counts against the same numbers.
 */
export const AUTH_RATE_LIMITS = {
  /** Password and captcha logins together. */
  login: { max: 30, windowSeconds: 60 },
  /** Captcha requests: each may send an SMS, which costs money. */
  captcha: { max: 10, windowSeconds: 60 },
  /** Password changes: each checks the old password, so they are a guessing channel too. */
  password: { max: 10, windowSeconds: 60 },
} as const;
export type RateLimitBucket = keyof typeof AUTH_RATE_LIMITS;

/** Counters, login attempts and captchas older than any rule looks back are deleted. */
async function sweepExpired(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 hour'`);
  await db.execute(sql`delete from login_attempts where created_at < now() - interval '1 day'`);
  await db.execute(sql`delete from captchas where created_at < now() - interval '2 days'`);
}

/** Counts one hit for key in the current window; 42900 (saying `reason`) once the window holds more than max. */
export async function hitRateLimit(db: DbOrTx, key: string, max: number, windowSeconds: number, reason = '请求过于频繁'): Promise<void> {
  const { rows } = await db.execute<{ hits: number; retry_after: number }>(sql`
    insert into rate_limit_hits (key, window_start, hits)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}::int) * ${windowSeconds}::int), 1)
    on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
    returning hits, ceil(extract(epoch from window_start) + ${windowSeconds}::int - extract(epoch from now()))::int as retry_after`);
  const { hits, retry_after: retryAfter } = rows[0];
  // The first hit of a window is rare enough (once per key and minute) to pay for the clean-up.
  if (hits === 1) await sweepExpired(db);
  if (hits > max) {
    const now = new Date();
    throw tooManyUntil(reason, new Date(now.getTime() + retryAfter * 1000), now);
  }
}

/** preHandler counting the call against its bucket for the client's IP. */
export function rateLimit(bucket: RateLimitBucket) {
  const { max, windowSeconds } = AUTH_RATE_LIMITS[bucket];
  return refuses([429], async (req: FastifyRequest): Promise<void> => {
    await hitRateLimit(req.server.db, `${bucket}:${req.ip}`, max, windowSeconds);
  });
}
