import type { Writable } from 'node:stream';
import type pg from 'pg';
import { socketOf } from './postgres-client.js';
import type { NamedQuery } from './postgres-pool.js';

interface Connection {
  client: pg.Client;
  /** Settles when the connection is ready for statements (or failed to become so). */
  ready: Promise<void>;
  connected: boolean;
  /** Statements sent on it and not yet answered. */
  inFlight: number;
}

/** Statements waiting on one pipelined connection beyond which reads go to the pool (see query). */
export const MAX_IN_FLIGHT = 32;

/**
 * Short reads outside transactions (a row by its key: the reads by id, the API key lookup, a
 * workspace's row count) on a few pipelined connections, where the pool would give each statement
 * a connection of its own.
 *
 * A pooled connection carries one statement at a time: ten requests reading at once take ten
 * connections, and each statement is one write of its own to PostgreSQL and one more backend woken.
 * node-postgres's pipeline mode (`pipeline: true`, node-postgres.com/features/pipelining) sends a
 * statement without waiting for the answer of the one before; each still ends with its own Sync, so
 * it is its own transaction and its error is its own. With RUNTIME_TUNING on, the statements of one
 * event-loop turn also go out together: each corks the connection's socket (ours, given to pg
 * through its `stream` option: postgres-client.ts) until the turn's end (src/runtime/turn-cork.ts,
 * as for the Redis checks), so a busy process writes one message to PostgreSQL per connection per
 * turn, however many requests that turn read, and one backend reads them all at once. Npgsql's
 * multiplexing does the same. Measured (bench/README.md, "Pipelined reads"): a quarter less of
 * Lectern's CPU per read by id, two fifths less of PostgreSQL's.
 *
 * Only statements that answer in well under a millisecond belong here: a statement waits behind
 * every statement sent before it on its connection, so one slow statement would hold up the reads
 * queued behind it (the analytics statements stay on the pool: prepared.ts). A statement goes to
 * the connection with the fewest statements in flight, the first one on a tie.
 *
 * Failures are the pool's: a lost connection fails the statements in flight on it (503 for their
 * requests, as on a pooled connection), and the next statement opens a new one. The guard
 * (postgres-client.ts) watches each statement: one the server does not answer ends its connection,
 * with every statement behind it, which would have waited as long.
 */
export class PostgresPipeline {
  readonly #connections: (Connection | undefined)[];
  #closed = false;

  /**
   * @param connect makes a client (not yet connected) whose socket `socketOf` knows, in pipeline mode.
   * @param size how many connections at most: more lets several PostgreSQL backends share the work.
   * @param holdWrites called with a connection's socket before each statement (RuntimeTunings.holdWrites).
   */
  constructor(
    private readonly connect: () => pg.Client,
    size: number,
    private readonly holdWrites: (stream: Writable) => void,
  ) {
    this.#connections = new Array<Connection | undefined>(size).fill(undefined);
  }

  /**
   * Runs one statement; resolves with its rows. When every connection already has MAX_IN_FLIGHT
   * statements waiting (PostgreSQL is falling behind), runs `otherwise` instead (the pool, whose
   * wait for a free connection is bounded by DATABASE_CONNECT_TIMEOUT_MS): an overload is answered
   * 503 as before rather than queued here without bound.
   */
  async query<R extends pg.QueryResultRow>(query: NamedQuery, otherwise: () => Promise<R[]>): Promise<R[]> {
    if (this.#closed) throw new Error('Client was closed and is not queryable');
    const connection = this.#pick();
    if (connection.inFlight >= MAX_IN_FLIGHT) return otherwise();
    connection.inFlight++;
    try {
      if (!connection.connected) await connection.ready;
      const socket = socketOf(connection.client);
      if (socket) this.holdWrites(socket);
      return (await connection.client.query<R>(query)).rows;
    } finally {
      connection.inFlight--;
    }
  }

  /** Ends the connections, once the statements sent on them are answered. */
  async close(): Promise<void> {
    this.#closed = true;
    const open = this.#connections.filter((connection) => connection !== undefined);
    this.#connections.fill(undefined);
    // A connection still being made ends once made (pg's end() would wait for an end that never comes).
    await Promise.all(open.map((connection) => connection.ready.then(() => connection.client.end()).catch(() => {})));
  }

  /** The connection with the fewest statements in flight (the first on a tie); a new one only when every open one is busy. */
  #pick(): Connection {
    let best: Connection | undefined;
    for (let i = 0; i < this.#connections.length; i++) {
      const connection = this.#connections[i];
      if (connection === undefined) return this.#open(i);
      if (connection.inFlight === 0) return connection;
      if (best === undefined || connection.inFlight < best.inFlight) best = connection;
    }
    return best!;
  }

  #open(index: number): Connection {
    const client = this.connect();
    const connection: Connection = { client, ready: Promise.resolve(), connected: false, inFlight: 0 };
    const lost = () => {
      socketOf(client)?.destroy();
      if (this.#connections[index] === connection) this.#connections[index] = undefined;
    };
    client.on('error', lost);
    client.on('end', lost);
    connection.ready = client.connect().then(
      () => {
        connection.connected = true;
      },
      (err: unknown) => {
        lost();
        throw err;
      },
    );
    // A connection that fails is reported to the statements waiting for it; nobody else waits.
    connection.ready.catch(() => {});
    this.#connections[index] = connection;
    return connection;
  }
}
