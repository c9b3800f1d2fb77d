import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database.js';
import { RowCache } from '../../db/row-cache.js';

/**
 * The channel on which PostgreSQL announces every change to what authentication reads: sent by
 * the triggers of migration 2026-11-27T12-00-00_key-change-notify (in the changing transaction,
 * so delivered when, and only if, it commits). The migration spells the same name.
 */
export const KEY_CHANGES_CHANNEL = 'lectern_key_changes';

const MAX_ENTRIES = 10_000;
/** How soon a process whose first LISTEN failed (PostgreSQL down at start) tries again. */
const RETRY_MS = 1_000;

/**
 * Key rows remembered by this process on PostgreSQL, exact because every change that alters what
 * authentication decides is announced (KEY_CHANGES_CHANNEL) and drops everything remembered.
 *
 * - Only while listening: from the moment the listening connection is lost until it listens again,
 *   nothing is remembered and every request reads the database, so a notification missed meanwhile
 *   never leaves a revoked key alive. Listening again drops everything too.
 * - A read that was under way when a notification (or a loss, or a new LISTEN) arrived is used for
 *   its own request but not remembered: it may have read the rows before the change committed.
 *   The generation, bumped by each of those events, tells.
 * - Only rows found are remembered, never a hash that was not: a key created in another process
 *   works here at once, and random keys sent by a client do not fill the cache.
 * - Time is not cached: expiry and the end of a rotation's grace are compared with the clock on
 *   every request (auth.ts), from the remembered row's timestamps.
 *
 * Only hashes of keys are held, never keys.
 */
export class KeyRowCache<Row extends object = object> {
  #rows = new RowCache<Row>(MAX_ENTRIES);
  #generation = 0;
  #listening = false;
  /** Notifications received (each dropped what was remembered): for tests and metrics. */
  notifications = 0;

  /** Whether rows are remembered now (the listening connection is up). */
  get listening(): boolean {
    return this.#listening;
  }

  get size(): number {
    return this.#rows.size;
  }

  /** The remembered row of `hash`, else `read()`'s, remembered if nothing changed meanwhile. */
  async lookup(hash: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    if (!this.#listening) return read();
    const remembered = this.#rows.get(hash);
    if (remembered !== undefined) return remembered;
    const generation = this.#generation;
    const row = await read();
    if (row !== undefined && this.#listening && generation === this.#generation) this.#rows.set(hash, row);
    return row;
  }

  /** A notification arrived, or the connection listens (again): drop everything, remember from now. */
  changed(): void {
    this.notifications++;
    this.#drop();
    this.#listening = true;
  }

  /** This process committed a change: drop everything; rows read from now on see it. */
  changedHere(): void {
    this.#drop();
  }

  /** The listening connection is lost: drop everything and remember nothing until it listens again. */
  lost(): void {
    this.#listening = false;
    this.#drop();
  }

  #drop(): void {
    this.#generation++;
    if (this.#rows.size > 0) this.#rows = new RowCache<Row>(MAX_ENTRIES);
  }
}

interface Watch {
  cache: KeyRowCache;
  watchers: number;
  stop: () => Promise<void>;
}

const watches = new WeakMap<object, Watch>();

/** The key row cache of `db`, while some app watches its key changes (PostgreSQL only). */
export function keyRowCacheOf<Row extends object>(db: Database): KeyRowCache<Row> | undefined {
  return watches.get(db)?.cache as KeyRowCache<Row> | undefined;
}

/**
 * Call after committing a change that alters what authentication decides, in the process that made
 * it, with the database it was made on: its own rows are dropped at once, so that this process's
 * very next request sees the change (other processes drop theirs when the trigger's notification
 * reaches them; so does this one, a moment later). No-op where nothing is remembered this way
 * (SQLite, no app watching, or a transaction: call it once the transaction committed).
 */
export function keyRowsChanged(db: object): void {
  watches.get(db)?.cache.changedHere();
}

/**
 * Starts remembering key rows of `db` (PostgreSQL: listening on KEY_CHANGES_CHANNEL over a
 * connection of its own); answers the function that stops. Several apps on one database share one
 * listener. A database without LISTEN (SQLite) answers a stop that does nothing: key-lookup.ts uses
 * its data version there. A first LISTEN that fails is tried again every second; meanwhile every
 * request reads the database.
 */
export async function watchKeyChanges(db: Database, onError: (err: unknown) => void = () => {}): Promise<() => Promise<void>> {
  const listen = db.listen;
  if (!listen) return async () => {};
  let watch = watches.get(db);
  if (!watch) {
    const cache = new KeyRowCache();
    let stopped = false;
    let unlisten: (() => Promise<void>) | undefined;
    let retry: NodeJS.Timeout | undefined;
    const start = async () => {
      try {
        const stop = await listen(KEY_CHANGES_CHANNEL, () => cache.changed(), () => cache.lost());
        if (stopped) await stop();
        else unlisten = stop;
      } catch (err) {
        onError(err);
        if (!stopped) retry = setTimeout(() => void start(), RETRY_MS).unref();
      }
    };
    const created: Watch = {
      cache,
      watchers: 0,
      stop: async () => {
        stopped = true;
        clearTimeout(retry);
        cache.lost();
        await unlisten?.();
      },
    };
    watch = created;
    watches.set(db, created);
    await start();
  }
  watch.watchers++;
  const current = watch;
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    if (--current.watchers > 0) return;
    watches.delete(db);
    await current.stop();
  };
}

/** The key cache's gauges in the app's registry (PostgreSQL): whether it remembers, how much, how often it was dropped. */
export function registerKeyCacheMetrics(registry: Registry, db: Database): void {
  if (!db.listen) return;
  new Gauge({
    name: 'lectern_key_cache_listening',
    help: 'Whether this process listens for key changes and so remembers key rows (1), or reads every key from the database (0)',
    registers: [registry],
    collect() {
      this.set(keyRowCacheOf(db)?.listening ? 1 : 0);
    },
  });
  new Gauge({
    name: 'lectern_key_cache_rows',
    help: 'Key rows this process remembers',
    registers: [registry],
    collect() {
      this.set(keyRowCacheOf(db)?.size ?? 0);
    },
  });
  new Counter({
    name: 'lectern_key_cache_notifications_total',
    help: 'Announcements of key changes received (each drops every remembered key row), listening again included',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(keyRowCacheOf(db)?.notifications ?? 0);
    },
  });
}
