import type { Kysely } from 'kysely';
import type { DB } from './types.js';
import { inUnitOfWork } from './unit-of-work.js';

/** better-sqlite3's part we use: a cached prepare(). */
export interface SqliteReader {
  prepare(sql: string): SqliteStatement;
}

export interface SqliteStatement {
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  pluck(toggle?: boolean): { get(): unknown };
  /** Rows as arrays of column values, in the order of columns(). */
  raw(toggle?: boolean): SqliteStatement;
  columns(): { name: string }[];
}

/**
 * Tells when the database changed. SQLite's `PRAGMA data_version` on the reader changes whenever
 * any other connection (our writer, the CLI, another process) commits. Reading it is a statement
 * of its own, so it is remembered for the rest of the current event-loop turn, and forgotten at
 * once when our writer runs a statement (see database.ts). A commit by another process is seen by
 * every request whose processing starts after the turn in which it landed; requests of that same
 * turn arrived concurrently with it, so serving them from the state before is linearizable.
 */
export class ChangeTracker {
  private remembered: number | undefined;
  private readonly versionStatement: { get(): unknown };

  constructor(reader: SqliteReader) {
    this.versionStatement = reader.prepare('pragma data_version').pluck();
  }

  version(): number {
    if (this.remembered === undefined) {
      this.remembered = this.versionStatement.get() as number;
      setImmediate(this.forget);
    }
    return this.remembered;
  }

  /** Called after every statement of our own writer connection. */
  readonly forget = (): void => {
    this.remembered = undefined;
  };
}

interface ReaderEntry {
  reader: SqliteReader;
  changes: ChangeTracker;
}

const readers = new WeakMap<Kysely<DB>, ReaderEntry>();

/**
 * Registers the read-only SQLite connection of a database. In WAL mode it reads the last
 * committed state, never another request's open transaction, so single-row reads outside
 * transactions can run on it synchronously: no connection mutex, no queueing behind a write.
 */
export function registerReader(db: Kysely<DB>, reader: SqliteReader, changes: ChangeTracker): void {
  readers.set(db, { reader, changes });
}

/**
 * The reader, for a read outside transactions. Inside a transaction or a unit of work there is
 * none: the read goes through Kysely on the writer connection, which sees their writes.
 */
export function readerOf(db: Kysely<DB>): SqliteReader | undefined {
  return db.isTransaction || inUnitOfWork() ? undefined : readers.get(db)?.reader;
}

/**
 * A number that changes whenever the database changed (see ChangeTracker). Caches of rarely
 * changing rows compare it to know they are still exact. `undefined` where no such signal exists
 * (PostgreSQL, or inside a unit of work): there, read the database.
 */
export function dataVersion(db: Kysely<DB>): number | undefined {
  // Inside a unit of work the writes not yet committed do not move the version: read the database.
  return inUnitOfWork() ? undefined : readers.get(db)?.changes.version();
}
