import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DatabaseUnavailableError } from './unavailable.js';

export interface PostgresTimeouts {
  /** Making a connection, and waiting for a free one of a full pool (DATABASE_CONNECT_TIMEOUT_MS). */
  connectMs: number;
  /**
   * A statement unanswered this long makes the guard check that the server still answers: a new
   * connection and `select 1`, given as long. If that gets no answer, the statements waiting
   * fail at once (DATABASE_STALL_TIMEOUT_MS).
   */
  stallMs: number;
  /** No statement waits longer than this, even on a server that answers (DATABASE_QUERY_TIMEOUT_MS). */
  queryMs: number;
}

interface InFlight {
  client: pg.Client;
  since: number;
}

/**
 * Keeps a PostgreSQL outage from hanging requests or ending the process. Pools built with its
 * `Client` get clients that
 *
 * - never throw an unhandled 'error': pg emits one on a client whose connection is lost while it
 *   is checked out (a restart terminates every connection), where pg-pool listens only on idle
 *   clients. The client's statements fail with the error, and the pool drops it on release.
 * - give up on a statement the server does not answer. Silence alone cannot tell a hung server
 *   (stopped, swapping, a network path gone dark) from a slow statement: a day-rollup rebuild
 *   of a 100,000-enrollment course takes seconds. So a statement unanswered for `stallMs`
 *   makes the guard ask the server with a new connection; if that gets no answer either, the
 *   connections of the waiting statements are destroyed and the statements fail (503) after
 *   about 2 × stallMs. A slow statement on a server that answers runs on, up to `queryMs`.
 *
 * A destroyed connection leaves the pool when released; the next checkout connects anew.
 */
export class PostgresGuard {
  readonly Client: typeof pg.Client;
  private readonly inFlight = new Set<InFlight>();
  private sweeper: NodeJS.Timeout | undefined;
  private probing: Promise<boolean> | undefined;
  private probed = { at: Number.NEGATIVE_INFINITY, alive: true };
  /** Whether statements are watched at all (the CLI and migrations set no limits). */
  readonly watching: boolean;

  constructor(
    private readonly url: string,
    readonly timeouts: PostgresTimeouts,
  ) {
    this.watching = timeouts.stallMs > 0 || timeouts.queryMs > 0;
    // The client class calls back into this guard for every statement it sends.
    const watch = (client: pg.Client, result: Promise<unknown>) => {
      if (this.watching) this.watch(client, result);
    };
    this.Client = class GuardedClient extends pg.Client {
      constructor(config?: string | pg.ClientConfig) {
        const socket = new Socket();
        super(withSocket(config, socket));
        sockets.set(this, socket);
        this.on('error', () => {});
      }
      // pg's query() has a dozen overloads, whose answer depends on the arguments: this one passes it on.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      override query(...args: unknown[]): any {
        const result = (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
        // Kysely and queryNamed use the promise form; submittables (cursors) are not watched.
        if (result instanceof Promise) watch(this, result);
        return result;
      }
    };
  }

  /** Options for a pool of this guard's database. */
  poolConfig(max: number): pg.PoolConfig {
    return {
      ...this.connectionConfig(),
      max,
      Client: this.Client,
      // Connections stay open while idle (pg-pool closes them after 10 s by default): a process
      // whose traffic pauses answers its next requests on warm connections instead of opening
      // new ones, each a new PostgreSQL backend that parses the named statements again
      // (bench/README.md, "After a pause"). Idle connections do not keep a process alive (the CLI).
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
    };
  }

  /** A client in pipeline mode (postgres-pipeline.ts), not yet connected, watched as the pool's are. */
  pipelinedClient(): pg.Client {
    return new this.Client({ ...this.connectionConfig(), pipeline: true });
  }

  /** What every connection of this guard's database is opened with. */
  private connectionConfig(): pg.ClientConfig {
    return {
      connectionString: this.url,
      ...(this.timeouts.connectMs > 0 ? { connectionTimeoutMillis: this.timeouts.connectMs } : {}),
      // A peer gone without a FIN (a failover that moved the address) is noticed on idle connections too.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    };
  }

  /** Stops the sweeper (the database is being closed). */
  close(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.inFlight.clear();
  }

  /** @internal Called by the guard's clients for each statement. */
  watch(client: pg.Client, result: Promise<unknown>): void {
    const entry: InFlight = { client, since: performance.now() };
    this.inFlight.add(entry);
    const done = () => this.inFlight.delete(entry);
    result.then(done, done);
    if (!this.sweeper) {
      const every = Math.min(this.timeouts.stallMs || Infinity, this.timeouts.queryMs || Infinity) / 4;
      this.sweeper = setInterval(() => this.sweep(), Math.min(250, Math.max(25, every)));
      this.sweeper.unref();
    }
  }

  private sweep(): void {
    if (this.inFlight.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
      return;
    }
    const now = performance.now();
    const stalled: InFlight[] = [];
    for (const entry of this.inFlight) {
      const waited = now - entry.since;
      if (this.timeouts.queryMs > 0 && waited >= this.timeouts.queryMs) {
        this.abandon(entry, `The database did not answer a statement within ${this.timeouts.queryMs} ms (DATABASE_QUERY_TIMEOUT_MS)`);
      } else if (this.timeouts.stallMs > 0 && waited >= this.timeouts.stallMs) {
        stalled.push(entry);
      }
    }
    if (stalled.length === 0) return;
    void this.serverAnswers().then((alive) => {
      if (alive) return;
      for (const entry of stalled) {
        if (this.inFlight.has(entry)) this.abandon(entry, `The database did not answer for ${this.timeouts.stallMs} ms, nor a new connection`);
      }
    });
  }

  private abandon(entry: InFlight, message: string): void {
    this.inFlight.delete(entry);
    // pg-pool ends connections this way on its connect timeout: the client's statements fail with the error.
    socketOf(entry.client)?.destroy(new DatabaseUnavailableError(message));
  }

  /** One probe at a time; its answer holds for stallMs, so long statements cost a connection a second at most. */
  private serverAnswers(): Promise<boolean> {
    if (performance.now() - this.probed.at < this.timeouts.stallMs) return Promise.resolve(this.probed.alive);
    this.probing ??= probe(this.url, this.timeouts.stallMs).then((alive) => {
      this.probed = { at: performance.now(), alive };
      this.probing = undefined;
      return alive;
    });
    return this.probing;
  }
}

/** Whether the server answers a new connection's `select 1` within `ms`: an error it sends is an answer too. */
async function probe(url: string, ms: number): Promise<boolean> {
  const client = ownedClient({ connectionString: url, connectionTimeoutMillis: ms, query_timeout: ms });
  try {
    await client.connect();
    await client.query('select 1');
    void client.end().catch(() => {});
    return true;
  } catch (err) {
    socketOf(client)?.destroy();
    return err instanceof pg.DatabaseError;
  }
}

/**
 * The sockets of the clients made here. Each client gets a socket of ours through pg's `stream`
 * option, so that a connection to a server that hangs can be ended (pg's own TLS wraps it, and
 * ends with it); pg's Client exposes no socket of its own.
 */
const sockets = new WeakMap<pg.Client, Socket>();

function withSocket(config: string | pg.ClientConfig | undefined, socket: Socket): pg.ClientConfig {
  const options = typeof config === 'string' ? { connectionString: config } : (config ?? {});
  return { ...options, stream: () => socket };
}

/** A client on a socket of ours (see socketOf), with an 'error' listener so that a lost server never ends the process. */
export function ownedClient(config: pg.ClientConfig): pg.Client {
  const socket = new Socket();
  const client = new pg.Client(withSocket(config, socket));
  sockets.set(client, socket);
  client.on('error', () => {});
  return client;
}

/** The socket of a client made here (by a guard's pool or ownedClient). */
export function socketOf(client: pg.Client): Socket | undefined {
  return sockets.get(client);
}
