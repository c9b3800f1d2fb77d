import { type Compilable, CompiledQuery, type Kysely, SelectQueryNode } from 'kysely';
import type { QueryResultRow } from 'pg';
import { Database } from './database.js';
import { type Dialect, dialectOf } from './dialect.js';
import { statementName } from './postgres-pool.js';
import type { SqliteReader, SqliteStatement } from './reader.js';
import { rowBuilder } from './row-builder.js';
import type { DB } from './types.js';

type Params = Record<string, string | number | null>;

interface Compiled {
  query: CompiledQuery;
  /** Its name as a PostgreSQL named statement. */
  name: string;
  /** Whether it may share a pipelined connection (`short`). */
  short: boolean;
  /** For each SQL parameter: the name of the caller's parameter, or a constant of the query (never a caller's value). */
  slots: ({ name: string } | { value: unknown })[];
  /**
   * Per SQLite reader connection. The statement comes from the reader's cache, where only this
   * module prepares these texts; it is held here as well, as that cache is bounded.
   */
  rawReads: WeakMap<SqliteReader, RawRead>;
}

/** The query's statement on one SQLite reader, in raw mode, and the builder of its rows. */
interface RawRead {
  statement: SqliteStatement;
  row: (values: unknown[]) => unknown;
}

/**
 * A query built once with Kysely and executed many times with new parameters. Building and
 * compiling a Kysely query costs more than running it on SQLite, so the hottest queries (the key
 * lookup on every request, reads by id) are compiled once per dialect and reused; the SQL text then
 * stays the same string, which also hits the prepared-statement cache at once. Outside transactions
 * and units of work (unit-of-work.ts) it runs on the SQLite reader (a synchronous read, answered
 * as a promise like every other), or on PostgreSQL as a named statement, parsed once per connection
 * (postgres-pool.ts), on a pipelined connection when it is a short read (postgres-pipeline.ts). Inside a transaction (`db` is one) it runs through Kysely on its connection.
 *
 * `build` receives a placeholder function: `p('id')` stands for the parameter `id`. Use it only
 * where a plain value goes (comparisons, inserts), not for lists or identifiers.
 *
 * On the SQLite reader, rows are fetched as arrays and built here as object literals of one shape
 * (row-builder.ts): better-sqlite3 defines each property of a row object through V8's API, which
 * costs more than the literal and leaves objects whose properties read slowly (bench/README.md,
 * "Figures behind the code").
 */
export function prepared<P extends Params, O>(build: (db: Kysely<DB>, p: <K extends keyof P & string>(name: K) => P[K]) => Compilable<O>) {
  return preparedShapes<P, null, P, O>({ shapeOf: () => null, valuesOf: (params) => params, build: (db, _shape, p) => build(db, p), short: true });
}

/**
 * `prepared` for a query whose SQL also depends on the shape of its input (a period or not, how
 * many ranges): built and compiled once per dialect and shape. `shapeOf` describes the shape of an
 * input as plain data (flags and counts, never a value: it is compared as JSON), `valuesOf`
 * flattens its values to named parameters, and `build` sees the shape only, so every value reaches
 * the query through `p`: the statement it returns serves every input of that shape. As a second
 * guard, a statement whose constants include one of the first caller's values is refused. Shapes
 * should be few: each is kept.
 */
export function preparedShapes<I, S, P extends Params, O>(options: {
  shapeOf: (input: I) => S;
  valuesOf: (input: I) => P;
  build: (db: Kysely<DB>, shape: S, p: <K extends keyof P & string>(name: K) => P[K]) => Compilable<O>;
  /**
   * A read that answers in well under a millisecond (a row by its key, as every `prepared` query
   * is): on PostgreSQL it may share a pipelined connection (postgres-pipeline.ts), where it waits
   * behind the statements sent before it. Long reads (analytics) run on a pooled connection. A
   * function tells it per shape.
   */
  short?: boolean | ((shape: S) => boolean);
}) {
  const byDialect = new Map<Dialect, Map<string, Compiled>>();

  function compiled(db: Kysely<DB>, input: I): Compiled {
    const dialect = dialectOf(db);
    let shapes = byDialect.get(dialect);
    if (!shapes) {
      shapes = new Map();
      byDialect.set(dialect, shapes);
    }
    const shape = options.shapeOf(input);
    // `prepared` has one shape (null): no JSON on every read by id.
    const shapeKey = shape === null ? '' : (JSON.stringify(shape) ?? '');
    let entry = shapes.get(shapeKey);
    if (!entry) {
      const marker = `\u0000prepared:${Math.random()}:`;
      const query = options.build(db, shape, ((name: string) => `${marker}${name}`) as never).compile();
      const slots = query.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(marker) ? { name: value.slice(marker.length) } : { value },
      );
      refuseCapturedValues(slots, options.valuesOf(input));
      const short = typeof options.short === 'function' ? options.short(shape) : options.short === true;
      entry = { query, slots, name: statementName(query.sql), short: short && isRead(query), rawReads: new WeakMap() };
      shapes.set(shapeKey, entry);
    }
    return entry;
  }

  function parametersOf(slots: Compiled['slots'], input: I): unknown[] {
    const values = options.valuesOf(input);
    return slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
  }

  function rawRead(reader: SqliteReader, entry: Compiled): RawRead {
    let read = entry.rawReads.get(reader);
    if (!read) {
      const statement = reader.prepare(entry.query.sql).raw(true);
      read = { statement, row: rowBuilder(statement.columns().map((column) => column.name)) };
      entry.rawReads.set(reader, read);
    }
    return read;
  }

  /** Outside the SQLite reader: a named statement on PostgreSQL, or through Kysely (transactions, units of work). */
  async function viaDatabase(db: Kysely<DB>, entry: Compiled, input: I): Promise<O[]> {
    const parameters = parametersOf(entry.slots, input);
    const statements = db instanceof Database ? db.namedStatements() : undefined;
    if (statements) {
      const query = { name: entry.name, text: entry.query.sql, values: parameters };
      return statements.run<O & QueryResultRow>(query, entry.short);
    }
    return (await db.executeQuery<O>({ ...entry.query, parameters })).rows;
  }

  /** The SQLite reader when it may answer this query: a read, outside transactions and units of work. */
  function readerFor(db: Kysely<DB>, entry: Compiled): SqliteReader | undefined {
    return db instanceof Database && isRead(entry.query) ? db.reader() : undefined;
  }

  return {
    async execute(db: Kysely<DB>, input: I): Promise<O[]> {
      const entry = compiled(db, input);
      const reader = readerFor(db, entry);
      if (reader) {
        const { statement, row } = rawRead(reader, entry);
        return (statement.all(...parametersOf(entry.slots, input)) as unknown[][]).map(row) as O[];
      }
      return viaDatabase(db, entry, input);
    },
    async first(db: Kysely<DB>, input: I): Promise<O | undefined> {
      const entry = compiled(db, input);
      const reader = readerFor(db, entry);
      if (reader) {
        const { statement, row } = rawRead(reader, entry);
        const values = statement.get(...parametersOf(entry.slots, input)) as unknown[] | undefined;
        return values === undefined ? undefined : (row(values) as O);
      }
      return (await viaDatabase(db, entry, input))[0];
    },
    /**
     * A write, answering how many rows it changed (inserted, updated or deleted). Compiled once like
     * any prepared statement, it runs through Kysely on `db` (the transaction, unit of work or
     * database given), never on the reader nor as a named statement.
     */
    async affected(db: Kysely<DB>, input: I): Promise<number> {
      const entry = compiled(db, input);
      const result = await db.executeQuery({ ...entry.query, parameters: parametersOf(entry.slots, input) });
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}

/**
 * Throws when a constant of a statement just compiled equals a value of the input it was compiled
 * for (longer than a few characters, so that a constant like 'completed' or 1 is not mistaken for
 * one): a value read around `p`, frozen into a statement every later caller shares.
 */
function refuseCapturedValues(slots: Compiled['slots'], values: Params): void {
  const callerValues = new Set(Object.values(values).filter((value) => typeof value === 'string' && value.length >= 8));
  for (const slot of slots) {
    if ('value' in slot && callerValues.has(slot.value as string)) {
      throw new Error(`A prepared statement captured a caller's value as a constant (${JSON.stringify(slot.value)}); take it through p()`);
    }
  }
}

/** A select that changes nothing: not one whose WITH inserts, updates or deletes (PostgreSQL's data-modifying WITH). */
function isRead(query: CompiledQuery): boolean {
  const node = query.query;
  return SelectQueryNode.is(node) && !(node.with?.expressions ?? []).some((cte) => cte.expression.kind !== 'SelectQueryNode');
}
