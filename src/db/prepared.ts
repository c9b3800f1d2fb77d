import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { MaybePromise } from '../shared/maybe-promise.js';
import type { QueryResultRow } from 'pg';
import { poolOf, queryNamed, statementName } from './postgres-pool.js';
import { readerOf, type SqliteReader, type SqliteStatement } from './reader.js';
import { rowBuilder } from './row-builder.js';
import type { DB } from './types.js';

type Params = Record<string, string | number | null>;

interface Compiled {
  query: CompiledQuery;
  /** Its name as a PostgreSQL named statement. */
  name: string;
  /** For each SQL parameter: the name of the caller's parameter, or a constant of the query. */
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
 * and units of work (unit-of-work.ts) it runs on the SQLite reader (synchronously), or on
 * PostgreSQL as a named statement, parsed and planned once per connection (postgres-pool.ts).
 *
 * `build` receives a placeholder function: `p('id')` stands for the parameter `id`. Use it only
 * where a plain value goes (comparisons, inserts), not for lists or identifiers.
 *
 * On the SQLite reader, rows are fetched as arrays and built here as object literals of one shape
 * (row-builder.ts): better-sqlite3 defines each property of a row object through V8's API, which
 * costs more than the literal and leaves objects whose properties read slowly. Measured on
 * GET /courses/:id: 12.1 µs to fetch and present the course row, 7.8 µs this way.
 */
export function prepared<P extends Params, O>(build: (db: Kysely<DB>, p: <K extends keyof P & string>(name: K) => P[K]) => Compilable<O>) {
  return preparedShapes<P, P, O>({ shapeOf: () => '', valuesOf: (params) => params, build: (db, _params, p) => build(db, p) });
}

/**
 * `prepared` for a query whose SQL also depends on the shape of its input (a period or not, how
 * many ranges): built and compiled once per dialect and shape. `shapeOf` names the shape of an
 * input, `valuesOf` flattens its values to named parameters; `build` may read the input only for
 * its shape and must take every value through `p`, since the query it returns serves every input
 * of that shape. Shapes should be few: each is kept.
 */
export function preparedShapes<I, P extends Params, O>(options: {
  shapeOf: (input: I) => string;
  valuesOf: (input: I) => P;
  build: (db: Kysely<DB>, input: I, p: <K extends keyof P & string>(name: K) => P[K]) => Compilable<O>;
}) {
  const byDialect = new Map<unknown, Map<string, Compiled>>();

  function compiled(db: Kysely<DB>, input: I): Compiled {
    const dialectKey = db.getExecutor().adapter.constructor;
    let shapes = byDialect.get(dialectKey);
    if (!shapes) {
      shapes = new Map();
      byDialect.set(dialectKey, shapes);
    }
    const shape = options.shapeOf(input);
    let entry = shapes.get(shape);
    if (!entry) {
      const marker = `\u0000prepared:${Math.random()}:`;
      const query = options.build(db, input, ((name: string) => `${marker}${name}`) as never).compile();
      const slots = query.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(marker) ? { name: value.slice(marker.length) } : { value },
      );
      entry = { query, slots, name: statementName(query.sql), rawReads: new WeakMap() };
      shapes.set(shape, entry);
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

  /** Outside the SQLite reader: a named statement on the PostgreSQL pool, or through Kysely (transactions). */
  async function viaDatabase(db: Kysely<DB>, entry: Compiled, input: I): Promise<O[]> {
    const parameters = parametersOf(entry.slots, input);
    const pool = poolOf(db);
    if (pool) return queryNamed<O & QueryResultRow>(pool, { name: entry.name, text: entry.query.sql, values: parameters });
    return (await db.executeQuery<O>({ ...entry.query, parameters } as CompiledQuery<O>)).rows;
  }

  return {
    async execute(db: Kysely<DB>, input: I): Promise<O[]> {
      const entry = compiled(db, input);
      const reader = readerOf(db);
      if (reader && isRead(entry.query)) {
        const { statement, row } = rawRead(reader, entry);
        return (statement.all(...parametersOf(entry.slots, input)) as unknown[][]).map(row) as O[];
      }
      return viaDatabase(db, entry, input);
    },
    /** The first row: synchronously from the SQLite reader, else from the database, later. */
    first(db: Kysely<DB>, input: I): MaybePromise<O | undefined> {
      const entry = compiled(db, input);
      const reader = readerOf(db);
      if (reader && isRead(entry.query)) {
        const { statement, row } = rawRead(reader, entry);
        const values = statement.get(...parametersOf(entry.slots, input)) as unknown[] | undefined;
        return values === undefined ? undefined : (row(values) as O);
      }
      return viaDatabase(db, entry, input).then((rows) => rows[0]);
    },
  };
}

function isRead(query: CompiledQuery): boolean {
  return query.query.kind === 'SelectQueryNode';
}
