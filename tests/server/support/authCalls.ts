import type { Envelope } from '../../../contract/envelope';
import type { TestContext } from './testApp';

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Envelope<any>;
  headers: Record<string, unknown>;
  raw: string;
}

/** POSTs JSON (or nothing) to an auth call, optionally with a token and a client IP of its own. */
export function poster(t: TestContext) {
  return async (url: string, payload?: unknown, opts: { token?: string; ip?: string } = {}): Promise<CallResult> => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      remoteAddress: opts.ip,
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.body };
  };
}

/**
 * Runs SQL on the test's own database. A write waits until the app's session cache has heard of it,
 * as the server's next request would in production a moment later.
 */
export async function query<R extends Record<string, unknown>>(t: TestContext, text: string, params: unknown[] = []): Promise<R[]> {
  const { rows } = await t.database.pool.query<R>(text, params);
  if (!/^\s*select\b/i.test(text)) await t.app.sessionCache.sync(t.database.pool);
  return rows;
}

/** The audit actions written so far, oldest first, optionally for one account. */
export async function auditActions(t: TestContext, accountId?: number): Promise<string[]> {
  const rows = await query<{ action: string }>(
    t,
    accountId === undefined
      ? 'select action from audit_logs order by id'
      : 'select action from audit_logs where account_id = $1 order by id',
    accountId === undefined ? [] : [accountId],
  );
  return rows.map((r) => r.action);
}

/**
 * Rate limits count in fixed windows aligned to the clock: a test that fills a window waits, when the
 * current one is about to end, for the next to begin, so all its calls land in one window.
 */
export async function freshRateWindow(t: TestContext, windowSeconds = 60, neededSeconds = 5): Promise<void> {
  const [{ left }] = await query<{ left: number }>(
    t,
    `select ($1::int - mod(extract(epoch from clock_timestamp()), $1::int))::float8 as left`,
    [windowSeconds],
  );
  if (left < neededSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}
