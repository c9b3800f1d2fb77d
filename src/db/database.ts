import fs from 'node:fs';
import path from 'node:path';
import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, Kysely, type KyselyConfig, Migrator, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import { ReadSnapshot, type SqliteReader } from './reader.js';
import { ownedClient, PostgresGuard, type PostgresTimeouts, socketOf } from './postgres-client.js';
import { PostgresPipeline } from './postgres-pipeline.js';
import { type NamedQuery, queryNamed, queryPool } from './postgres-pool.js';
import { rowBuilder } from './row-builder.js';
import { RowCache } from './row-cache.js';
import { inUnitOfWork, withUnitsOfWork } from './unit-of-work.js';
import type { DB } from './types.js';
import { type Dialect, dialectOf } from './dialect.js';
import { withDeadline } from '../shared/deadline.js';

export type { Dialect };

/** PostgreSQL: runs prepared queries as named statements, parsed once per connection (postgres-pool.ts). */
export interface NamedStatements {
  /** On the pipelined connections when `short` (a read of a row by its key) and there are any (postgres-pipeline.ts); on the pool otherwise. */
  run<R extends pg.QueryResultRow>(query: NamedQuery, short: boolean): Promise<R[]>;
}

/** What a database keeps beside its connections, set up by openDatabase. */
interface DatabaseParts {
  location: string;
  ping: () => Promise<void>;
  /** Closes what the Kysely instance does not own (the SQLite reader, the PostgreSQL guard and pipeline), before it is destroyed. */
  beforeDestroy?: () => void | Promise<void>;
  /** PostgreSQL: waits for `closing` a bounded time, dropping the connections the server does not let end; answers how many. */
  boundClose?: (closing: Promise<void>) => Promise<number>;
  /** SQLite: the read-only connection, read through one snapshot per event-loop turn (reader.ts). */
  readSnapshot?: ReadSnapshot;
  /** PostgreSQL: where prepared queries run as named statements. */
  namedStatements?: NamedStatements;
  listen?: (channel: string, onNotify: () => void, onLost?: () => void) => Promise<() => Promise<void>>;
}

/**
 * The database of a process: the Kysely instance every query goes through, plus what belongs to
 * this one database and nothing else (its SQLite reader, its named-statement pool, caches of rows
 * that stay exact while it is unchanged). Opened once by `openDatabase` and passed to everything
 * that queries it, in the service context. Its transactions are plain Kysely instances: the reader
 * and the named statements serve reads outside transactions and units of work only.
 */
export class Database extends Kysely<DB> {
  readonly dialect: Dialect;
  /** Where the data lives, for logs: a file path or the Postgres URL without credentials. */
  readonly location: string;
  readonly #parts: DatabaseParts;
  readonly #caches = new Map<string, RowCache<unknown>>();

  constructor(config: KyselyConfig, parts: DatabaseParts) {
    super(config);
    this.#parts = parts;
    this.dialect = dialectOf<DB>(this);
    this.location = parts.location;
  }

  ping(): Promise<void> {
    return this.#parts.ping();
  }

  /**
   * Closes every connection. On PostgreSQL a connection ends when the server answers its end; a hung
   * server (stopped, a network path gone dark) never does, so connections not ended within
   * CLOSE_ANSWER_MS are dropped (their sockets destroyed): a stop never waits on a server that does
   * not answer. Resolves with the number of connections dropped so (0: every one ended cleanly).
   */
  async close(): Promise<{ dropped: number }> {
    const closing = (async () => {
      await this.#parts.beforeDestroy?.();
      await this.destroy();
    })();
    if (this.#parts.boundClose) return { dropped: await this.#parts.boundClose(closing) };
    await closing;
    return { dropped: 0 };
  }

  /**
   * PostgreSQL only: calls `onNotify` for every NOTIFY on `channel`, over a connection of its own
   * that reconnects if lost, and once each time it listens (again), since notifications sent while it
   * was not listening are lost. `onLost` is called as soon as that connection is lost (before any
   * reconnection): from then until the next `onNotify`, notifications are missed. Answers the function
   * that stops listening.
   */
  get listen(): DatabaseParts['listen'] {
    return this.#parts.listen;
  }

  /**
   * The SQLite reader, for a read outside transactions. Inside a unit of work there is none: the
   * read goes through Kysely on the unit's connection, which sees its writes.
   */
  reader(): SqliteReader | undefined {
    return inUnitOfWork() ? undefined : this.#parts.readSnapshot?.reader();
  }

  /** Where named statements run; nowhere inside a unit of work, whose connection must run the query. */
  namedStatements(): NamedStatements | undefined {
    return inUnitOfWork() ? undefined : this.#parts.namedStatements;
  }

  /**
   * A number that changes whenever the database changed (see ReadSnapshot). Caches of rarely
   * changing rows compare it to know they are still exact. `undefined` where no such signal exists
   * (PostgreSQL, or inside a unit of work, whose writes not yet committed do not move it): there,
   * read the database.
   */
  dataVersion(): number | undefined {
    return inUnitOfWork() ? undefined : this.#parts.readSnapshot?.dataVersion();
  }

  /**
   * SQLite: a number that changes whenever what authenticating a key reads changed (keys, their
   * secrets, accounts), in any process, and only then (migration key-change-counter): the key
   * cache's check, which other commits leave alone. `undefined` where `dataVersion` is.
   */
  keyChanges(): number | undefined {
    return inUnitOfWork() ? undefined : this.#parts.readSnapshot?.keyChanges();
  }

  /** The cache called `name` of this database (created on first use), holding at most `maxEntries`. */
  cache<V>(name: string, maxEntries: number): RowCache<V> {
    let cache = this.#caches.get(name);
    if (!cache) {
      cache = new RowCache(maxEntries);
      this.#caches.set(name, cache);
    }
    return cache as RowCache<V>;
  }
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the SQLite file `lectern.db`, when no databaseUrl is given. */
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL: how many pipelined connections carry short reads (postgres-pipeline.ts); none by default (the CLI, migrations). */
  pipelineSize?: number;
  /** Called with a pipelined connection's socket before each statement: RuntimeTunings.holdWrites (none by default). */
  holdWrites?: (stream: Writable) => void;
  /**
   * PostgreSQL: how long to wait for a connection and for statements (postgres-client.ts). Each
   * is off when unset or 0: the CLI and migrations wait as long as the work takes.
   */
  timeouts?: Partial<PostgresTimeouts>;
}

export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openSqlite(path.join(options.dataDir, 'lectern.db'));
}

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('The migrations failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable in WAL mode except for the last transactions on power loss, and much faster than FULL.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma('temp_store = MEMORY');
  // The writer does not map the file: a page it touches once mapped stays in the process's RSS (up
  // to the whole file), and a long write (an import: the pages of every lookup, insert and trigger
  // of 100,000 rows) touches much of it. Its reads go through read() and its page cache (bounded by
  // cache_size). The hot reads, on the reader below, keep the map (bench/README.md, "Imports").
  sqlite.pragma('mmap_size = 0');
  // A second, read-only connection for hot single-row reads outside transactions (see reader.ts).
  // In WAL mode it reads the last committed state, never another request's open transaction.
  const reader = new BetterSqlite3(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  // Reads straight from the mapped file instead of copying pages through read(): less CPU per
  // request (bench/README.md, "Figures behind the code").
  reader.pragma('mmap_size = 268435456');
  const cachedReader = withStatementCache(reader);
  const snapshot = new ReadSnapshot(cachedReader, reader);
  const dialect = withUnitsOfWork(new ImmediateSqliteDialect({ database: withStatementCache(sqlite, (statement) => forKysely(statement, snapshot.end)) }));
  return new Database(
    { dialect },
    {
      location: file,
      readSnapshot: snapshot,
      ping: async () => {
        sqlite.prepare('select 1').get();
      },
      beforeDestroy: () => {
        snapshot.end();
        reader.close();
      },
    },
  );
}

/**
 * On close, how long PostgreSQL has to end the connections (it closes a connection as soon as it
 * reads its Terminate message) before they are dropped; the same for the LISTEN connection.
 */
export const CLOSE_ANSWER_MS = 500;

function openPostgres(url: string, { poolSize = 10, pipelineSize = 0, holdWrites = () => {}, timeouts = {} }: DatabaseOptions): Database {
  const guard = new PostgresGuard(url, { connectMs: 0, stallMs: 0, queryMs: 0, ...timeouts });
  // The sockets of the pool's and the pipeline's connections not yet closed, to drop on a close the server does not answer.
  const sockets = new Set<Socket>();
  const tracked = (client: pg.Client): pg.Client => {
    const socket = socketOf(client);
    if (socket) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    return client;
  };
  const Client = class TrackedClient extends guard.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      tracked(this);
    }
  };
  const pool = new pg.Pool({ ...guard.poolConfig(poolSize), Client });
  const pipeline = pipelineSize > 0 ? new PostgresPipeline(() => tracked(guard.pipelinedClient()), pipelineSize, holdWrites) : undefined;
  // An idle client that loses its server must not crash the process; the next query reports it.
  // (A checked-out one is covered by the guard's client.)
  pool.on('error', () => {});
  return new Database(
    { dialect: withUnitsOfWork(new PostgresDialect({ pool }), { joinStatements: true }) },
    {
      location: url.replace(/\/\/[^@/]*@/, '//'),
      namedStatements: {
        run: (query, short) => (short && pipeline ? pipeline.query(query, () => queryNamed(pool, query)) : queryNamed(pool, query)),
      },
      ping: async () => {
        await queryPool(pool, { text: 'select 1' });
      },
      // Kysely's destroy() ends the pool.
      beforeDestroy: async () => {
        await pipeline?.close();
        guard.close();
      },
      boundClose: async (closing) => {
        if (await answered(closing, CLOSE_ANSWER_MS)) {
          await closing; // a failure to close is the caller's to hear, as before
          return 0;
        }
        const dropped = sockets.size;
        for (const socket of sockets) socket.destroy();
        // Each connection ends as its socket closes, and the pool's end follows (failing or not: they were dropped).
        await answered(closing, CLOSE_ANSWER_MS);
        return dropped;
      },
      listen: (channel, onNotify, onLost) => listenPostgres(url, guard.timeouts.connectMs, channel, onNotify, onLost),
    },
  );
}

const RELISTEN_MS = 1_000;

/**
 * LISTEN on a connection of its own. A lost connection (a restart, a failover) is replaced every
 * RELISTEN_MS until the server answers again; meanwhile the runners' polling still finds every
 * job, and a pass runs as soon as the new connection listens (jobs announced while it was down).
 */
async function listenPostgres(url: string, connectMs: number, channel: string, onNotify: () => void, onLost?: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnectSoon = () => {
    client = undefined;
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(() => void connect().catch(reconnectSoon), RELISTEN_MS);
  };
  const connect = async () => {
    const next = ownedClient({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000, ...(connectMs ? { connectionTimeoutMillis: connectMs } : {}) });
    next.on('notification', onNotify);
    // A terminated backend (pg_terminate_backend, a restart) sends an error, or just closes: either
    // way the listener is gone, and `onLost` hears it before anything else runs on this connection.
    const lost = () => {
      socketOf(next)?.destroy();
      if (client !== next) return;
      if (!stopped) onLost?.();
      reconnectSoon();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      socketOf(next)?.destroy();
      if (client === next) client = undefined;
      throw err;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    onNotify();
  };
  try {
    await connect();
  } catch (err) {
    // The caller hears of a first connection that failed: no retry of ours stays behind.
    stopped = true;
    clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    // A hung server never answers the end: the connection is dropped instead.
    if (current && !(await answered(current.end(), CLOSE_ANSWER_MS))) socketOf(current)?.destroy();
  };
}

class NoAnswer extends Error {}

/** Whether `promise` settled (either way) within `ms`. */
function answered(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return withDeadline(promise, ms, { error: () => new NoAnswer() }).then(
    () => true,
    (err: unknown) => !(err instanceof NoAnswer),
  );
}

/**
 * better-sqlite3 compiles a statement on every prepare() and Kysely prepares on every query;
 * statements are reusable, so keep them. Bounded, because IN-lists make many distinct texts.
 * `wrap` adapts each statement once, when it is prepared.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, wrap?: (statement: BetterSqlite3.Statement) => BetterSqlite3.Statement) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= 500) cache.clear();
        statement = sqlite.prepare(sql);
        if (wrap) statement = wrap(statement);
        cache.set(sql, statement);
      }
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * A statement as Kysely's SQLite driver runs it (`reader`, `all`, `get`, `run`, `iterate`):
 * `beforeRun` is called before each execution (it ends the reader's snapshot, so that reads after
 * a write see it and the writer never finds the reader holding the log: reader.ts), and the rows of a query are fetched in better-sqlite3's raw
 * mode and built by rowBuilder, as prepared.ts does on the reader. better-sqlite3 defines each
 * column of each row object through V8's API, about half the cost of a page query; built from
 * arrays instead, a page costs less CPU per request (bench/README.md, "Figures behind the code").
 */
function forKysely(statement: BetterSqlite3.Statement, beforeRun: () => void): BetterSqlite3.Statement {
  const wrap =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      beforeRun();
      return run(...args);
    };
  const rows = rowReaders(statement);
  return Object.assign(Object.create(statement) as BetterSqlite3.Statement, {
    all: wrap(rows.all),
    get: wrap(rows.get),
    run: wrap(statement.run.bind(statement)),
    iterate: wrap(rows.iterate),
  });
}

type RowReaders = Pick<BetterSqlite3.Statement<unknown[], unknown>, 'all' | 'get' | 'iterate'>;

/** How a statement's rows are read: a query's from raw mode through rowBuilder, a write's as better-sqlite3 has them. */
function rowReaders(statement: BetterSqlite3.Statement): RowReaders {
  const names = statement.reader ? statement.columns().map((column) => column.name) : [];
  // A column named __proto__ cannot be built as a literal: such a query keeps better-sqlite3's objects.
  if (!statement.reader || names.includes('__proto__')) {
    return { all: statement.all.bind(statement), get: statement.get.bind(statement), iterate: statement.iterate.bind(statement) };
  }
  const build = rowBuilder(names);
  const raw = statement.raw(true) as unknown as BetterSqlite3.Statement<unknown[], unknown[]>;
  return {
    all: (...args: unknown[]) => raw.all(...args).map(build),
    get: (...args: unknown[]) => {
      const values = raw.get(...args);
      return values === undefined ? undefined : build(values);
    },
    *iterate(...args: unknown[]) {
      for (const values of raw.iterate(...args)) yield build(values);
    },
  };
}

/**
 * Transactions take the write lock when they begin: a deferred transaction that later writes
 * can fail at once with SQLITE_BUSY when another process (the CLI) holds the lock, whatever busy_timeout says.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver() {
    return new ImmediateSqliteDriver(this.config);
  }
  constructor(private readonly config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
