/** better-sqlite3's part we use: a cached prepare(). */
export interface SqliteReader {
  prepare(sql: string): SqliteStatement;
}

export interface SqliteStatement {
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): unknown;
  pluck(toggle?: boolean): { get(): unknown };
  /** Rows as arrays of column values, in the order of columns(). */
  raw(toggle?: boolean): SqliteStatement;
  columns(): { name: string }[];
}

/**
 * The reader's view of the database for the current event-loop turn: one read transaction, opened
 * by the turn's first read and ended at the end of the turn, or at once before our own writer runs
 * a statement (database.ts). In WAL mode each read transaction takes and releases a lock in the
 * shared-memory index and checks the file's size (three system calls); the reads of a turn share
 * one transaction instead of paying them each (bench/README.md, "Figures behind the code").
 *
 * What a request reads is therefore the database as it was when its turn began reading. Our writer
 * ends the snapshot before each of its statements, so a read that follows one of our writes, in
 * the same turn or later, sees it; and a writer never finds our reader holding the write-ahead log
 * (its checkpoints complete, the log restarts). A commit by another process (the CLI, another
 * server on the same file) is seen by every request whose processing starts after the turn in which
 * it landed; requests of that same turn arrived concurrently with it, so serving them from the
 * state before is linearizable.
 *
 * `PRAGMA data_version`, read in the snapshot and remembered with it, is the number that changes
 * whenever the database changed: caches of rarely changing rows compare it to know they are exact.
 */
export class ReadSnapshot {
  private open = false;
  private endScheduled = false;
  private version: number | undefined;
  private keyChangesValue: number | undefined;
  private keyChangesStatement: { get(): unknown } | undefined;
  private readonly begin: { run(): unknown };
  private readonly commit: { run(): unknown };
  private readonly versionStatement: { get(): unknown };

  constructor(
    /** The read-only connection's statements (cached prepare). */
    private readonly statements: SqliteReader,
    private readonly connection: { readonly inTransaction: boolean },
  ) {
    this.begin = statements.prepare('begin');
    this.commit = statements.prepare('commit');
    this.versionStatement = statements.prepare('pragma data_version').pluck();
  }

  /** The reader, inside this turn's read transaction. */
  reader(): SqliteReader {
    if (!this.open) {
      if (!this.connection.inTransaction) this.begin.run();
      this.open = true;
      if (!this.endScheduled) {
        this.endScheduled = true;
        setImmediate(this.endOfTurn);
      }
    }
    return this.statements;
  }

  /** The data version of this turn's snapshot. */
  dataVersion(): number {
    this.reader();
    this.version ??= this.versionStatement.get() as number;
    return this.version;
  }

  /**
   * The key-change counter of this turn's snapshot (migration key-change-counter): it moves, in
   * whichever process, whenever what authenticating a key reads changed, and only then.
   */
  keyChanges(): number {
    this.reader();
    this.keyChangesStatement ??= this.statements.prepare('select version from key_changes where id = 1').pluck();
    this.keyChangesValue ??= this.keyChangesStatement.get() as number;
    return this.keyChangesValue;
  }

  /** Ends the snapshot: the next read sees every commit made until then. */
  readonly end = (): void => {
    if (!this.open) return;
    this.open = false;
    this.version = undefined;
    this.keyChangesValue = undefined;
    if (this.connection.inTransaction) this.commit.run();
  };

  private readonly endOfTurn = (): void => {
    this.endScheduled = false;
    this.end();
  };
}
