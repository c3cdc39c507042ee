import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { executePrepared } from '../db/preparedByText';
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
 * What a keyed work sends with its last write, so that storing its answer costs no round trip of its
 * own (server/db/writeTogether.ts); undefined when the call has no key. A work that does not use it
 * has its answer stored after it returns.
 */
export type Keep<T> = (answer: Answer<T>) => SQL | undefined;

/** A key's row between its claim and its answer; never an HTTP status, and never committed. */
const CLAIMED = 0;
/** Expired keys purged per keyed call: more than expire between two calls of a busy chain. */
const PURGE_AT_ONCE = 20;

/**
 * Runs `work` in one transaction, once per (account, key). The key's row is claimed first, inside
 * the work's transaction: the insert waits for a concurrent call's uncommitted row of the same key,
 * and the claim and the answer commit with the work or not at all, so a key is either answered with
 * what was done or free to be tried again (a failed call stores nothing). A key already answered is
 * replayed; with another call or body it is 409. Without a key the work simply runs in its transaction.
 */
export async function idempotent<T>(db: Db, who: { accountId: number; key: string | undefined; call: string; body: unknown }, work: (tx: Tx, keep: Keep<T>) => Promise<Answer<T>>): Promise<Answer<T>> {
  const { accountId, key, call } = who;
  if (key === undefined) return db.transaction((tx) => work(tx, () => undefined));
  const hash = requestHash(call, who.body);
  return db.transaction(async (tx) => {
    for (;;) {
      // An expired row of this key is taken over. The oldest other expired keys, of any account, go
      // in the same statement, so keys never pile up and their purge costs no round trip: found by
      // the created_at index (an account's live keys are never walked), a few at a time, and never
      // waited for (a key another call is purging is skipped).
      const claimed = await executePrepared(tx, sql`
        with expired as (
          delete from idempotency_keys where (account_id, key) in (
            select account_id, key from idempotency_keys
             where created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int) and not (account_id = ${accountId} and key = ${key})
             order by created_at limit ${PURGE_AT_ONCE} for update skip locked))
        insert into idempotency_keys as k (account_id, key, call, request_hash, status_code, response)
        values (${accountId}, ${key}, ${call}, ${hash}, ${CLAIMED}, 'null'::jsonb)
        on conflict (account_id, key) do update
          set call = excluded.call, request_hash = excluded.request_hash, status_code = excluded.status_code, response = excluded.response, created_at = now()
          where k.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int)
        returning 1`);
      if (claimed.length) break;
      // Answered and live. Read in a statement of its own: this one's snapshot was taken after the
      // claim waited for the first call, so it sees what that call committed.
      const { rows } = await tx.execute<{ call: string; request_hash: string; status_code: number; response: T }>(sql`
        select call, request_hash, status_code, response from idempotency_keys where account_id = ${accountId} and key = ${key}`);
      const stored = rows[0];
      // Gone between the two statements only if it expired and another call purged it: claim again.
      if (!stored) continue;
      if (stored.call !== call || stored.request_hash !== hash) throw conflict(KEY_REUSED);
      return { statusCode: stored.status_code, body: stored.response };
    }
    let kept = false;
    const answer = await work(tx, (a) => {
      kept = true;
      return storeAnswer(accountId, key, a);
    });
    if (!kept) await tx.execute(storeAnswer(accountId, key, answer));
    return answer;
  });
}

function storeAnswer(accountId: number, key: string, answer: Answer<unknown>): SQL {
  return sql`update idempotency_keys set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb where account_id = ${accountId} and key = ${key}`;
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
 * call made with the key, sent with its status code. `keep(data)` gives the statement that stores
 * the answer, for the work to send with its last write (see Keep).
 */
export async function answerOnce<T>(req: FastifyRequest, reply: FastifyReply, work: (tx: Tx, actor: Actor, keep: (data: T) => SQL | undefined) => Promise<T>): Promise<Envelope<T>> {
  const session = sessionOf(req);
  const actor = { session, ip: req.ip };
  const answer = await idempotent<Envelope<T>>(
    req.server.db,
    { accountId: session.accountId, key: idempotencyKeyOf(req.headers), call: callOf(req), body: req.body },
    async (tx, keep) => {
      let kept: Answer<Envelope<T>> | undefined;
      const data = await work(tx, actor, (d) => keep((kept = { statusCode: 200, body: ok(d) })));
      return kept ?? { statusCode: 200, body: ok(data) };
    },
  );
  reply.status(answer.statusCode);
  return answer.body;
}
