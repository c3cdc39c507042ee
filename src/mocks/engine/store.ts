/** What the engine itself reads of a stored row; the rest is the resource's own. */
export interface StoredRow {
  id: number;
  createdAt: string;
  updatedAt: string;
}

/** A demo row: id is given in order; timestamps default to the moment of the reset. */
export type SeedRow<R extends StoredRow> = Omit<R, 'id' | 'createdAt' | 'updatedAt'> & Partial<Pick<R, 'createdAt' | 'updatedAt'>>;

const tables = new Map<string, Table<StoredRow>>();

/** Another resource's rows, by resource name (as a query would join them): no module has to import another's. */
export function tableOf<R extends StoredRow>(name: string): Table<R> {
  const table = tables.get(name);
  if (!table) throw new Error(`No mock table ${name}`);
  return table as unknown as Table<R>;
}

/** Every table back to its demo rows. */
export function resetTables(): void {
  for (const table of tables.values()) table.reset();
}

/** One resource's rows in memory, refilled with its demo rows on reset. */
export class Table<R extends StoredRow> {
  rows: R[] = [];
  private nextId = 1;

  constructor(
    name: string,
    private readonly seed: () => SeedRow<R>[],
  ) {
    tables.set(name, this as unknown as Table<StoredRow>);
  }

  reset(): void {
    const now = new Date().toISOString();
    this.rows = this.seed().map((r, i) => ({ createdAt: now, updatedAt: now, ...r, id: i + 1 }) as R);
    this.nextId = this.rows.length + 1;
  }

  find(id: number): R | undefined {
    return this.rows.find((r) => r.id === id);
  }

  /** The id the next insert gets. */
  peekId(): number {
    return this.nextId;
  }

  insert(row: R): R {
    this.rows.push(row);
    this.nextId = Math.max(this.nextId, row.id + 1);
    return row;
  }

  replace(before: R, after: R): R {
    this.rows = this.rows.map((r) => (r === before ? after : r));
    return after;
  }

  remove(row: R): void {
    this.rows = this.rows.filter((r) => r !== row);
  }
}
