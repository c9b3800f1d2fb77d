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

/** The read-only SQLite connection of a database and the tracker of its changes (database.ts). */
export interface ReadSide {
  reader: SqliteReader;
  changes: ChangeTracker;
}
