import crypto from 'node:crypto';
import pg from 'pg';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes nothing a session lookup reads (sessions, accounts, shops; the tests check it
     * by the triggers' notices): answering it leaves this process's session cache as it is.
     */
    sessionNeutral?: boolean;
  }
}

/**
 * Route options of a write that leaves the session cache as it is: the checkout's, the after-sale
 * requests' and the calendar's hot calls.
 */
export const SESSION_NEUTRAL = { config: { sessionNeutral: true } };

/** Channel of the triggers in migration 0002: something a session lookup answers has changed. */
const SESSION_CHANGED = 'session_changed';
/** A backstop: even an entry no notification ever touched is looked up again after this long. */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

interface Entry<Row> {
  row: Row;
  at: number;
}

/**
 * The sessions the guard looked up lately, keyed by token hash, so a busy console does not pay a
 * database round trip per request only to learn that nothing changed.
 *
 * Kept honest three ways: PostgreSQL notifies every process of any change that matters (triggers of
 * migration 0002, whoever writes), this process forgets everything before answering any write
 * request of its own but a session-neutral one (so a caller's next request sees what it just did),
 * and a lookup that started before a change never stores its older answer (the generation check).
 * Without a working LISTEN connection the cache holds nothing and every request asks the database,
 * as before.
 */
export class SessionCache<Row> {
  private entries = new Map<string, Entry<Row>>();
  private gen = 0;
  private client: pg.Client | undefined;
  private listening = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private waiters = new Map<string, () => void>();

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly onTrouble: (message: string) => void = () => {},
  ) {}

  /** Opens the LISTEN connection; on failure the cache stays off and keeps trying in the background. */
  async start(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      this.clear();
      const waiter = n.payload ? this.waiters.get(n.payload) : undefined;
      if (waiter) {
        this.waiters.delete(n.payload!);
        waiter();
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANGED}`);
    } catch (e) {
      this.onTrouble(`会话缓存暂停（无法监听数据库通知）：${(e as Error).message}`);
      client.end().catch(() => {});
      this.schedule();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.listening = false;
    this.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** True while the LISTEN connection works, i.e. while entries are kept at all. */
  get active(): boolean {
    return this.listening;
  }

  /** The fresh entry for this token hash, if any. */
  get(tokenHash: string): Row | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (Date.now() - entry.at > MAX_AGE_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  /** Taken before a lookup and handed back to `set`, so an answer older than a change is not kept. */
  generation(): number {
    return this.gen;
  }

  set(tokenHash: string, row: Row, generation: number): void {
    if (!this.listening || generation !== this.gen) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { row, at: Date.now() });
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
  }

  /**
   * Resolves once every change committed before the call has reached this cache: notifications
   * arrive in commit order, so our own marker arriving means all earlier ones have. For tools and
   * tests that change sessions behind the server's back and then call it.
   */
  async sync(pool: pg.Pool, timeoutMs = 5_000): Promise<void> {
    if (!this.listening) return;
    const marker = `sync:${crypto.randomUUID()}`;
    const arrived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(marker);
        reject(new Error('会话缓存同步超时'));
      }, timeoutMs);
      this.waiters.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await pool.query('select pg_notify($1, $2)', [SESSION_CHANGED, marker]);
    await arrived;
  }

  private lost(client: pg.Client): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.listening = false;
    this.clear();
    client.end().catch(() => {});
    if (!this.stopped) {
      this.onTrouble('会话缓存暂停（数据库通知连接已断开），正在重连');
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.start(), RECONNECT_MS);
    this.retry.unref();
  }
}
