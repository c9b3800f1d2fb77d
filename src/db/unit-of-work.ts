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

/** `dialect` with its driver wrapped for units of work (see UnitOfWorkDriver). */
export function withUnitsOfWork(dialect: Dialect): Dialect {
  return {
    createDriver: () => new UnitOfWorkDriver(dialect.createDriver()),
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
  constructor(private readonly inner: Driver) {}

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
      unit.connection = await this.inner.acquireConnection();
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
    return this.inner.releaseConnection(connection);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.beginTransaction(connection, settings);
    if (unit.phase === 'starting') {
      await this.inner.beginTransaction(connection, settings);
      unit.phase = 'active';
      return;
    }
    while (unit.nested) await unit.nested.done;
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const nested = { name: `s${++unit.savepoints}`, callbacks: unit.callbacks.length, done, end };
    unit.nested = nested;
    try {
      await connection.executeQuery(CompiledQuery.raw(`savepoint ${nested.name}`));
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
        await connection.executeQuery(CompiledQuery.raw(`release savepoint ${unit.nested!.name}`));
      } finally {
        endNested(unit);
      }
      return;
    }
    await this.inner.commitTransaction(connection);
    unit.committed = true;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.rollbackTransaction(connection);
    if (unit.phase === 'active') {
      const { name, callbacks } = unit.nested!;
      try {
        await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
        await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
      } finally {
        unit.callbacks.length = Math.min(unit.callbacks.length, callbacks);
        endNested(unit);
      }
      return;
    }
    unit.callbacks = [];
    await this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
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

function endNested(unit: Unit): void {
  const nested = unit.nested;
  unit.nested = undefined;
  nested?.end();
}
