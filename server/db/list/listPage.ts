import pg from 'pg';
import { Column, is, noopDecoder, SQL, type DriverValueDecoder } from 'drizzle-orm';

/** A value as PostgreSQL sends it (text format), or null. */
type Text = string | null;
/** pg's parser of a type's text. */
type Parse = (text: string) => unknown;
/** drizzle's mapping of a field's value as pg gives it. */
type Decode = (value: unknown) => unknown;

const B = pg.types.builtins;
/**
 * Types drizzle keeps as PostgreSQL's text for its own queries (its node-postgres session): times,
 * dates, intervals and their arrays. Its columns then read that text (an instant into ISO).
 */
const KEPT_AS_TEXT = new Set<number>([B.TIMESTAMPTZ, B.TIMESTAMP, B.DATE, B.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const identity = Column.prototype.mapFromDriverValue;
/** How pg's own queries write a bound value (an array as PostgreSQL's array text, a boolean as text). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/** An SQL's mapWith, which drizzle keeps on it (typed as internal). */
const mappingOf = (sql: SQL) => (sql as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/** What a selected field does with the driver's value: a column's own mapping or an SQL's mapWith; undefined when nothing. */
function decoderOf(field: unknown): Decode | undefined {
  const decoder = is(field, Column) ? field : is(field, SQL) ? mappingOf(field) : is(field, SQL.Aliased) ? mappingOf(field.sql) : undefined;
  if (!decoder || decoder === noopDecoder || decoder.mapFromDriverValue === identity) return undefined;
  return (value) => decoder.mapFromDriverValue(value);
}

/** pg's parser of the type, or undefined when the text is the value (text, varchar, enums) or drizzle keeps it as text. */
function parserOf(typeId: number): Parse | undefined {
  const parse = pg.types.getTypeParser(typeId, 'text') as Parse;
  return KEPT_AS_TEXT.has(typeId) || parse === TEXT_AS_IS ? undefined : parse;
}
const TEXT_AS_IS = pg.types.getTypeParser(B.TEXT, 'text');

/**
 * How a page's rows are read: each column by its position, once, through pg's parser for its type
 * and drizzle's mapping of its field — the value drizzle's own query gives, without its generic walk
 * over the fields of every row. The last column carries the page's total.
 */
export class PageReader<Row> {
  private readonly names: string[];
  private readonly decoders: (Decode | undefined)[];
  /** Made once the result's types are known (PostgreSQL's first description of it; one text never changes them). */
  private read?: { row: (values: Text[]) => Row; total: (values: Text[]) => number };

  /** `selection` is what the statement selects, in its order (drizzle keeps the object's order). */
  constructor(selection: Record<string, unknown>) {
    const fields = Object.entries(selection);
    this.names = fields.map(([name]) => name);
    this.decoders = fields.map(([, field]) => decoderOf(field));
  }

  get described(): boolean {
    return this.read !== undefined;
  }

  /**
   * The row maker of this result, from the type of each column. It is generated as one object literal
   * with one expression per column: every row then has one fixed shape and each column's parser is
   * called from a site of its own. A loop storing the columns one by one took twice as long per page
   * (7 against 3 µs for ten review-list rows, measured alone).
   */
  describe(typeIds: number[]): void {
    const parsers = typeIds.map(parserOf);
    const valueOf = (i: number) => {
      const parsed = parsers[i] ? `parse[${i}](values[${i}])` : `values[${i}]`;
      const decoded = this.decoders[i] ? `decode[${i}](${parsed})` : parsed;
      return decoded === `values[${i}]` ? decoded : `values[${i}] === null ? null : ${decoded}`;
    };
    const last = typeIds.length - 1;
    const fields = this.names.slice(0, last).map((name, i) => `${JSON.stringify(name)}: ${valueOf(i)}`);
    // Only our own column names (quoted by JSON.stringify) and positions enter the generated code.
    const make = new Function(
      'parse',
      'decode',
      `return { row: (values) => ({ ${fields.join(', ')} }), total: (values) => ${valueOf(last)} };`,
    );
    this.read = make(parsers, this.decoders);
  }

  /** A row of the page, without the total. */
  row(values: Text[]): Row {
    return this.read!.row(values);
  }

  total(values: Text[]): number {
    return this.read!.total(values);
  }
}

/** The part of pg's connection a query speaks through (pg's own Query uses the same). */
interface Connection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?(): void; uncork?(): void };
  parse(m: { text: string; name: string; types: number[] }): void;
  bind(m: { statement: string; values: unknown[] }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/**
 * One page of a prepared list statement as a pg query object (pg runs any object with `submit`, as
 * pg-cursor does): parse once per connection, bind, execute, sync — the result described only until
 * its reader knows the types, since the rows are read by position — and each row read as it arrives.
 * pg's own Query would describe every execution and prepare a row object per field description each
 * time (bench/README.md, "lists").
 */
class PageQuery<Row> {
  readonly rows: Row[] = [];
  total: number | undefined;
  callback?: (err: Error | null, result?: PageQuery<Row>) => void;
  private failure?: Error;

  constructor(
    readonly name: string,
    readonly text: string,
    private readonly values: unknown[],
    private readonly reader: PageReader<Row>,
  ) {}

  /** Sends the query; an error answered here pg reports to the query itself (handleError). */
  submit(connection: Connection): Error | null {
    const known = this.name ? (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name]) : undefined;
    if (known !== undefined && known !== this.text)
      return new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`);
    let values: unknown[];
    try {
      // Written before anything is sent, so a value pg cannot write leaves the connection as it was.
      values = this.values.map(prepareValue);
    } catch (e) {
      return e as Error;
    }
    connection.stream.cork?.();
    try {
      // pg's client records a named statement as parsed once PostgreSQL confirms it (by this query's name and text).
      if (known === undefined) {
        connection.parse({ text: this.text, name: this.name, types: [] });
        if (this.name) connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ statement: this.name, values });
      if (!this.reader.described) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: { dataTypeID: number }[] }): void {
    this.reader.describe(msg.fields.map((f) => f.dataTypeID));
  }

  handleDataRow(msg: { fields: Text[] }): void {
    if (this.failure) return;
    try {
      if (this.total === undefined) this.total = this.reader.total(msg.fields);
      this.rows.push(this.reader.row(msg.fields));
    } catch (e) {
      this.failure = e as Error;
    }
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  handleError(err: Error): void {
    this.callback?.(this.failure ?? err);
  }

  handleReadyForQuery(): void {
    if (this.failure) this.callback?.(this.failure);
    else this.callback?.(null, this);
  }
}

/**
 * Runs a page of a prepared list statement: its rows, read by position, and the total from the first
 * of them (undefined for a page past the end, which has no row to carry it).
 */
export async function runPage<Row>(
  pool: pg.Pool,
  statement: { name: string; text: string; values: unknown[] },
  reader: PageReader<Row>,
): Promise<{ rows: Row[]; total: number | undefined }> {
  // pg-pool answers a query object with a promise of what the object calls back with (itself), whatever its types say.
  const done = await pool.query(new PageQuery(statement.name, statement.text, statement.values, reader) as unknown as pg.QueryConfig);
  const page = done as unknown as PageQuery<Row>;
  return { rows: page.rows, total: page.total };
}
