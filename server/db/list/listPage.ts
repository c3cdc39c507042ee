import pg from 'pg';
import { Column, is, noopDecoder, SQL, type DriverValueDecoder } from 'drizzle-orm';

/** A value as PostgreSQL sends it (text format), or null. */
type Text = string | null;
type Reader = (text: string) => unknown;

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

/** What a selected field does with the driver's value: a column's own mapping or an SQL's mapWith. */
function decoderOf(field: unknown): ((value: unknown) => unknown) | undefined {
  const decoder = is(field, Column) ? field : is(field, SQL) ? mappingOf(field) : is(field, SQL.Aliased) ? mappingOf(field.sql) : undefined;
  if (!decoder || decoder === noopDecoder || decoder.mapFromDriverValue === identity) return undefined;
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * How a page's rows are read: each column by its position, once, by one function made of pg's parser
 * for its type and drizzle's mapping of its field — the value drizzle's own query would give, without
 * its generic per-row walk over the fields. The last column carries the page's total.
 */
export class PageReader<Row> {
  private readonly names: string[];
  private readonly decoders: (((value: unknown) => unknown) | undefined)[];
  /** From the first description of the statement's result: the types never change for one text. */
  private readers?: Reader[];

  /** `selection` is what the statement selects, in its order (drizzle keeps the object's order). */
  constructor(selection: Record<string, unknown>) {
    const fields = Object.entries(selection);
    this.names = fields.map(([name]) => name);
    this.decoders = fields.map(([, field]) => decoderOf(field));
  }

  get described(): boolean {
    return this.readers !== undefined;
  }

  /** The readers of the columns, from the type of each as PostgreSQL describes the result. */
  describe(typeIds: number[]): void {
    this.readers = typeIds.map((oid, i) => {
      const parse: Reader | undefined = KEPT_AS_TEXT.has(oid) ? undefined : pg.types.getTypeParser(oid, 'text');
      const decode = this.decoders[i];
      if (parse && decode) return (text) => decode(parse(text));
      return parse ?? decode ?? ((text) => text);
    });
  }

  /** A row of the page, without the total. */
  row(values: Text[]): Row {
    const readers = this.readers!;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < readers.length - 1; i++) {
      const text = values[i];
      row[this.names[i]] = text === null ? null : readers[i](text);
    }
    return row as Row;
  }

  total(values: Text[]): number {
    return this.readers!.at(-1)!(values.at(-1)!) as number;
  }
}

/** The part of pg's connection a query speaks through (pg's own Query uses the same). */
interface Connection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork(): void; uncork(): void };
  parse(m: { text: string; name: string; types: number[] }): void;
  bind(m: { statement: string; values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
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

  submit(connection: Connection): null {
    connection.stream.cork();
    try {
      // pg's client records a named statement as parsed once PostgreSQL confirms it (by this query's name and text).
      if (!this.name || !(this.name in connection.parsedStatements || this.name in connection.submittedNamedStatements)) {
        connection.parse({ text: this.text, name: this.name, types: [] });
        if (this.name) connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ statement: this.name, values: this.values, valueMapper: prepareValue });
      if (!this.reader.described) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork();
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
export async function runPage<Row>(pool: pg.Pool, statement: { name: string; text: string; values: unknown[] }, reader: PageReader<Row>): Promise<{ rows: Row[]; total: number | undefined }> {
  const done = await pool.query(new PageQuery(statement.name, statement.text, statement.values, reader) as unknown as pg.QueryConfig);
  const page = done as unknown as PageQuery<Row>;
  return { rows: page.rows, total: page.total };
}
