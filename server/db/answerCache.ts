import type pg from 'pg';

/** The kinds of answers kept, each with the tables its change counters watch (migrations 0010, 0015). */
export type ChangeTopic = 'calendar' | 'reports' | 'close';

/**
 * The version of a topic's data: the sum of its counters, every shop's or one shop's with the
 * chain-wide row 0. Each commit that changes the topic's tables raises a counter to a fresh, larger
 * value of a sequence, so the sum differs after every such commit.
 */
const VERSION_QUERY = {
  name: 'change-counter-version',
  text: `select coalesce(sum(version), 0)::text as version from change_counters where topic = $1 and ($2::int is null or shop_id in ($2, 0))`,
};

export async function changeVersion(pool: pg.Pool, topic: ChangeTopic, shopId: number | null): Promise<string> {
  const { rows } = await pool.query<{ version: string }>({ ...VERSION_QUERY, values: [topic, shopId] });
  return rows[0].version;
}

interface Kept<T> {
  version: string;
  value: T;
  bytes: number;
}

/**
 * Answers of one topic kept in this process while their data stays the same: before every use the
 * topic's version is read from PostgreSQL (one primary-key read), and a kept answer is used only if
 * it was computed at that very version; so a write by any process, committed before the request
 * came, is always seen. Answers that were never asked for twice cost nothing but the version read.
 *
 * An answer is kept only when the version read before and after computing it is the same: every
 * statement of the computation then saw exactly the data of that version (a commit in between would
 * have changed the second read). Requests for the same key and version while it is being computed
 * wait for that computation. The least recently used answers go first beyond `maxBytes`.
 */
export class AnswerCache<T> {
  private readonly kept = new Map<string, Kept<T>>();
  private readonly computing = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(
    private readonly topic: ChangeTopic,
    private readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  async answer(pool: pg.Pool, key: string, shopId: number | null, compute: () => Promise<T>): Promise<T> {
    const version = await changeVersion(pool, this.topic, shopId);
    const kept = this.kept.get(key);
    if (kept?.version === version) {
      // Most recently used last: Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.value;
    }
    const flightKey = `${version}\u0000${key}`;
    const inFlight = this.computing.get(flightKey);
    if (inFlight) return inFlight;
    const computation = this.computeAndKeep(pool, key, shopId, version, compute).finally(() => this.computing.delete(flightKey));
    this.computing.set(flightKey, computation);
    return computation;
  }

  private async computeAndKeep(pool: pg.Pool, key: string, shopId: number | null, version: string, compute: () => Promise<T>): Promise<T> {
    const value = await compute();
    if ((await changeVersion(pool, this.topic, shopId)) !== version) return value;
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return value;
    this.forget(key);
    this.kept.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
    return value;
  }

  private forget(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.bytes -= kept.bytes;
    this.kept.delete(key);
  }
}
