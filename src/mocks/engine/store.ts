/** What the engine itself reads of a stored row; the rest is the resource's own. */
export interface StoredRow {
  id: number;
  createdAt: string;
  updatedAt: string;
}

/** A row to store: the table gives its id; its timestamps default to now. */
export type NewRow<R extends StoredRow> = Omit<R, 'id' | 'createdAt' | 'updatedAt'> & Partial<Pick<R, 'createdAt' | 'updatedAt'>>;

const tables = new Map<string, Table<StoredRow>>();
const memories: { clear(): void }[] = [];

/** Another resource's rows, by resource name (as a query would join them): no module has to import another's. */
export function tableOf<R extends StoredRow>(name: string): Table<R> {
  const table = tables.get(name);
  if (!table) throw new Error(`No mock table ${name}`);
  return table as unknown as Table<R>;
}

/** What a feature keeps beside the tables (sessions, login codes, images): emptied on every reset. */
export function kept<M extends { clear(): void }>(memory: M): M {
  memories.push(memory);
  return memory;
}

/** Every table back to its demo rows, everything kept emptied. */
export function resetMemory(): void {
  for (const memory of memories) memory.clear();
  for (const table of tables.values()) table.reset();
}

/** One resource's rows in memory, refilled with its demo rows on reset. */
export class Table<R extends StoredRow> {
  rows: R[] = [];
  private nextId = 1;

  constructor(
    name: string,
    private readonly seed: () => NewRow<R>[],
  ) {
    tables.set(name, this as unknown as Table<StoredRow>);
  }

  reset(): void {
    this.rows = [];
    this.nextId = 1;
    for (const row of this.seed()) this.add(row);
  }

  find = (id: number): R | undefined => this.rows.find((r) => r.id === id);

  /** The id the next insert gets. */
  peekId = (): number => this.nextId;

  insert(row: R): R {
    this.rows.push(row);
    this.nextId = Math.max(this.nextId, row.id + 1);
    return row;
  }

  /** Stores a new row under the next id, made now unless it says when. */
  add(row: NewRow<R>): R {
    const now = new Date().toISOString();
    return this.insert({ createdAt: now, updatedAt: now, ...row, id: this.nextId } as R);
  }

  replace(before: R, after: R): R {
    this.rows = this.rows.map((r) => (r === before ? after : r));
    return after;
  }

  /** The row with `changes`, updated now. */
  update = (row: R, changes: Partial<R>): R => this.replace(row, { ...row, ...changes, updatedAt: new Date().toISOString() });

  remove(row: R): void {
    this.rows = this.rows.filter((r) => r !== row);
  }
}
