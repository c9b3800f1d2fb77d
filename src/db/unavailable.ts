/**
 * Which failures mean "the database cannot answer right now" (a restart, a failover, a network
 * break, a hung server, SQLite's write lock held past busy_timeout) rather than a bug or a rule
 * of the data. The errors plugin answers these 503 `service_unavailable` with Retry-After: the
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

export function isDatabaseUnavailable(error: unknown): boolean {
  // The cause chain (pg-pool wraps a connect timeout's error) and AggregateError (a host name
  // with several addresses, each refused) are searched a few levels deep.
  for (let depth = 0, current = error; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (unavailableStates.has(code) || unavailableSocketCodes.has(code)) return true;
      // better-sqlite3: SQLITE_BUSY (and SQLITE_BUSY_SNAPSHOT, …) once busy_timeout has passed.
      if (code.startsWith('SQLITE_BUSY')) return true;
    }
    if (current instanceof DatabaseUnavailableError || unavailableMessages.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = current.cause;
  }
  return false;
}
