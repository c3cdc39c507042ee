import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Db, DbOrTx, Tx } from '../db/client';
import { conflict, invalid } from '../http/errors';
import { sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';
import type { Actor } from '../auth/actor';
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
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_RE.test(raw))
    throw invalid(KEY_FORMAT, [{ field: IDEMPOTENCY_HEADER, message: KEY_FORMAT }]);
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
  return createHash('sha256')
    .update(`${call}\n${canonical(body ?? {})}`)
    .digest('hex');
}

/** A call made with a key: whose key, which call, and its body's hash. */
interface KeyedCall {
  accountId: number;
  key: string;
  call: string;
  hash: string;
}

/** A key's row as it was stored with its answer. */
interface StoredAnswer {
  call: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/** A key's row between its claim and its answer; never an HTTP status, and never committed. */
const CLAIMED = 0;
/** When a key's row stops answering (IDEMPOTENCY_TTL_HOURS). */
const expiredBefore = sql.raw(`now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`);

/** Expired keys deleted per statement of a purge: a day of a busy chain's keys goes in a few statements, none locking many rows. */
const PURGE_BATCH = 1000;

/**
 * Deletes the keys past their lifetime (a periodic job of every server process, server/app.ts), oldest
 * first by the created_at index, skipping rows another process is purging or a call is taking over.
 * No call depends on it: an expired row answers nothing and is taken over by its key's next call.
 * Not done by the calls' own statements: a plan PostgreSQL kept for those from the table's first
 * minutes scanned the whole table on every call while the table grew (bench/README.md).
 */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  for (let purged = 0; ;) {
    const { rowCount } = await db.execute(sql`delete from idempotency_keys where (account_id, key) in (
      select account_id, key from idempotency_keys where created_at <= ${expiredBefore}
       order by created_at limit ${PURGE_BATCH} for update skip locked)`);
    purged += rowCount ?? 0;
    if ((rowCount ?? 0) < PURGE_BATCH) return purged;
  }
}

/** The key's live row, read in a statement of its own (so it sees what a call that held the key committed meanwhile). */
async function storedAnswer(db: DbOrTx, k: KeyedCall): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select({
      call: idempotencyKeys.call,
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, k.accountId), eq(idempotencyKeys.key, k.key), gt(idempotencyKeys.createdAt, expiredBefore)))
    .prepare('idempotency_answer')
    .execute();
  return row;
}

/** What the first call with the key answered, for this call: the same answer, or 409 when the key was used for another call or body. */
function replay<T>(k: KeyedCall, stored: StoredAnswer): Answer<T> {
  if (stored.call !== k.call || stored.requestHash !== k.hash) throw conflict(KEY_REUSED);
  return { statusCode: stored.statusCode, body: stored.response as T };
}

/**
 * Runs `work` in one transaction, once per (account, key). The key's row is claimed first, inside
 * the work's transaction: the insert waits for a concurrent call's uncommitted row of the same key,
 * and the claim and the answer commit with the work or not at all, so a key is either answered with
 * what was done or free to be tried again (a failed call stores nothing). A key already answered is
 * replayed; with another call or body it is 409. Without a key the work simply runs in its transaction.
 */
async function idempotent<T>(db: Db, k: KeyedCall | undefined, work: (tx: Tx) => Promise<Answer<T>>): Promise<Answer<T>> {
  if (k === undefined) return db.transaction(work);
  return db.transaction(async (tx) => {
    for (;;) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({
          accountId: k.accountId,
          key: k.key,
          call: k.call,
          requestHash: k.hash,
          statusCode: CLAIMED,
          response: sql`'null'::jsonb`,
        })
        .onConflictDoUpdate({
          target: [idempotencyKeys.accountId, idempotencyKeys.key],
          set: {
            call: sql`excluded.call`,
            requestHash: sql`excluded.request_hash`,
            statusCode: sql`excluded.status_code`,
            response: sql`excluded.response`,
            createdAt: sql`now()`,
          },
          setWhere: lte(idempotencyKeys.createdAt, expiredBefore),
        })
        .returning({ accountId: idempotencyKeys.accountId })
        .prepare('idempotency_claim')
        .execute();
      if (claimed.length) break;
      const stored = await storedAnswer(tx, k);
      // Gone between the two statements only if it expired and the purge deleted it: claim again.
      if (stored) return replay<T>(k, stored);
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer.body })
      .where(and(eq(idempotencyKeys.accountId, k.accountId), eq(idempotencyKeys.key, k.key)))
      .prepare('idempotency_answered')
      .execute();
    return answer;
  });
}

/** The call's key with what it is used for; undefined when the caller sent none. */
function keyedCallOf(req: FastifyRequest, accountId: number): KeyedCall | undefined {
  const key = idempotencyKeyOf(req.headers);
  if (key === undefined) return undefined;
  const call = callOf(req);
  return { accountId, key, call, hash: requestHash(call, req.body) };
}

/** The Idempotency-Key header as the OpenAPI document shows it; the handler checks its format (idempotencyKeyOf). */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER.toLowerCase()]: z.string().optional().describe('1–64 个可见 ASCII 字符；同一操作重试时保持不变'),
});

/** "POST /api/beer/backstage/orders/12/pay": the route with its ids filled in, however the URL was spelt (a trailing slash, a query). */
function callOf(req: FastifyRequest): string {
  const params = req.params as Record<string, unknown>;
  return `${req.method} ${req.routeOptions.url!.replace(/:(\w+)/g, (_m, name: string) => String(params[name]))}`;
}

/**
 * A POST whose work runs at most once per key: the work's answer, or the stored answer of the first
 * call made with the key, sent with its status code. `prepare`, when given, runs before the work's
 * transaction and outside it (reads, checks, and anything that commits on its own, such as an order
 * number's draw); a key already answered is replayed before it runs.
 */
export async function answerOnce<T, P = undefined>(
  req: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Tx, actor: Actor, prepared: P) => Promise<T>,
  prepare?: (db: Db, actor: Actor) => Promise<P>,
): Promise<Envelope<T>> {
  const { db } = req.server;
  const session = sessionOf(req);
  const actor = { session, ip: req.ip };
  const k = keyedCallOf(req, session.accountId);
  const stored = k && prepare ? await storedAnswer(db, k) : undefined;
  let answer: Answer<Envelope<T>>;
  if (k && stored) answer = replay(k, stored);
  else {
    const prepared = prepare ? await prepare(db, actor) : (undefined as P);
    answer = await idempotent<Envelope<T>>(db, k, async (tx) => ({ statusCode: 200, body: ok(await work(tx, actor, prepared)) }));
  }
  reply.status(answer.statusCode);
  return answer.body;
}
