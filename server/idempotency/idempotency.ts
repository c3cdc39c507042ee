import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { conflict, invalid } from '../http/errors';
import { sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';
import type { Actor } from '../appointments/actor';
import type { Envelope } from '../../contract/envelope';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE, IDEMPOTENCY_TTL_HOURS } from '../../contract/order';

/** What a call answered: its HTTP status and its body, replayed as they were for the same key. */
export interface Answer<T = unknown> {
  statusCode: number;
  body: T;
}

const KEY_FORMAT = `${IDEMPOTENCY_HEADER} 须为 1–64 个可见 ASCII 字符`;
const KEY_REUSED = `${IDEMPOTENCY_HEADER} 已用于另一个请求，请为新的操作生成新的 ${IDEMPOTENCY_HEADER}`;

/** The key of a request's header, checked; undefined when the caller sent none. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_RE.test(raw)) throw invalid(KEY_FORMAT, [{ field: IDEMPOTENCY_HEADER, message: KEY_FORMAT }]);
  return raw;
}

/** JSON with object keys sorted, so the same body written in another key order hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(call: string, body: unknown): string {
  return createHash('sha256').update(`${call}\n${canonical(body ?? {})}`).digest('hex');
}

/**
 * Runs `work` in one transaction, once per (account, key). The key's row is written in the same
 * transaction as the work, so a key is either answered with what was done or free to be tried again
 * (a failed call stores nothing). A transaction-scoped advisory lock on the key makes a concurrent
 * call with the same key wait for the first and then answer what it stored. The same key with
 * another call or body is 409. Without a key the work simply runs in its transaction.
 */
export async function idempotent<T>(db: Db, who: { accountId: number; key: string | undefined; call: string; body: unknown }, work: (tx: Tx) => Promise<Answer<T>>): Promise<Answer<T>> {
  const { accountId, key, call } = who;
  if (key === undefined) return db.transaction(work);
  const hash = requestHash(call, who.body);
  return db.transaction(async (tx) => {
    // The lock first, in a statement of its own: a read in the same statement would use a snapshot
    // taken before the wait and miss what the first call committed meanwhile.
    await tx.execute(sql`select pg_advisory_xact_lock(${accountId}::int, hashtext(${key}))`);
    const { rows } = await tx.execute<{ call: string; request_hash: string; status_code: number; response: T }>(sql`
      select call, request_hash, status_code, response from idempotency_keys
       where account_id = ${accountId} and key = ${key} and created_at > now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int)`);
    const stored = rows[0];
    if (stored) {
      if (stored.call !== call || stored.request_hash !== hash) throw conflict(KEY_REUSED);
      return { statusCode: stored.status_code, body: stored.response };
    }
    const answer = await work(tx);
    // Stored with the work (over this key's own expired row, if any); the account's other expired keys
    // go in the same statement (found by the primary key's prefix), so keys never pile up and the
    // call pays no extra round trip.
    await tx.execute(sql`
      with expired as (delete from idempotency_keys where account_id = ${accountId} and key <> ${key} and created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int))
      insert into idempotency_keys (account_id, key, call, request_hash, status_code, response)
      values (${accountId}, ${key}, ${call}, ${hash}, ${answer.statusCode}, ${JSON.stringify(answer.body)}::jsonb)
      on conflict (account_id, key) do update
        set call = excluded.call, request_hash = excluded.request_hash, status_code = excluded.status_code, response = excluded.response, created_at = now()`);
    return answer;
  });
}

/** The Idempotency-Key header as the OpenAPI document shows it; the handler checks its format (idempotencyKeyOf). */
export const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER.toLowerCase()]: z.string().optional().describe('1–64 个可见 ASCII 字符；同一操作重试时保持不变') });

/** "POST /api/beer/backstage/orders/12/pay": the route with its ids filled in, however the URL was spelt (a trailing slash, a query). */
function callOf(req: FastifyRequest): string {
  const params = req.params as Record<string, unknown>;
  return `${req.method} ${req.routeOptions.url!.replace(/:(\w+)/g, (_m, name: string) => String(params[name]))}`;
}

/**
 * A POST whose work runs at most once per key: the work's answer, or the stored answer of the first
 * call made with the key, sent with its status code.
 */
export async function answerOnce<T>(req: FastifyRequest, reply: FastifyReply, work: (tx: Tx, actor: Actor) => Promise<T>): Promise<Envelope<T>> {
  const session = sessionOf(req);
  const actor = { session, ip: req.ip };
  const answer = await idempotent(
    req.server.db,
    { accountId: session.accountId, key: idempotencyKeyOf(req.headers), call: callOf(req), body: req.body },
    async (tx) => ({ statusCode: 200, body: ok(await work(tx, actor)) }),
  );
  reply.status(answer.statusCode);
  return answer.body;
}
