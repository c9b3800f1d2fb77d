import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { DB } from './types.js';

/**
 * A unit of work: one connection with one transaction open for the whole of a piece of work
 * (an idempotent request: its change and its stored response commit together or not at all).
 * Inside it every query of the same database runs on that connection, whoever issues it, and
 * every `db.transaction().execute(...)` becomes a savepoint of it, so services need not know.
 *
 * The unit is found through AsyncLocalStorage. Anything started inside the unit inherits it,
 * also a timer that fires after the unit ended: once the unit is no longer active, such work
 * goes to the pool as usual. Work that must not run inside the transaction (waking job runners)
 * is handed to `afterCommit`.
 */

type Phase = 'starting' | 'active' | 'ending' | 'ended';

interface Unit {
  phase: Phase;
  /** The driver that opened the unit, and its connection (set when the unit's transaction begins). */
  driver: UnitOfWorkDriver | undefined;
  connection: DatabaseConnection | undefined;
  /** Queries and nested transactions of the unit holding its connection now. */
  leases: number;
  /** Resolved whenever leases drops to 0, for the unit's end to wait on. */
  onIdle: (() => void) | undefined;
  /** The nested transaction under way (one at a time on one connection), with its savepoint. */
  nested: { name: string; callbacks: number; done: Promise<void>; end: () => void } | undefined;
  savepoints: number;
  callbacks: (() => void)[];
  committed: boolean;
}

const units = new AsyncLocalStorage<Unit>();

/**
 * Units open now. When the last one ends the storage is disabled (a public API of Node): on Node 20
 * an AsyncLocalStorage that has run once makes every promise of the process pay for context
 * propagation (about 90 ns an await, a fifth of the CPU of a read on PostgreSQL once the process
 * had served one POST; bench/README.md). The next unit's run() enables it again. disable() exits the
 * contexts of the instance, so it is called only when no unit is open: work a finished unit started
 * then finds no unit, exactly as it finds one that has ended, and goes to the pool as usual.
 */
let openUnits = 0;

/**
 * Runs `work` in a unit of work on `db` (a database opened by openDatabase): commits when it
 * resolves, rolls back when it throws. Inside a unit already (of the same database), `work` joins it.
 */
export async function runUnitOfWork<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (units.getStore()?.phase === 'active') return work();
  const unit: Unit = {
    phase: 'starting',
    driver: undefined,
    connection: undefined,
    leases: 0,
    onIdle: undefined,
    nested: undefined,
    savepoints: 0,
    callbacks: [],
    committed: false,
  };
  openUnits++;
  let result: T;
  try {
    result = await units.run(unit, () =>
      db.transaction().execute(async () => {
        if (unit.phase !== 'active') throw new Error('runUnitOfWork: this database was not opened with a unit-of-work driver');
        try {
          return await work();
        } finally {
          await drain(unit);
        }
      }),
    );
  } finally {
    if (--openUnits === 0) units.disable();
  }
  if (unit.committed) {
    for (const callback of unit.callbacks) outsideUnitOfWork(() => runCallback(callback));
  }
  return result;
}

/** True while the current code runs inside an active unit of work (its reads must see the unit's writes). */
export function inUnitOfWork(): boolean {
  return units.getStore()?.phase === 'active';
}

/** Runs `fn` as code outside any unit of work runs (its queries go to the pool). */
export function outsideUnitOfWork<T>(fn: () => T): T {
  return units.exit(fn);
}

/**
 * Runs `callback` once the current unit of work has committed, outside it; at once when there is
 * none. It is dropped if the unit (or the nested transaction it was registered in) rolls back.
 */
export function afterCommit(callback: () => void): void {
  const unit = units.getStore();
  if (unit && (unit.phase === 'starting' || unit.phase === 'active')) unit.callbacks.push(callback);
  else runCallback(callback);
}

function runCallback(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    // The change is committed whatever the callback does; its failure must not turn into the request's.
    process.emitWarning(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * `dialect` with its driver wrapped for units of work (see UnitOfWorkDriver). `joinStatements`:
 * the database runs several statements sent as one text (PostgreSQL's simple query protocol; not
 * better-sqlite3), so the unit's transaction control goes with its neighbours (HeldStatements).
 */
export function withUnitsOfWork(dialect: Dialect, options: { joinStatements?: boolean } = {}): Dialect {
  return {
    createDriver: () => new UnitOfWorkDriver(dialect.createDriver(), options.joinStatements === true),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db: Kysely<DB>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}

/**
 * A driver that hands out the active unit's connection (and does not release it) to queries made
 * inside the unit, and turns transactions begun on it into savepoints: `savepoint sN`, then
 * `release savepoint sN`, or `rollback to savepoint sN` and release. A failed statement inside a
 * nested transaction thus undoes only that transaction, also on PostgreSQL, where it would
 * otherwise abort the whole unit. Nested transactions run one after the other, as they do on
 * SQLite's single connection (so, as there, a transaction begun on `db` inside another's callback
 * waits for it forever: use its `trx`); isolation settings of a nested transaction are the unit's.
 */
export class UnitOfWorkDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly joinStatements = false,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const unit = units.getStore();
    if (unit?.phase === 'active' && unit.driver === this) {
      unit.leases++;
      return unit.connection!;
    }
    if (unit?.phase === 'starting' && unit.driver === undefined) {
      unit.driver = this;
      const connection = await this.inner.acquireConnection();
      unit.connection = this.joinStatements ? new HeldStatements(connection) : connection;
      return unit.connection;
    }
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const unit = this.unitOf(connection);
    if (unit?.phase === 'active') {
      if (--unit.leases === 0) unit.onIdle?.();
      return;
    }
    if (unit && (unit.phase === 'starting' || unit.phase === 'ending')) unit.phase = 'ended';
    return this.inner.releaseConnection(innerOf(connection));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.beginTransaction(connection, settings);
    if (unit.phase === 'starting') {
      // Held until the unit's first statement, and sent with it when it is a savepoint.
      if (connection instanceof HeldStatements && !settings.isolationLevel && !settings.accessMode) connection.holdBegin();
      else await this.inner.beginTransaction(innerOf(connection), settings);
      unit.phase = 'active';
      return;
    }
    while (unit.nested) await unit.nested.done;
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const nested = { name: `s${++unit.savepoints}`, callbacks: unit.callbacks.length, done, end };
    unit.nested = nested;
    try {
      await send(connection, `savepoint ${nested.name}`);
    } catch (error) {
      endNested(unit);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.commitTransaction(connection);
    if (unit.phase === 'active') {
      try {
        // Nothing waits on a release: held (HeldStatements).
        if (connection instanceof HeldStatements) connection.holdRelease(unit.nested!.name);
        else await connection.executeQuery(CompiledQuery.raw(`release savepoint ${unit.nested!.name}`));
      } finally {
        endNested(unit);
      }
      return;
    }
    if (connection instanceof HeldStatements) await connection.end('commit');
    else await this.inner.commitTransaction(connection);
    unit.committed = true;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.rollbackTransaction(connection);
    if (unit.phase === 'active') {
      const { name, callbacks } = unit.nested!;
      try {
        if (connection instanceof HeldStatements) await connection.sendWithHeld(`rollback to savepoint ${name}; release savepoint ${name}`);
        else {
          await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
          await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
        }
      } finally {
        unit.callbacks.length = Math.min(unit.callbacks.length, callbacks);
        endNested(unit);
      }
      return;
    }
    unit.callbacks = [];
    if (connection instanceof HeldStatements) await connection.end('rollback');
    else await this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(innerOf(connection), name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(innerOf(connection), name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(innerOf(connection), name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  /** The unit whose connection this is, when the caller runs inside it. */
  private unitOf(connection: DatabaseConnection): Unit | undefined {
    const unit = units.getStore();
    return unit && unit.driver === this && unit.connection === connection && unit.phase !== 'ended' ? unit : undefined;
  }
}

/**
 * Ends the unit's active phase once no query of it holds the connection (one started and not
 * awaited, a branch of a Promise.all that rejected early), before its commit or rollback: from
 * then on the connection is the unit's own again, and queries from its context go to the pool.
 */
async function drain(unit: Unit): Promise<void> {
  while (unit.leases > 0) await new Promise<void>((resolve) => (unit.onIdle = resolve));
  unit.onIdle = undefined;
  unit.phase = 'ending';
}

/**
 * The unit's connection where statements join (PostgreSQL). Each statement sent is a round trip
 * to the server and a write that wakes it; the unit's transaction control mostly need not be one:
 *
 * - its `begin` is held until its first statement, and sent in one text with it when that is a
 *   savepoint (else alone, first); a unit that ran no statement sends neither begin nor commit;
 * - the `release savepoint` of a nested commit is held: it goes in one text with the next
 *   savepoint, or the unit's commit or rollback drops it (either ends every savepoint). The
 *   statements run in between run inside the savepoint not yet released, which changes nothing
 *   (a failing one aborts the unit's transaction either way).
 *
 * An idempotent create sent 9 statements (the claim; begin; savepoint; the course, its event and
 * the enabled endpoints; release; the stored answer; commit), 7 with these joined, and 6 since its
 * event and endpoints are one (record-events.ts; bench/README.md, "Round trips of a create").
 *
 * A text of several statements runs in PostgreSQL's simple query protocol, where a failing one
 * skips the rest and leaves the transaction aborted, as sending them one by one would.
 */
class HeldStatements implements DatabaseConnection {
  private beginHeld = false;
  private releases: string[] = [];

  constructor(readonly inner: DatabaseConnection) {}

  holdBegin(): void {
    this.beginHeld = true;
  }

  holdRelease(savepoint: string): void {
    this.releases.push(`release savepoint ${savepoint}`);
  }

  /** `statement` (transaction control: nobody reads its rows) with the statements held, in one text. */
  async sendWithHeld(statement: string): Promise<void> {
    const text = [...(this.beginHeld ? ['begin'] : []), ...this.releases, statement].join('; ');
    this.beginHeld = false;
    this.releases = [];
    await this.inner.executeQuery(CompiledQuery.raw(text));
  }

  /** Commits or rolls back the unit: nothing to send when its begin is still held (it ran no statement). */
  async end(statement: 'commit' | 'rollback'): Promise<void> {
    const begun = !this.beginHeld;
    this.beginHeld = false;
    this.releases = [];
    if (begun) await this.inner.executeQuery(CompiledQuery.raw(statement));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.begin();
    return this.inner.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.begin();
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }

  /** Sends the held begin before another statement (releases wait: see above). */
  private async begin(): Promise<void> {
    if (!this.beginHeld) return;
    this.beginHeld = false;
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
  }
}

/** A raw statement on a connection: with the statements held when it is a unit's HeldStatements. */
function send(connection: DatabaseConnection, statement: string): Promise<unknown> {
  return connection instanceof HeldStatements ? connection.sendWithHeld(statement) : connection.executeQuery(CompiledQuery.raw(statement));
}

/** The driver's own connection behind a unit's HeldStatements. */
function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof HeldStatements ? connection.inner : connection;
}

function endNested(unit: Unit): void {
  const nested = unit.nested;
  unit.nested = undefined;
  nested?.end();
}
