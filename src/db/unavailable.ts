import { withDeadline } from '../shared/deadline.js';

/**
 * Which failures mean "the database cannot answer right now" (a restart, a failover, a network
 * break, a hung server; on SQLite the write lock held past busy_timeout, a full disk, the disk
 * failing a read or write) rather than a bug or a rule of the data. The errors plugin answers these 503 `service_unavailable` with Retry-After: the
 * same request will succeed once the database is back, so the client should retry it.
 */

/** PostgreSQL SQLSTATEs of a server that is going away, not yet up, out of connections or that cancelled a statement on timeout. */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: "terminating connection due to administrator command" (restart, failover)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57014', // query_canceled: statement_timeout (when the role sets one), pg_cancel_backend
  '53300', // too_many_connections
  '08000', // connection_exception and its subclasses
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Socket errors of a connection refused, reset or timed out. */
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * node-postgres reports a lost or never-made connection by message only. These cover a
 * connection ended by the server or by a timeout ("Connection terminated unexpectedly",
 * "Connection terminated due to connection timeout"), pg-pool's wait for a connection ("timeout
 * exceeded when trying to connect"), a client whose connection failed earlier ("Client has
 * encountered a connection error and is not queryable"), a pool being closed at shutdown, and a
 * connect timeout's own socket error ("timeout expired").
 */
const unavailableMessages = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|Query read timeout|timeout expired)/;

/** A statement or connection the stall guard gave up on (postgres-client.ts). */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/**
 * better-sqlite3's codes of a database that cannot take the statement now, whatever the statement:
 * SQLITE_BUSY (and SQLITE_BUSY_SNAPSHOT, …) once busy_timeout has passed, SQLITE_FULL (the disk,
 * or max_page_count, is full: writes fail, reads go on) and SQLITE_IOERR_* (the operating system
 * failed a read or write). Out of memory (SQLITE_NOMEM, SQLITE_IOERR_NOMEM) is a fault of the
 * process, not of the database: 500.
 */
function isSqliteUnavailable(code: string): boolean {
  if (code === 'SQLITE_IOERR_NOMEM') return false;
  return code.startsWith('SQLITE_BUSY') || code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR');
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // The cause chain (pg-pool wraps a connect timeout's error) and AggregateError (a host name
  // with several addresses, each refused) are searched a few levels deep.
  for (let depth = 0, current = error; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (unavailableStates.has(code) || unavailableSocketCodes.has(code)) return true;
      if (code.startsWith('SQLITE_') && isSqliteUnavailable(code)) return true;
    }
    if (current instanceof DatabaseUnavailableError || unavailableMessages.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = current.cause;
  }
  return false;
}

/** The two levels the outage log writes at; a pino logger fits. */
interface OutageLogger {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** The log lines of an outage (tests and log searches match them). */
export const OUTAGE_BEGAN = 'database unavailable: answering 503 until it answers again';
export const OUTAGE_ENDED = 'database available again';
export const OUTAGE_AT_SHUTDOWN = 'database still unavailable at shutdown';

export interface OutageLogOptions {
  /** Answers when the database does (Database.ping). */
  ping: () => Promise<void>;
  /** The outage is over once no request has been refused for this long and a ping answers. */
  quietMs?: number;
  /** A ping that has not answered within this has failed. */
  pingTimeoutMs?: number;
}

interface Outage {
  began: number;
  lastRefused: number;
  refused: number;
  /** Requests refused by reason (the driver's message), the first few reasons only. */
  reasons: Map<string, number>;
}

/** Reasons beyond this many are counted under `other`: a message that embeds a changing value stays one field. */
const MAX_REASONS = 5;

/**
 * The log of database outages: one line when the first request is refused (503) because the
 * database is unavailable, with the reason, and one when the database answers again, with how many
 * requests were refused in between and why. A busy server refuses thousands of requests a
 * second while the database is away; each still has its line in the access log (`request
 * completed`, status 503), and nothing else per request.
 *
 * The end is not a request that succeeds (a request may be answered without the database, from a
 * cache or a route that needs none) but a ping that answers once no request has been refused for
 * `quietMs`. On SQLite, whose reads go on while writes are refused (the write lock held past
 * busy_timeout, a full disk), the quiet period is what ends it: `select 1` answers either way.
 */
export class DatabaseOutageLog {
  readonly #log: OutageLogger;
  readonly #ping: () => Promise<void>;
  readonly #quietMs: number;
  readonly #pingTimeoutMs: number;
  #outage: Outage | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(log: OutageLogger, options: OutageLogOptions) {
    this.#log = log;
    this.#ping = options.ping;
    this.#quietMs = options.quietMs ?? 2_000;
    this.#pingTimeoutMs = options.pingTimeoutMs ?? 1_000;
  }

  /** True from the first refused request until the database answers again. */
  get active(): boolean {
    return this.#outage !== undefined;
  }

  /** A request answered 503 because the database is unavailable, for this reason (the error's message). */
  refused(reason: string): void {
    const now = Date.now();
    let outage = this.#outage;
    if (!outage) {
      outage = this.#outage = { began: now, lastRefused: now, refused: 0, reasons: new Map() };
      this.#log.warn({ reason }, OUTAGE_BEGAN);
      if (!this.#closed) this.#checkIn(this.#quietMs);
    }
    outage.lastRefused = now;
    outage.refused++;
    const key = outage.reasons.has(reason) || outage.reasons.size < MAX_REASONS ? reason : 'other';
    outage.reasons.set(key, (outage.reasons.get(key) ?? 0) + 1);
  }

  /** Stops checking; an outage still under way is logged with its count so far. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    if (this.#outage) this.#log.warn(this.#summary(this.#outage), OUTAGE_AT_SHUTDOWN);
    this.#outage = undefined;
  }

  #checkIn(ms: number): void {
    this.#timer = setTimeout(() => void this.#check(), ms);
    this.#timer.unref();
  }

  async #check(): Promise<void> {
    const outage = this.#outage;
    if (!outage || this.#closed) return;
    const quietFor = Date.now() - outage.lastRefused;
    if (quietFor < this.#quietMs) return this.#checkIn(this.#quietMs - quietFor);
    const refusedBefore = outage.refused;
    const answered = await withDeadline(this.#ping(), this.#pingTimeoutMs).then(
      () => true,
      () => false,
    );
    if (this.#closed || this.#outage !== outage) return;
    // A request refused while the ping ran says the database is not back for everything yet.
    if (!answered || outage.refused !== refusedBefore) return this.#checkIn(this.#quietMs);
    this.#outage = undefined;
    this.#log.info(this.#summary(outage), OUTAGE_ENDED);
  }

  #summary(outage: Outage) {
    return {
      refused: outage.refused,
      reasons: Object.fromEntries(outage.reasons),
      began_at: new Date(outage.began).toISOString(),
      last_refused_at: new Date(outage.lastRefused).toISOString(),
      duration_ms: Date.now() - outage.began,
    };
  }
}
